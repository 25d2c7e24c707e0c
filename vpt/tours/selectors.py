"""Reads of tours: their events, the leaderboard and its JSON, in a constant number of queries.

tour key   what a tour's leaderboard depends on: the tour's version, each of its events'
           versions and the people's version (merges, hiding). Cached renders and ETags are
           keyed on it, so a hand recorded at any event of the tour, a rule edited or a merge
           makes a new leaderboard, and nothing else does.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.db.models import F
from django.utils.formats import number_format

from vpt.audit.models import AuditEntry
from vpt.events.flights import is_main_event
from vpt.events.models import Event
from vpt.people.models import Person
from vpt.people.selectors import people_by_id, people_version, person_ids_merged_into

from .models import Tour, TourEvent
from .points import Leaderboard, LeaderboardRow, leaderboard
from .results import read_results
from .rules import parse_rule
from .words import result_formula, why_words

TOUR_MULTIPLIER = "tour_multiplier"


def tour_events(tour: Tour) -> list[Event]:
    """The tour's events, by date (undated last), then as added: 1 query. Each carries its
    tour multiplier (attribute ``TOUR_MULTIPLIER``) so the leaderboard needs no other query."""
    events = []
    for membership in (
        TourEvent.objects.filter(tour=tour)
        .select_related("event")
        .order_by(F("event__starts_on").asc(nulls_last=True), "added_at", "id")
    ):
        setattr(membership.event, TOUR_MULTIPLIER, membership.multiplier)
        events.append(membership.event)
    return events


def tour_changes(tour: Tour, limit: int = 20) -> list[AuditEntry]:
    """The tour's latest changes from the audit log (``tours.*``), newest first: 1 query."""
    entries = AuditEntry.objects.filter(object_type=Tour._meta.label_lower, object_id=str(tour.pk))
    return list(entries.select_related("actor").order_by("-id")[:limit])


def tour_key(tour: Tour, events: list[Event]) -> str:
    """The tour's leaderboard version as a short text: 1 query (the people's version), 2 when the
    tour holds a main event (its flights' versions: a hand in a flight moves the leaderboard)."""
    parts = [tour.pk, tour.version, tour.created_at.isoformat(), people_version()]
    parts += [f"{event.pk}.{event.version}.{event.created_at.isoformat()}" for event in events]
    mains = [event.pk for event in events if is_main_event(event)]
    if mains:
        flights = Event.objects.filter(main_event_id__in=mains).order_by("pk")
        parts += [
            f"{pk}.{version}.{created.isoformat()}"
            for pk, version, created in flights.values_list("pk", "version", "created_at")
        ]
    return hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=12).hexdigest()


@dataclass
class TourBoard:
    tour: Tour
    board: Leaderboard
    people: dict[int, Person]

    def name(self, person_id: int, *, public: bool = True) -> str:
        person = self.people[person_id]
        return person.public_name if public else person.name


def tour_leaderboard(tour: Tour, events: list[Event] | None = None) -> TourBoard:
    """The tour's leaderboard with its people: 3 queries (4 without ``events``)."""
    events = tour_events(tour) if events is None else events
    facts, results = read_results(
        events, {e.pk: getattr(e, TOUR_MULTIPLIER) for e in events if hasattr(e, TOUR_MULTIPLIER)}
    )
    board = leaderboard(parse_rule(tour.rule), facts, results)
    return TourBoard(tour, board, people_by_id(row.person_id for row in board.rows))


def _money(value: Any) -> str:
    return f"{value:.2f}"


