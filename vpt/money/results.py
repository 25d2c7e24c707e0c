"""The results of an event: every entry with its place, name, prize and chips, one source for
the payouts page, the results sheet, the CSV and XLSX exports, `export_results`, the public
JSON (`GET /api/events/<slug>/results`) and the tour's leaderboard, so they always agree.

row          one entry: its place (`vpt.events.places`), its player's name (a hidden person is
             "Hidden player" where ``public``), its person (followed through merges), its prize
             (`vpt.money.prizes`: the payout of its place, or its share of a deal) and chips.
re-entered   an entry whose player then entered again: no place, marked so.
order        placed entries by place (then name), then the players still in (no place yet:
             the event runs) by chips, then the re-entered.
as it stands the places of an event still running: `vpt.money.standing`.
table        the exported columns (`RESULT_COLUMNS`), the same in CSV, XLSX and the command.

Read from plain values, not model instances (`events_results`): a tour reads every entry of
every event it holds, thousands of them, in the same 2 queries as one event's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from typing import Any

from django.db.models import Prefetch, Q, prefetch_related_objects

from vpt.events.flights import is_main_event
from vpt.events.models import Deal, DealShare, Entry, Event, PayoutStructure
from vpt.events.ticket_models import Ticket
from vpt.money.prizes import EventPrizes, flight_prizes, pool_of, prizes_from
from vpt.people.models import HIDDEN_NAME
from vpt.people.names import name_key

__all__ = [
    "RESULT_COLUMNS",
    "EventResults",
    "ResultRow",
    "event_results_table",
    "events_results",
    "main_event_results",
    "results_json",
    "table_rows",
]

RESULT_COLUMNS = ("place", "name", "entry", "prize", "chips", "status", "eliminated in hand")


@dataclass(frozen=True, slots=True)
class ResultRow:
    place: int | None
    name: str
    entry_id: int
    person_id: int | None
    number: int
    prize: Decimal
    chips: int
    status: str  # "in", "out", "withdrawn" (a main event's flight entry) or "re-entered"
    eliminated_at_table: int | None = None
    eliminated_at_hand: int | None = None
    flight: str | None = None  # a main event's row: the slug of the flight it played
    ticket: bool = False  # a satellite's row: this entry won a ticket to the target

    @property
    def reentered(self) -> bool:
        return self.status == "re-entered"


@dataclass(frozen=True)
class EventResults:
    event: Event
    prizes: EventPrizes
    rows: tuple[ResultRow, ...]

    @cached_property
    def deal(self) -> Deal | None:
        """The event's deal with its shares, read when first asked: 1 query (2 with a deal)."""
        return (
            Deal.objects.filter(event=self.event)
            .prefetch_related(Prefetch("shares", queryset=DealShare.objects.select_related("entry__player")))
            .first()
        )

    @property
    def entries(self) -> int:
        """The field: every entry (a main event's: every entry of every flight)."""
        return len(self.rows)

    @property
    def prize_total(self) -> Decimal:
        """The prizes won so far, summed: the whole pool once every paid place is decided."""
        return sum((row.prize for row in self.rows), Decimal("0.00"))

    @property
    def finished(self) -> bool:
        """The event is over, by play or by a deal: every entry left has its place."""
        return self.event.status == Event.Status.FINISHED

    def placed_rows(self) -> list[ResultRow]:
        """The entries with a place, by place (ties share it): a finished event's final table."""
        return [row for row in self.rows if row.place is not None]

    def prize_rows(self) -> list[ResultRow]:
        """The entries that win money, by place: what the payouts page names."""
        return [row for row in self.rows if row.prize > 0]


def _order(row: ResultRow) -> tuple[int, int, int, tuple[str, str], int]:
    name = name_key(row.name)  # "Élodie" before "Sofía"
    if row.place is not None:
        return (0, row.place, 0, name, row.number)
    if row.status == "in":
        return (1, 0, -row.chips, name, row.number)
    return (2, 0, 0, name, row.number)


# What a results row is read from: one entry's values, no model instance (`_FIELDS`' names).
_FIELDS = (
    "id",
    "event_id",
    "player_id",
    "number",
    "status",
    "place",
    "stack",
    "buy_in",
    "eliminated_at_table",
    "eliminated_at_hand",
    "withdrawn",
    "flight__slug",
    "event__slug",
    "event__status",
    "event__main_event_id",
    "player__name",
    "player__person_id",
    "player__person__name",
    "player__person__hidden",
    "player__person__merged_into_id",
    "player__person__merged_into__name",
    "player__person__merged_into__hidden",
    "deal_shares__amount",
)
Values = Any  # a named row of `_FIELDS` (`values_list(..., named=True)`)


