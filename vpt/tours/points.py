"""Tour points and the leaderboard, from each event's results: pure computation, no database.

result        a person's best place in an event (re-entries count once), their prize, and
              the event's field (`entries`, every entry) and buy-in.
place points  what a place earns by the rule's formula, or 0 when the place is outside
              ``top_fraction`` of the field or (``paid_only``) won no prize.
tied places   people sharing a place p (k of them) cover places p..p+k-1 and each gets the
              average of those places' points.
event points  place points + participation, rounded to 2 decimals half up; then added.
counting      an event counts with at least ``min_entries`` entries; a total is the sum of
              the ``best`` highest-scoring counting events (all when ``best`` is null).
qualified     played at least ``min_events`` counting events.
ranking       qualified first, then the others; each by total, then wins (counting events),
              then best single event (counting events), then fewer events played; still equal:
              a shared rank, numbered 1, 2, 2, 4 across both parts.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Context, Decimal
from functools import lru_cache

from .rules import FIELD, PointsRule

CENT = Decimal("0.01")
# Enough digits that rounding to the cent is never disturbed by the square root and logarithm.
_PRECISION = Context(prec=40)


@dataclass(frozen=True)
class EventFacts:
    """One event of the tour as the points need it."""

    event_id: int
    slug: str
    name: str
    date: str | None
    status: str
    entries: int
    buy_in: Decimal
    finished: bool
    multiplier: Decimal = Decimal(1)  # the tour event's multiplier, applied once per event

    @property
    def day(self) -> dt.date | None:
        """``date`` (ISO text, as the results JSON holds it) as a date, for the page to print it
        in the reader's language."""
        return dt.date.fromisoformat(self.date) if self.date else None


@dataclass(frozen=True)
class PersonResult:
    """A person's result in one event: best place (None: no place yet) and prize."""

    person_id: int
    place: int | None
    prize: Decimal = Decimal("0")


@dataclass(frozen=True)
class ScoredResult:
    """A person's points in one event, and how they came about (for the breakdown)."""

    event: EventFacts
    place: int | None
    tied: int  # how many people share this place (1: nobody else)
    prize: Decimal
    place_points: tuple[Decimal, ...]  # the points of each place covered (unrounded)
    points: Decimal  # rounded to the cent, participation included
    event_counts: bool  # the event has enough entries
    counted: bool = False  # in the person's total
    why: str = ""  # "min_entries", "best" or "" (counted)


@dataclass
class LeaderboardRow:
    person_id: int
    results: list[ScoredResult]
    points: Decimal = Decimal("0")
    events_played: int = 0
    events_counted: int = 0
    wins: int = 0
    best_event: Decimal = Decimal("0")
    qualified: bool = False
    rank: int = 0


@dataclass
class Leaderboard:
    rule: PointsRule
    events: list[EventFacts]
    rows: list[LeaderboardRow] = field(default_factory=list)

    @property
    def final(self) -> bool:
        return all(event.finished for event in self.events)


# A tour's events share their fields and buy-ins, so the same places come back again and again:
# the square root and logarithm at 40 digits are most of a cold leaderboard's cost otherwise.
@lru_cache(maxsize=65_536)
def place_points(rule: PointsRule, place: int, entries: int, buy_in: Decimal, *, paid: bool) -> Decimal:
    """The points of ``place`` in a field of ``entries`` by ``rule`` (unrounded).

    >>> from .rules import parse_rule
    >>> round(place_points(parse_rule({"multiplier": 10}), 3, 120, Decimal("100"), paid=True), 4)
    Decimal('189.8052')
    >>> place_points(parse_rule({"formula": "table", "table": [100, 70]}), 3, 120, Decimal("100"), paid=True)
    Decimal('0')
    """
    if place > math.ceil(rule.top_fraction * entries) or (rule.paid_only and not paid):
        return Decimal(0)
    if rule.formula == FIELD:
        ratio = _PRECISION.sqrt(_PRECISION.divide(Decimal(entries), Decimal(place)))
        log = _PRECISION.log10(buy_in + Decimal("0.25"))
        return _PRECISION.multiply(_PRECISION.multiply(rule.multiplier, ratio), Decimal(1) + log)
    value = rule.table[place - 1] if place <= len(rule.table) else Decimal(0)
    if rule.table_base_entries:
        value = _PRECISION.divide(_PRECISION.multiply(value, Decimal(entries)), Decimal(rule.table_base_entries))
    return value


