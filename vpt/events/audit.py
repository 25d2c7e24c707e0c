"""The audit log: every service writes one `AuditEntry` in its own transaction.

An entry keeps the facts (`summary_args`: names, numbers, codes), never a sentence: the
summary is written out when it is read, in the reader's language, from `SUMMARIES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import models

from vpt.accounts.permissions import Actor, user_of

from .models import AuditEntry, Entry
from .summaries import level_args, summary_of

__all__ = ["level_args", "summary_of", "write_audit"]


def write_audit(
    *,
    actor: Actor,
    event_id: int | None,
    action: AuditEntry.Action,
    obj: models.Model,
    args: Mapping[str, Any] | None = None,
    table_number: int | None = None,
    entry: Entry | None = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    return AuditEntry.objects.create(
        actor=user_of(actor),
        event_id=event_id,
        action=action,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk),
        table_number=table_number,
        entry=entry,
        summary_args=dict(args or {}),
        before=before,
        after=after,
    )