def leaderboard_data(data: TourBoard) -> dict[str, Any]:
    """`GET /api/tours/<slug>/leaderboard` (public: hidden people are "Hidden player")."""
    board = data.board
    rule = board.rule
    return {
        "tour": data.tour.slug,
        "rule": rule.as_json(),
        "final": board.final,
        "events": [
            {
                "slug": event.slug,
                "name": event.name,
                "date": event.date,
                "status": event.status,
                "entries": event.entries,
                "buy_in": _money(event.buy_in),
                "counts": event.entries >= rule.min_entries,
                "multiplier": format(event.multiplier.normalize(), "f"),
            }
            for event in board.events
        ],
        "rows": [
            {
                "rank": row.rank,
                "person_id": row.person_id,
                "name": data.name(row.person_id),
                "points": _money(row.points),
                "events_played": row.events_played,
                "events_counted": row.events_counted,
                "wins": row.wins,
                "qualified": row.qualified,
                "results": [
                    {
                        "event": result.event.slug,
                        "place": result.place,
                        "entries": result.event.entries,
                        "points": _money(result.points),
                        "counted": result.counted,
                    }
                    for result in row.results
                ],
            }
            for row in board.rows
        ],
    }


@dataclass(frozen=True)
class BreakdownLine:
    event_slug: str
    event_name: str
    place: int | None
    tied: int
    entries: int
    buy_in: str
    formula: str
    points: str
    counted: bool
    why: str


def breakdown(data: TourBoard, row: LeaderboardRow) -> list[BreakdownLine]:
    """Each event of a row, with the formula filled in and whether it counted (and why not)."""
    rule = data.board.rule
    return [
        BreakdownLine(
            result.event.slug,
            result.event.name,
            result.place,
            result.tied,
            result.event.entries,
            number_format(result.event.buy_in, 2, force_grouping=True),
            result_formula(rule, result),
            number_format(result.points, 2, force_grouping=True),
            result.counted,
            why_words(result, rule),
        )
        for result in row.results
    ]


# The public page shows the leaderboard this many rows at a time, each with its breakdown (some
# 250 bytes an event): 25 rows at 20 events is about 130 KB. The CSV and the JSON stay whole.
LEADERBOARD_ROWS = 25


@dataclass(frozen=True)
class LeaderboardPage:
    """One page of the leaderboard's rows (``number`` of ``pages``, 1-based), as the page shows them."""

    rows: list[dict[str, Any]]  # "row", "name", "hidden", "lines" (the breakdown; [] without)
    number: int
    pages: int
    first: int  # the position of the first row shown (1-based), and of the last
    last: int
    total: int  # rows in the whole leaderboard

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None


def page_number(text: str) -> int:
    """A ``?page=``: a whole number from 1; anything else is the first page.

    >>> page_number("3"), page_number(""), page_number("0"), page_number("x"), page_number("9" * 50)
    (3, 1, 1, 1, 1)
    """
    return int(text) if text.isascii() and text.isdigit() and 0 < len(text) <= 6 and int(text) > 0 else 1


def leaderboard_page(data: TourBoard, number: int, *, breakdowns: bool = True) -> LeaderboardPage:
    """The rows of page ``number`` (past the last: the last), each with its breakdown when
    ``breakdowns``: only the rows shown are explained, so a page costs the same whatever the
    tour holds."""
    rows = data.board.rows
    pages = max(1, -(-len(rows) // LEADERBOARD_ROWS))
    number = min(max(number, 1), pages)
    start = (number - 1) * LEADERBOARD_ROWS
    shown = rows[start : start + LEADERBOARD_ROWS]
    return LeaderboardPage(
        [
            {
                "row": row,
                "name": data.name(row.person_id),
                "hidden": data.people[row.person_id].hidden,
                "lines": breakdown(data, row) if breakdowns else [],
            }
            for row in shown
        ],
        number=number,
        pages=pages,
        first=start + 1 if shown else 0,
        last=start + len(shown),
        total=len(rows),
    )


def career_key(person: Person) -> str:
    """What a person's career depends on: their events' versions, the tours of those events, and
    the people's version (merges, hiding): 3 queries."""
    events = list(
        Event.objects.filter(players__person__in=[person.pk, *person_ids_merged_into(person)])
        .values_list("pk", "version", "created_at")
        .distinct()
        .order_by("pk")
    )
    tours = list(
        TourEvent.objects.filter(event_id__in=[pk for pk, _version, _created in events])
        .values_list("tour_id", "tour__version")
        .distinct()
        .order_by("tour_id")
    )
    parts = [person.pk, person.created_at.isoformat(), people_version(), events, tours]
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
