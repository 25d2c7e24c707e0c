"""The results of an event: every entry with its place, name, prize and chips, one source for
the payouts page, the results sheet, the CSV and XLSX exports, `export_results` and the public
JSON (`GET /api/events/<slug>/results`), so they always agree.

row          one entry: its place (`vpt.events.places`), its player's name (a hidden person is
             "Hidden player" where ``public``), its person (followed through merges), its prize
             (`vpt.money.prizes`: the payout of its place, or its share of a deal) and chips.
re-entered   an entry whose player then entered again: no place, marked so.
order        placed entries by place (then name), then the players still in (no place yet:
             the event runs) by chips, then the re-entered.
table        the exported columns (`RESULT_COLUMNS`), the same in CSV, XLSX and the command.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch

from vpt.events.flights import is_main_event
from vpt.events.models import Deal, DealShare, Entry, Event
from vpt.events.ticket_models import Ticket
from vpt.money.prizes import EventPrizes, event_prizes
from vpt.people.names import name_key
from vpt.people.selectors import canonical_ids

__all__ = [
    "RESULT_COLUMNS",
    "EventResults",
    "ResultRow",
    "event_results_table",
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
    status: str  # "in", "out" or "re-entered"
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
    deal: Deal | None
    rows: tuple[ResultRow, ...]

    @property
    def entries(self) -> int:
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


def event_results_table(event: Event, *, public: bool = False) -> EventResults:
    """Every entry's result, in results order: 5 queries (entries, prizes 2, deal, people).
    A main event's: `main_event_results` (its flights' entries too)."""
    if is_main_event(event):
        return main_event_results(event, public=public)
    entries = list(
        Entry.objects.filter(event=event).select_related("player__person__merged_into").order_by("player_id", "number")
    )
    latest: dict[int, int] = {}
    for entry in entries:
        latest[entry.player_id] = max(latest.get(entry.player_id, 0), entry.number)
    prizes = event_prizes(event)
    deal = (
        Deal.objects.filter(event=event)
        .prefetch_related(Prefetch("shares", queryset=DealShare.objects.select_related("entry__player")))
        .first()
    )
    people = canonical_ids(entry.player.person_id for entry in entries if entry.player.person_id is not None)
    tickets = _ticket_winners(event)
    rows = []
    for entry in entries:
        if entry.number < latest[entry.player_id]:
            status = "re-entered"
        else:
            status = "in" if entry.is_active else "out"
        person = entry.player.person_id
        rows.append(
            ResultRow(
                place=entry.place if status != "re-entered" else None,
                name=entry.player.public_name if public else entry.player.display_name,
                entry_id=entry.pk,
                person_id=people.get(person, person) if person is not None else None,
                number=entry.number,
                prize=prizes.prize_of(entry.pk),
                chips=entry.stack,
                status=status,
                eliminated_at_table=entry.eliminated_at_table,
                eliminated_at_hand=entry.eliminated_at_hand,
                ticket=entry.pk in tickets,
            )
        )
    return EventResults(event=event, prizes=prizes, deal=deal, rows=tuple(sorted(rows, key=_order)))


def _ticket_winners(event: Event) -> set[int]:
    """The entries of a satellite that hold a ticket it issued (not withdrawn): one query, none
    for another event."""
    if event.target_id is None:
        return set()
    won = Ticket.objects.filter(won_in=event, won_by__isnull=False).exclude(
        status=Ticket.Status.CANCELLED, cashed__isnull=True
    )
    return set(won.values_list("won_by_id", flat=True))


def main_event_results(main: Event, *, public: bool = False) -> EventResults:
    """The results over a whole main event (festival.md, "Places"): Day 2's entries ranked as in
    any event, then every flight entry that did not reach Day 2 (out in its flight, or withdrawn
    by the best-stack policy) sharing one place after them (n + 1, n = Day 2's players); a
    re-entered flight entry holds none. Before Day 2 starts nobody holds a place in it, and the
    flights' advancing players are "in". 7 queries."""
    day2 = list(Entry.objects.filter(event=main).select_related("player__person__merged_into", "flight").order_by("id"))
    flights = list(
        Entry.objects.filter(event__main_event=main)
        .select_related("player__person__merged_into", "event")
        .order_by("event_id", "player_id", "number")
    )
    started = bool(day2)
    latest: dict[int, int] = {}
    for entry in flights:
        latest[entry.player_id] = max(latest.get(entry.player_id, 0), entry.number)
    prizes = event_prizes(main)
    deal = (
        Deal.objects.filter(event=main)
        .prefetch_related(Prefetch("shares", queryset=DealShare.objects.select_related("entry__player")))
        .first()
    )
    people = canonical_ids(entry.player.person_id for entry in [*day2, *flights] if entry.player.person_id is not None)
    tie_place = len(day2) + 1
    rows = []
    for entry, flight in [(e, e.flight) for e in day2] + [(e, e.event) for e in flights]:
        withdrawn = entry.event_id != main.pk and entry.withdrawn
        if entry.event_id == main.pk:
            status, place = ("in" if entry.is_active else "out"), entry.place
        elif entry.number < latest[entry.player_id]:
            status, place = "re-entered", None
        elif withdrawn:
            status, place = "withdrawn", tie_place if started else None
        elif entry.is_active:
            if started and flight is not None and flight.status == Event.Status.FINISHED:
                continue  # it went on: its Day 2 entry is its row
            status, place = "in", None
        else:
            status, place = "out", tie_place if started else None
        person = entry.player.person_id
        rows.append(
            ResultRow(
                place=place,
                name=entry.player.public_name if public else entry.player.display_name,
                entry_id=entry.pk,
                person_id=people.get(person, person) if person is not None else None,
                number=entry.number,
                prize=prizes.prize_of(entry.pk),
                chips=entry.stack if status == "in" or entry.event_id == main.pk else 0,
                status=status,
                eliminated_at_table=entry.eliminated_at_table,
                eliminated_at_hand=entry.eliminated_at_hand,
                flight=flight.slug if flight is not None else None,
            )
        )
    return EventResults(event=main, prizes=prizes, deal=deal, rows=tuple(sorted(rows, key=_order)))


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
