"""Reads for the director's event pages: the audit log, filtered."""

from __future__ import annotations

from typing import Any

from django.db.models import CharField, Q, QuerySet
from django.db.models.functions import Cast

from vpt.rounds.models import Board, Hand
from vpt.seating.models import Seat
from vpt.tables.models import Table

from .models import AuditEntry, Entry, Event, Player


def _ids(queryset: QuerySet[Any]) -> QuerySet[Any]:
    """Primary keys as text, for `AuditEntry.object_id`."""
    return queryset.annotate(text_id=Cast("id", CharField())).values("text_id")


def audit_log(event: Event, *, table: Table | None = None, player: Player | None = None,
              actor_id: int | None = None) -> QuerySet[AuditEntry]:
    """The event's audit entries, newest first, about `table` / `player` / made by `actor_id`: 1 query.

    About a table: the table itself, its seats and its hands. About a player: their entries
    and every hand they played.
    """
    entries = AuditEntry.objects.filter(event=event).select_related("actor")
    if table is not None:
        entries = entries.filter(
            Q(object_type="tables.table", object_id=str(table.pk))
            | Q(object_type="rounds.hand", object_id__in=_ids(Hand.objects.filter(table=table)))
            | Q(object_type="seating.seat", object_id__in=_ids(Seat.objects.filter(table=table)))
        )
    if player is not None:
        played = Board.objects.filter(entry__player=player).values("hand_id")
        entries = entries.filter(
            Q(object_type="events.entry", object_id__in=_ids(Entry.objects.filter(player=player)))
            | Q(object_type="rounds.hand", object_id__in=_ids(Hand.objects.filter(id__in=played)))
            | Q(summary__icontains=player.name)  # moves and seatings name the player
        )
    if actor_id is not None:
        entries = entries.filter(actor_id=actor_id)
    return entries.order_by("-created_at", "-id")
