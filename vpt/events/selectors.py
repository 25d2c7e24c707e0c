"""Reads for event pages: standings, results, the clock and the payouts, each in a constant number of queries."""

from __future__ import annotations

from datetime import datetime

from django.db.models import F, Max, QuerySet
from django.shortcuts import get_object_or_404

from vpt.audit.models import AuditEntry

from .models import ChipAdjustment, Entry, Event, Level


def event_or_404(slug: str) -> Event:
    """The event of a page's URL, with its current level: 1 query; Http404 when there is none."""
    return get_object_or_404(Event.objects.select_related("current_level"), slug=slug)


def event_standings(event: Event | int) -> QuerySet[Entry]:
    """Entries still in (biggest stack first), then the eliminated by finishing place: 1 query.

    Each entry comes with its player and person (`entry.player.public_name` without queries;
    seats are the seating app's: `vpt.seating.selectors`).
    """
    pk = event if isinstance(event, int) else event.pk
    return (
        Entry.objects.filter(event_id=pk)
        .select_related("player__person__merged_into")
        .order_by("status", F("place").asc(nulls_first=True), "-stack", "player__name", "number")
    )


def chips_per_point_in_force(event: Event) -> tuple[Level | None, int]:
    """The level whose chips per point a hand started now uses, and that value (1 without levels).

    A break keeps the last level's chips per point: a hand played during a break (a
    Fantasyland continuation) is worth what it was before the break. ``event`` comes with its
    current level loaded: no query, 1 during a break.
    """
    level = event.current_level
    if level is not None and level.is_break:
        level = Level.objects.filter(event=event, number__lt=level.number, is_break=False).order_by("-number").first()
    return level, (level.chips_per_point if level else 1)


def hands_recorded(event: Event | int) -> bool:
    """Whether any hand of the event was recorded (void ones included): 1 query.

    Read from the audit log (`vpt.audit`, below events): `record_hand` writes its entry
    (``rounds.hand_recorded``, a name, so no import of rounds) in the same transaction as the
    hand, and the hands themselves are the rounds app's, above this one.
    """
    pk = event if isinstance(event, int) else event.pk
    return AuditEntry.objects.filter(event_id=pk, action="rounds.hand_recorded").exists()


def table_activity(event: Event | int) -> dict[int, datetime]:
    """When each table (by number) last recorded a hand, from the audit log: 1 query."""
    pk = event if isinstance(event, int) else event.pk
    rows = (
        AuditEntry.objects.filter(event_id=pk, action="rounds.hand_recorded", table_number__isnull=False)
        .values("table_number")
        .annotate(last=Max("created_at"))
        .values_list("table_number", "last")
    )
    return {number: last for number, last in rows if number is not None}


def event_adjustments(event: Event | int) -> QuerySet[ChipAdjustment]:
    pk = event if isinstance(event, int) else event.pk
    return ChipAdjustment.objects.filter(event_id=pk).select_related("entry__player", "created_by")


# The clock and the payout structure ----------------------------------------------------------
