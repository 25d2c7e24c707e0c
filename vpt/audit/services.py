"""Writing the audit log: `record`, inside the service's own transaction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import models

from vpt.accounts.permissions import Actor, DeviceActor, PlayerActor, user_of

from .actions import check_name
from .models import AuditEntry

__all__ = ["record"]


def record(
    *,
    actor: Actor,
    action: str,
    obj: models.Model,
    event_id: int | None = None,
    entry_id: int | None = None,
    table_number: int | None = None,
    args: Mapping[str, Any] | None = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Record a state change, inside the caller's transaction; ``action`` must be registered.

    A table device has no user: its table's number is kept (``device_table``) to name it; a
    player's link neither: its id is kept (``player_link``)."""
    check_name(action)
    facts = dict(args or {})
    if isinstance(actor, DeviceActor):
        facts["device_table"] = actor.table_number
    if isinstance(actor, PlayerActor):
        facts["player_link"] = actor.link_id
    return AuditEntry.objects.create(
        actor=user_of(actor),
        event_id=event_id,
        action=action,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk),
        table_number=table_number,
        entry_id=entry_id,
        summary_args=facts,
        before=before,
        after=after,
    )