def _name(row: Values, *, public: bool) -> str:
    """`Player.public_name` (``public``) or `Player.display_name` of the row's player."""
    if public and (row.player__person__hidden or row.player__person__merged_into__hidden):
        return str(HIDDEN_NAME)
    return str(row.player__person__merged_into__name or row.player__person__name or row.player__name)


def _row(row: Values, *, public: bool, **values: Any) -> ResultRow:
    """The results row of an entry; ``values``: its place, status and what else the event says."""
    person = row.player__person__merged_into_id or row.player__person_id
    return ResultRow(
        name=_name(row, public=public),
        entry_id=row.id,
        person_id=person,
        number=row.number,
        eliminated_at_table=row.eliminated_at_table,
        eliminated_at_hand=row.eliminated_at_hand,
        **values,
    )


def _prizes(event: Event, rows: Sequence[Values], pool_rows: Iterable[Values], structure: Any) -> EventPrizes:
    """`vpt.money.prizes.event_prizes` from values already read (no query)."""
    pool = pool_of(event, [row.buy_in for row in pool_rows])
    dealt = {row.id: row.deal_shares__amount for row in rows if row.deal_shares__amount is not None}
    places = [(row.id, row.place, row.player__name, row.number) for row in rows]
    return prizes_from(event, pool, structure, places, dealt)


def events_results(events: Sequence[Event], *, public: bool = False) -> dict[int, EventResults]:
    """Each event's results (by event id), whatever their number, in 2 queries (entries and payout
    structures), one more when a flight is among them (its main event), a satellite (its
    tickets) or a satellite without a seat value (its target). A main event's: every entry of
    every flight (`main_event_results`); a flight's prizes: its main event's pool, nothing paid."""
    mains: dict[int, Event] = {event.pk: event for event in events if is_main_event(event)}
    flights = [event for event in events if event.main_event_id is not None]
    if flights:
        prefetch_related_objects(flights, "main_event")
        for flight in flights:
            assert flight.main_event is not None
            mains.setdefault(flight.main_event.pk, flight.main_event)
    satellites = [event for event in events if event.target_id is not None]
    if any(event.seat_value is None for event in satellites):
        prefetch_related_objects(satellites, "target")
    ids = {event.pk for event in events} | set(mains)
    found = Q(event_id__in=ids) | Q(event__main_event_id__in=list(mains)) if mains else Q(event_id__in=ids)
    by_event: dict[int, list[Values]] = defaultdict(list)
    in_flights: dict[int, list[Values]] = defaultdict(list)  # a main event's flights' entries
    for row in Entry.objects.filter(found).order_by().values_list(*_FIELDS, named=True):
        by_event[row.event_id].append(row)
        if row.event__main_event_id is not None:
            in_flights[row.event__main_event_id].append(row)
    structures = {s.event_id: s for s in PayoutStructure.objects.filter(event_id__in=ids)}
    tickets = _ticket_winners([event.pk for event in satellites])
    results = {}
    for event in events:
        if event.pk in mains and event.main_event_id is None:
            results[event.pk] = _main_results(
                event, by_event[event.pk], in_flights[event.pk], structures.get(event.pk), public=public
            )
            continue
        rows = by_event[event.pk]
        if event.main_event_id is not None:
            main = mains[event.main_event_id]
            pool_rows = [*by_event[main.pk], *in_flights[main.pk]]
            prizes = flight_prizes(pool_of(main, [row.buy_in for row in pool_rows]), structures.get(main.pk))
        else:
            prizes = _prizes(event, rows, rows, structures.get(event.pk))
        results[event.pk] = _plain_results(event, rows, prizes, tickets, public=public)
    return results


def event_results_table(event: Event, *, public: bool = False) -> EventResults:
    """Every entry's result, in results order: 2 queries (entries, payout structure), and the
    deal's when it is read (`EventResults.deal`). A main event's: `main_event_results`."""
    return events_results([event], public=public)[event.pk]


def _plain_results(
    event: Event, rows: list[Values], prizes: EventPrizes, tickets: set[int], *, public: bool
) -> EventResults:
    rows = sorted(rows, key=lambda row: (row.player_id, row.number))
    latest: dict[int, int] = {}
    for row in rows:
        latest[row.player_id] = max(latest.get(row.player_id, 0), row.number)
    results = []
    for row in rows:
        if row.number < latest[row.player_id]:
            status = "re-entered"
        else:
            status = "in" if row.status == Entry.Status.ACTIVE else "out"
        results.append(
            _row(
                row,
                public=public,
                place=row.place if status != "re-entered" else None,
                prize=prizes.prize_of(row.id),
                chips=row.stack,
                status=status,
                ticket=row.id in tickets,
            )
        )
    return EventResults(event=event, prizes=prizes, rows=tuple(sorted(results, key=_order)))


