"""Reads for the director's event pages: the audit log, filtered."""

from __future__ import annotations

from typing import Any

from django.db.models import CharField, Q, QuerySet
from django.db.models.functions import Cast

from .models import AuditEntry, Entry, Event, Player


def _ids(queryset: QuerySet[Any], field: str = "id") -> QuerySet[Any]:
    """Primary keys as text, for `AuditEntry.object_id`."""
    return queryset.annotate(text_id=Cast(field, CharField())).values("text_id")


def audit_log(
    event: Event, *, table_number: int | None = None, player: Player | None = None, actor_id: int | None = None
) -> QuerySet[AuditEntry]:
    """The event's audit entries, newest first, about a table / `player` / made by `actor_id`: 1 query.

    About a table: every entry written for that table (the table, its seats, its hands). About a
    player: entries about any of their entries, and every hand they played.
    """
    entries = AuditEntry.objects.filter(event=event).select_related("actor")
    if table_number is not None:
        entries = entries.filter(table_number=table_number)
    if player is not None:
        played = Entry.objects.filter(player=player, boards__isnull=False)
        entries = entries.filter(
            Q(entry__player=player)
            | Q(object_type="events.entry", object_id__in=_ids(Entry.objects.filter(player=player)))
            | Q(object_type="rounds.hand", object_id__in=_ids(played, "boards__hand_id"))
        )
    if actor_id is not None:
        entries = entries.filter(actor_id=actor_id)
    return entries.order_by("-created_at", "-id")
