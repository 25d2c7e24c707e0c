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

from vpt.events.models import Event
from vpt.people.models import Person
from vpt.people.selectors import people_by_id, people_version, person_ids_merged_into

from .models import Tour, TourEvent
from .points import Leaderboard, LeaderboardRow, leaderboard
from .results import read_results
from .rules import parse_rule
from .words import result_formula, why_words


def tour_events(tour: Tour) -> list[Event]:
    """The tour's events, by date (undated last), then as added: 1 query."""
    return [
        membership.event
        for membership in TourEvent.objects.filter(tour=tour)
        .select_related("event")
        .order_by(F("event__starts_on").asc(nulls_last=True), "added_at", "id")
    ]


def tour_key(tour: Tour, events: list[Event]) -> str:
    """The tour's leaderboard version as a short text (1 query: the people's version)."""
    parts = [tour.pk, tour.version, tour.created_at.isoformat(), people_version()]
    parts += [f"{event.pk}.{event.version}.{event.created_at.isoformat()}" for event in events]
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
    """The tour's leaderboard with its people: 4 queries (5 without ``events``)."""
    events = tour_events(tour) if events is None else events
    facts, results = read_results(events)
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
