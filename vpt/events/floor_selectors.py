"""Reads for the director's event pages: the audit log, filtered."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import CharField, Q, QuerySet
from django.db.models.functions import Cast

from vpt.audit.models import AuditEntry

from .models import Entry, Event, Player


def _ids(queryset: QuerySet[Any]) -> QuerySet[Any]:
    """Primary keys as text, for `AuditEntry.object_id`."""
    return queryset.annotate(text_id=Cast("id", CharField())).values("text_id")


def audit_log(
    event: Event,
    *,
    table_number: int | None = None,
    player: Player | None = None,
    played: Mapping[str, Iterable[int]] | None = None,
    actor_id: int | None = None,
) -> QuerySet[AuditEntry]:
    """The event's audit entries, newest first, about a table / `player` / made by `actor_id`: 1 query.

    About a table: every entry written for that table (the table, its seats, its hands). About a
    player: entries about any of their entries, and about the objects of higher apps they took
    part in, `played`: object type → ids (the hands they played are the rounds app's: the
    caller passes them, ``{"rounds.hand": ids}``, since this app may not name them).
    """
    entries = AuditEntry.objects.filter(event_id=event.pk).select_related("actor")
    if table_number is not None:
        entries = entries.filter(table_number=table_number)
    if player is not None:
        own = Entry.objects.filter(player=player)
        about = Q(entry_id__in=own.values("id")) | Q(object_type="events.entry", object_id__in=_ids(own))
        for object_type, ids in (played or {}).items():
            about |= Q(object_type=object_type, object_id__in=[str(pk) for pk in ids])
        entries = entries.filter(about)
    if actor_id is not None:
        entries = entries.filter(actor_id=actor_id)
    return entries.order_by("-created_at", "-id")
