"""A table's pace and what keeping tables in step makes it wait for (floor.md, "Pace").

pace             hands recorded per hour over the table's last 30 minutes (`PACE_MINUTES`),
                 voided hands excluded; its minutes per hand is the same window's average.
hands this level `Table.level_hands` for the level of the table's last hand, counted here at
                 each hand (`count_level_hand`, `record_hand`'s step) so the deal
                 (`vpt.seating.pace`) compares tables without reading hands.
estimated wait   a table held for being ahead waits for the slowest tables: the hands the
                 slowest needs to release it × its minutes per hand (the room's when it has
                 none), rounded up to whole minutes ("about 3 min").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Max, Min

from vpt.events.models import Event
from vpt.seating.pace import step_counts
from vpt.tables.models import Table

from .models import Hand

__all__ = ["PACE_MINUTES", "TablePace", "count_level_hand", "estimated_minutes", "step_wait", "table_paces"]

PACE_MINUTES = 30


def count_level_hand(table: Table, hand: Hand) -> None:
    """One more hand at `hand`'s level on the table, or the first of a new level, in memory: the
    caller saves `level_hands` and `level_hands_level` with the table's other fields (no query:
    `record_hand` is the room's hot path). A hand voided later still counts until the table's
    next level; pace itself reads hands and leaves voided ones out."""
    if table.level_hands_level_id == hand.level_id:
        table.level_hands += 1
    else:
        table.level_hands, table.level_hands_level_id = 1, hand.level_id


@dataclass(frozen=True)
class TablePace:
    """One table's pace: hands in the last `PACE_MINUTES` minutes, the first and last of them,
    and when its last hand was recorded at all."""

    recent_hands: int
    last_hand_at: datetime | None
    first_recent_at: datetime | None = None
    last_recent_at: datetime | None = None

    @property
    def per_hour(self) -> int:
        return round(self.recent_hands * 60 / PACE_MINUTES)

    @property
    def minutes_per_hand(self) -> float | None:
        """The average minutes between its recent hands (None: fewer than two)."""
        if self.recent_hands < 2 or self.first_recent_at is None or self.last_recent_at is None:
            return None
        return (self.last_recent_at - self.first_recent_at).total_seconds() / 60 / (self.recent_hands - 1)


def table_paces(event: Event, *, now: datetime) -> dict[int, TablePace]:
    """Each table's pace (table id -> `TablePace`; tables with no hand are left out): 2 queries."""
    since = now - timedelta(minutes=PACE_MINUTES)
    recorded = Hand.objects.filter(event=event, status=Hand.Status.RECORDED)
    recent = {
        row["table_id"]: row
        for row in recorded.filter(recorded_at__gte=since)
        .values("table_id")
        .annotate(hands=Count("id"), first=Min("recorded_at"), last=Max("recorded_at"))
    }
    paces = {}
    for row in recorded.values("table_id").annotate(last=Max("recorded_at")):
        window = recent.get(row["table_id"], {})
        paces[row["table_id"]] = TablePace(
            recent_hands=window.get("hands", 0),
            last_hand_at=row["last"],
            first_recent_at=window.get("first"),
            last_recent_at=window.get("last"),
        )
    return paces


def estimated_minutes(hands: int, minutes_per_hand: float | None) -> int | None:
    """Whole minutes for `hands` hands at `minutes_per_hand` (None: no estimate).

    >>> estimated_minutes(2, 1.25), estimated_minutes(1, None), estimated_minutes(0, 3.0)
    (3, None, None)
    """
    if minutes_per_hand is None or hands <= 0:
        return None
    return max(1, math.ceil(hands * minutes_per_hand))


def step_wait(table: Table, *, now: datetime) -> tuple[list[int], int | None]:
    """The slowest tables `table` waits for (numbers) and the estimated wait in minutes: the
    hands the slowest needs so that `table` is no longer `max_hands_ahead` ahead. 3 queries."""
    event = table.event
    counts = step_counts(event)
    limit = event.max_hands_ahead or 0
    needed = counts.hands.get(table.pk, 0) - limit - counts.fewest + 1
    slowest = [pk for pk, hands in counts.hands.items() if hands == counts.fewest and pk != table.pk]
    paces = table_paces(event, now=now)
    rates = [rate for pk in slowest if pk in paces and (rate := paces[pk].minutes_per_hand)]
    if not rates:  # the slowest have no recent pace: the room's
        rates = [rate for pace in paces.values() if (rate := pace.minutes_per_hand)]
        rates = [sum(rates) / len(rates)] if rates else []
    minutes = estimated_minutes(needed, max(rates)) if rates else None
    return sorted(counts.numbers[pk] for pk in slowest), minutes
