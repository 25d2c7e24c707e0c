"""The audit log: every service writes one `AuditEntry` in its own transaction."""

from __future__ import annotations

from typing import Any

from django.db import models

from .models import AuditEntry


def write_audit(
    *,
    actor: Any,
    event_id: int | None,
    action: str,
    obj: models.Model,
    summary: str,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    return AuditEntry.objects.create(
        actor=actor if getattr(actor, "pk", None) else None,
        event_id=event_id,
        action=action,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk),
        summary=summary[:300],
        before=before,
        after=after,
    )
