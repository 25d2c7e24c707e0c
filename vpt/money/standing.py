"""An event's places and prizes as it stands: what the tour's provisional leaderboard reads
(tour.md: "players still in share the places not yet decided, by chips"), from the results
(`vpt.money.results`, the one source of places and prizes).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from vpt.events.payouts import share_places
from vpt.money.results import EventResults, ResultRow

__all__ = ["Standing", "as_it_stands"]


@dataclass(frozen=True, slots=True)
class Standing:
    """A row with its place and prize as the event stands (`as_it_stands`)."""

    row: ResultRow
    place: int | None
    prize: Decimal


def as_it_stands(results: EventResults) -> list[Standing]:
    """Each row (re-entered ones too) with its place and prize as the event stands now (tour.md:
    the provisional leaderboard). Placed rows keep theirs. The players still in with no place
    yet are placed by chips (most first; equal stacks share a place: 1, 2, 2, 4) and take the
    prizes of those places, shared as any shared place (`share_places`). Before a main event's
    Day 2, the entries out of their flights share the place after the players still in, as
    they will when Day 2 starts, and win nothing. A finished event is as it stands already.

    >>> from vpt.events.models import Event
    >>> from vpt.events.payouts import prize_pool
    >>> from vpt.money.prizes import EventPrizes
    >>> pool = prize_pool([Decimal(100)] * 4)
    >>> prizes = EventPrizes(pool, None, (Decimal(300), Decimal(100)), {}, {})
    >>> rows = (ResultRow(None, "A", 1, 1, 1, Decimal(0), 500, "in"),
    ...         ResultRow(None, "B", 2, 2, 1, Decimal(0), 900, "in"),
    ...         ResultRow(3, "C", 3, 3, 1, Decimal(0), 0, "out"))
    >>> [(s.row.name, s.place, s.prize) for s in as_it_stands(EventResults(Event(), prizes, rows))]
    [('A', 2, Decimal('100.00')), ('B', 1, Decimal('300.00')), ('C', 3, Decimal('0'))]
    """
    unplaced = sorted(
        (row for row in results.rows if row.place is None and row.status == "in"), key=lambda row: -row.chips
    )
    places: dict[int, int] = {}
    previous, place = None, 0
    for index, row in enumerate(unplaced, start=1):
        if row.chips != previous:
            place, previous = index, row.chips
        places[row.entry_id] = place
    prizes = share_places(list(places.items()), results.prizes.amounts)
    after = len(unplaced) + 1  # a main event's flight entries out before Day 2
    standing = []
    for row in results.rows:
        if row.place is not None or row.status == "re-entered":
            standing.append(Standing(row, row.place, row.prize))
        elif row.status == "in":
            standing.append(Standing(row, places[row.entry_id], prizes.get(row.entry_id, Decimal("0.00"))))
        else:
            standing.append(Standing(row, after, Decimal("0.00")))
    return standing
