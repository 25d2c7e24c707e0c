"""A main event at a glance (festival.md, "Flights and the main event", "Day 2"): its flights
with their entries and advancing players, the pool, the policy, the advance rule and, once Day 2
has started, its seat list. Read by the director's flights page, the flights JSON and the
public Day 2 seat list."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q

from vpt.events.flights import advance_number, advance_rule, pool_entries
from vpt.events.models import Entry, Event
from vpt.money.prizes import pool_of
from vpt.seating.models import Seat


@dataclass(frozen=True)
class FlightRow:
    slug: str
    name: str
    status: str
    status_label: str
    entries: int
    advancing: int  # still in when it ended; before that, the advance number (0: survivors)


@dataclass(frozen=True)
class Day2SeatRow:
    table: int
    seat: int
    name: str  # as public pages show it (a hidden person: "Hidden player")
    director_name: str
    entry_id: int
    person_id: int | None
    flight: str  # the slug of the flight the stack came from
    flight_name: str
    stack: int


@dataclass(frozen=True)
class MainEventOverview:
    event: Event
    policy: str
    advance: dict[str, Any]
    prize_pool: Decimal
    flights: list[FlightRow]
    day2_started: bool
    day2_seats: list[Day2SeatRow] | None  # None: no Day 2 seats drawn

    @property
    def advance_percent(self) -> str:
        """The fraction rule as a percentage ("15", "12.5"); empty for "survivors"."""
        if self.advance.get("kind") != "fraction":
            return ""
        value = Decimal(str(self.advance.get("value", 0))) * 100
        return f"{value.normalize():f}"

    @property
    def all_ended(self) -> bool:
        return bool(self.flights) and all(f.status == Event.Status.FINISHED for f in self.flights)


def _flight_rows(main: Event, rule: dict[str, Any]) -> list[FlightRow]:
    flights = (
        Event.objects.filter(main_event=main)
        .annotate(
            n_entries=Count("entries", distinct=True),
            n_in=Count("entries", filter=Q(entries__status=Entry.Status.ACTIVE), distinct=True),
        )
        .order_by("created_at", "id")
    )
    rows = []
    for flight in flights:
        if flight.status == Event.Status.FINISHED:
            advancing = flight.n_in
        else:
            advancing = advance_number(rule, flight.n_entries) or 0
        rows.append(
            FlightRow(
                slug=flight.slug,
                name=flight.name,
                status=flight.status,
                status_label=str(flight.get_status_display()),
                entries=flight.n_entries,
                advancing=advancing,
            )
        )
    return rows


def day2_seats(main: Event) -> list[Day2SeatRow]:
    """Every seated Day 2 entry of `main`, table by table, seat by seat."""
    seats = (
        Seat.objects.filter(table__event=main, entry__isnull=False)
        .select_related("table", "entry__player__person__merged_into", "entry__flight")
        .order_by("table__number", "number")
    )
    rows = []
    for seat in seats:
        entry = seat.entry
        assert entry is not None
        flight = entry.flight
        rows.append(
            Day2SeatRow(
                table=seat.table.number,
                seat=seat.number,
                name=entry.public_name,
                director_name=str(entry),
                entry_id=entry.pk,
                person_id=None if entry.player.hidden else entry.player.person_id,
                flight=flight.slug if flight is not None else "",
                flight_name=flight.name if flight is not None else "",
                stack=entry.stack,
            )
        )
    return rows


def flights_version(main: Event) -> str:
    """The main event's version and each flight's: what its flights JSON answers from changes
    whenever one of them does (a flight played, ended; Day 2 started). One query."""
    flights = Event.objects.filter(main_event=main).order_by("id").values_list("id", "version")
    return ".".join([str(main.version), *(f"{pk}:{version}" for pk, version in flights)])


def main_event_overview(main: Event) -> MainEventOverview:
    rule = advance_rule(main)
    started = Entry.objects.filter(event=main).exists()
    buy_ins = list(pool_entries(main).values_list("buy_in", flat=True))
    return MainEventOverview(
        event=main,
        policy=main.flight_policy,
        advance=rule,
        prize_pool=pool_of(main, buy_ins).total,
        flights=_flight_rows(main, rule),
        day2_started=started,
        day2_seats=day2_seats(main) if started else None,
    )


__all__ = ["Day2SeatRow", "FlightRow", "MainEventOverview", "day2_seats", "flights_version", "main_event_overview"]
