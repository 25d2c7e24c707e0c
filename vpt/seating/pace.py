"""Keep tables in step (floor.md, "Pace"): with `Event.max_hands_ahead` set, a table that has
recorded that many hands more in the current level than the open table with the fewest does not
deal its next hand until that one catches up (`why_not: "waiting_for_tables"`).

hands this level  `Table.level_hands` when `Table.level_hands_level` is the event's level in
                  force, else 0: stored by `record_hand` (`vpt.rounds.pace`), so the deal here
                  compares tables without reading hands.
playing tables    the open tables with two players or more: a lone player holds no one.
never held        a table with a Fantasyland hand pending (the FL hand is what is slow), and
                  every table while hand-for-hand is on (it keeps the room in step itself).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q

from vpt.events.models import Event
from vpt.tables.models import Table

__all__ = ["StepCounts", "hands_this_level", "held_tables", "step_counts"]


def hands_this_level(table: Table, event: Event) -> int:
    """The hands `table` has recorded in the event's level in force (no query)."""
    same = event.current_level_id is not None and table.level_hands_level_id == event.current_level_id
    return table.level_hands if same else 0


@dataclass(frozen=True)
class StepCounts:
    """Hands this level of each playing open table (table id -> hands; numbers by id)."""

    hands: dict[int, int]
    numbers: dict[int, int]

    @property
    def fewest(self) -> int:
        return min(self.hands.values(), default=0)

    def slowest(self) -> list[int]:
        """The numbers of the playing tables with the fewest hands this level."""
        fewest = self.fewest
        return sorted(self.numbers[pk] for pk, hands in self.hands.items() if hands == fewest)

    def ahead(self, table_id: int) -> int:
        return self.hands.get(table_id, 0) - self.fewest


def step_counts(event: Event) -> StepCounts:
    """Hands this level of each open table with two players or more: 1 query."""
    rows = (
        Table.objects.filter(event=event, status=Table.Status.OPEN)
        .annotate(seated=Count("seat_set", filter=Q(seat_set__entry__isnull=False)))
        .filter(seated__gte=event.ruleset.min_players)
        .only("id", "number", "level_hands", "level_hands_level_id")
    )
    tables = list(rows)
    return StepCounts(
        hands={table.pk: hands_this_level(table, event) for table in tables},
        numbers={table.pk: table.number for table in tables},
    )


def held_tables(event: Event, tables: Iterable[Table], counts: StepCounts | None = None) -> set[int]:
    """The ids of `tables` too many hands ahead to deal now (no table when the setting is off
    or hand-for-hand is on; Fantasyland is the caller's to exempt: `why_not`). 0 or 1 query."""
    limit = event.max_hands_ahead
    if not limit or event.hand_for_hand:
        return set()
    counts = counts or step_counts(event)
    return {table.pk for table in tables if table.pk in counts.hands and counts.ahead(table.pk) >= limit}
