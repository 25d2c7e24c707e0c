"""The audit entry of a change to one table: `vpt.events.audit.write_audit` with the table as
its object, its event, and its number both in the summary's facts and as the entry's table (what
the audit page filters by)."""

from __future__ import annotations

from typing import Any

from vpt.accounts.permissions import Actor
from vpt.audit.models import AuditEntry
from vpt.events.audit import write_audit

from .models import Table

__all__ = ["write_table_audit"]


def write_table_audit(
    table: Table,
    *,
    actor: Actor,
    action: str,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Record a change to ``table`` whose summary names the table alone, inside the service's
    transaction (a change with more facts to name calls `write_audit` itself)."""
    return write_audit(
        actor=actor,
        event_id=table.event_id,
        action=action,
        obj=table,
        table_number=table.number,
        args={"table": table.number},
        before=before,
        after=after,
    )