def _ticket_winners(satellites: list[int]) -> set[int]:
    """The entries of these satellites that hold a ticket one issued (not withdrawn): one query,
    none without a satellite."""
    if not satellites:
        return set()
    won = Ticket.objects.filter(won_in_id__in=satellites, won_by__isnull=False).exclude(
        status=Ticket.Status.CANCELLED, cashed__isnull=True
    )
    return set(won.values_list("won_by_id", flat=True))


def main_event_results(main: Event, *, public: bool = False) -> EventResults:
    """The results over a whole main event (festival.md, "Places"): Day 2's entries ranked as in
    any event, then every flight entry that did not reach Day 2 (out in its flight, or withdrawn
    by the best-stack policy) sharing one place after them (n + 1, n = Day 2's players); a
    re-entered flight entry holds none. Before Day 2 starts nobody holds a place in it, and the
    flights' advancing players are "in". 2 queries (`events_results`)."""
    return events_results([main], public=public)[main.pk]


def _main_results(
    main: Event, day2: list[Values], flights: list[Values], structure: Any, *, public: bool
) -> EventResults:
    day2 = sorted(day2, key=lambda row: row.id)
    flights = sorted(flights, key=lambda row: (row.event_id, row.player_id, row.number))
    prizes = _prizes(main, day2, [*day2, *flights], structure)
    started = bool(day2)
    latest: dict[int, int] = {}
    for row in flights:
        latest[row.player_id] = max(latest.get(row.player_id, 0), row.number)
    tie_place = len(day2) + 1
    rows = [
        _row(
            row,
            public=public,
            place=row.place,
            prize=prizes.prize_of(row.id),
            chips=row.stack,
            status="in" if row.status == Entry.Status.ACTIVE else "out",
            flight=row.flight__slug,
        )
        for row in day2
    ]
    for row in flights:
        if row.number < latest[row.player_id]:
            status, place = "re-entered", None
        elif row.withdrawn:
            status, place = "withdrawn", tie_place if started else None
        elif row.status == Entry.Status.ACTIVE:
            if started and row.event__status == Event.Status.FINISHED:
                continue  # it went on: its Day 2 entry is its row
            status, place = "in", None
        else:
            status, place = "out", tie_place if started else None
        rows.append(
            _row(
                row,
                public=public,
                place=place,
                prize=prizes.prize_of(row.id),
                chips=row.stack if status == "in" else 0,
                status=status,
                flight=row.event__slug,
            )
        )
    return EventResults(event=main, prizes=prizes, rows=tuple(sorted(rows, key=_order)))


def table_rows(results: EventResults) -> list[list[object]]:
    """The exported cells, one list per entry in `RESULT_COLUMNS` order (prize as a Decimal)."""
    return [
        [
            row.place if row.place is not None else "",
            row.name,
            row.number,
            row.prize,
            row.chips,
            row.status,
            f"table {row.eliminated_at_table} hand {row.eliminated_at_hand}" if row.eliminated_at_hand else "",
        ]
        for row in results.rows
    ]


def _money(amount: Decimal) -> str:
    return str(amount.quantize(Decimal("0.01")))


def _row_json(row: ResultRow, *, satellite: bool) -> dict[str, Any]:
    """One results row; a satellite's rows say whether they won a ticket (festival.md, "JSON")."""
    data: dict[str, Any] = {
        "place": row.place,
        "name": row.name,
        "entry_id": row.entry_id,
        "person_id": row.person_id,
        "prize": _money(row.prize),
        "chips": row.chips,
        "flight": row.flight,
    }
    if satellite:
        data["ticket"] = row.ticket
    return data


def results_json(results: EventResults) -> dict[str, Any]:
    """The public results JSON (tour.md, "JSON"): money as strings, a hidden person's name hidden;
    a satellite's rows carry `"ticket"` (true: the entry won a ticket to the target)."""
    event, pool, deal = results.event, results.prizes.pool, results.deal
    names = {row.entry_id: row.name for row in results.rows}
    shares: Sequence[DealShare] = list(deal.shares.all()) if deal else []
    return {
        "event": event.slug,
        "status": event.status,
        "entries": results.entries,
        "buy_in": _money(event.buy_in),
        "fee": _money(event.fee),
        "prize_pool": _money(pool.total),
        "guarantee": _money(pool.guarantee),
        "deal": None
        if deal is None
        else {
            "kind": deal.kind,
            "amounts": [
                {"entry_id": share.entry_id, "name": names.get(share.entry_id, ""), "amount": _money(share.amount)}
                for share in shares
            ],
        },
        "rows": [_row_json(row, satellite=event.target_id is not None) for row in results.rows],
    }
