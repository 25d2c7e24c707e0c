"""Reads for event pages: standings and results with a constant number of queries."""

from __future__ import annotations

from django.db.models import F, QuerySet

from .models import ChipAdjustment, Entry, Event


def event_standings(event: Event | int) -> QuerySet[Entry]:
    """Entries still in (biggest stack first), then the eliminated by finishing place: 1 query.

    Each entry comes with its player, seat and table (`entry.seat` raises when unseated: use
    `getattr(entry, "seat", None)`).
    """
    pk = event if isinstance(event, int) else event.pk
    return (
        Entry.objects.filter(event_id=pk)
        .select_related("player", "seat__table", "eliminated_in__table")
        .order_by("status", F("place").asc(nulls_first=True), "-stack", "player__name", "number")
    )


def event_results(event: Event | int) -> list[dict[str, object]]:
    """One row per player (their latest entry), best place first: 1 query."""
    rows: dict[int, dict[str, object]] = {}
    for entry in event_standings(event):
        row = rows.get(entry.player_id)
        if row is None or entry.number > row["entries"]:  # type: ignore[operator]
            rows[entry.player_id] = {
                "place": entry.place, "name": entry.player.name, "entries": entry.number,
                "stack": entry.stack, "status": entry.status,
                "eliminated_in": entry.eliminated_in, "entry": entry,
            }
    def key(row: dict[str, object]) -> tuple[int, int, str]:
        if row["status"] == Entry.Status.ACTIVE:
            return (0, -int(row["stack"]), str(row["name"]))  # type: ignore[call-overload]
        return (1, int(row["place"] or 10**9), str(row["name"]))  # type: ignore[call-overload]

    return sorted(rows.values(), key=key)


def event_adjustments(event: Event | int) -> QuerySet[ChipAdjustment]:
    pk = event if isinstance(event, int) else event.pk
    return ChipAdjustment.objects.filter(event_id=pk).select_related("entry__player", "created_by")