def score_event(rule: PointsRule, event: EventFacts, results: Sequence[PersonResult]) -> list[ScoredResult]:
    """Every person's points in one event: ties share the average of the places they cover."""
    sharing: dict[int | None, int] = defaultdict(int)
    for result in results:
        sharing[result.place] += 1
    counts = event.entries >= rule.min_entries
    scored = []
    for result in results:
        covered: tuple[Decimal, ...] = ()
        total = Decimal(0)
        if result.place is not None:
            covered = tuple(
                place_points(rule, place, event.entries, event.buy_in, paid=result.prize > 0)
                for place in range(result.place, result.place + sharing[result.place])
            )
            total = _PRECISION.divide(sum(covered, Decimal(0)), Decimal(len(covered)))
        points = _PRECISION.multiply(total + rule.participation, event.multiplier).quantize(
            CENT, rounding=ROUND_HALF_UP
        )
        scored.append(
            ScoredResult(
                event=event,
                place=result.place,
                tied=sharing[result.place] if result.place is not None else 1,
                prize=result.prize,
                place_points=covered,
                points=points,
                event_counts=counts,
                why="" if counts else "min_entries",
            )
        )
    return scored


def leaderboard(
    rule: PointsRule, events: Sequence[EventFacts], results: Mapping[int, Sequence[PersonResult]]
) -> Leaderboard:
    """The tour's leaderboard: ``results`` maps each event id to its people's results."""
    by_person: dict[int, list[ScoredResult]] = defaultdict(list)
    for event in events:
        event_results = results.get(event.event_id, ())
        for person_result, scored in zip(event_results, score_event(rule, event, event_results)):
            by_person[person_result.person_id].append(scored)
    rows = [_total(rule, person_id, scored) for person_id, scored in by_person.items()]
    rows.sort(key=lambda row: _order(rule, row))
    previous: tuple[object, ...] | None = None
    for index, row in enumerate(rows, start=1):
        key = _order(rule, row)[:-1]
        if key != previous:
            row.rank, previous = index, key
        else:
            row.rank = rows[index - 2].rank
    return Leaderboard(rule, list(events), rows)


def _total(rule: PointsRule, person_id: int, scored: list[ScoredResult]) -> LeaderboardRow:
    counting = [index for index, result in enumerate(scored) if result.event_counts]
    # Highest first; equal points: the earlier event of the tour is kept (a stable sort).
    order = sorted(counting, key=lambda index: -scored[index].points)
    kept = set(order if rule.best is None else order[: rule.best])
    results = [
        replace(result, counted=index in kept, why="" if index in kept else "best") if result.event_counts else result
        for index, result in enumerate(scored)
    ]
    in_total = [result for result in results if result.counted]
    return LeaderboardRow(
        person_id=person_id,
        results=results,
        points=sum((result.points for result in in_total), Decimal(0)),
        events_played=len(scored),
        events_counted=len(in_total),
        wins=sum(1 for index in counting if scored[index].place == 1),
        best_event=max((scored[index].points for index in counting), default=Decimal(0)),
        qualified=len(counting) >= rule.min_events,
    )


def _order(rule: PointsRule, row: LeaderboardRow) -> tuple[object, ...]:
    """The ranking key, tiebreaks in the rule's order; its last element (the person) only makes it stable."""
    breaks = {"wins": -row.wins, "best_event": -row.best_event, "fewer_events": row.events_played}
    return (not row.qualified, -row.points, *(breaks[name] for name in rule.tiebreaks), row.person_id)
