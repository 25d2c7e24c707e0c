"""Reads for the director's tables overview and balancing suggestions (constant queries)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Prefetch

from vpt.events.models import Entry, Event
from vpt.events.selectors import table_activity
from vpt.ofc import payment_seats
from vpt.tables.models import Table

from .balancing import SeatedPlayer, TableState
from .models import Seat


@dataclass(frozen=True)
class TableRow:
    table: Table
    seats: list[Seat]  # occupied seats in payment order, button last
    button: Seat | None
    fantasyland: list[Seat]
    last_activity: datetime.datetime | None
    stale: bool


def seats_by_entry(event: Event) -> dict[int, Seat]:
    """The seat of every seated entry of `event`, with its table, by entry id: 1 query."""
    return {
        seat.entry_id: seat
        for seat in Seat.objects.filter(table__event=event, entry__isnull=False).select_related("table")
        if seat.entry_id is not None
    }


def tables_overview(event: Event, *, now: datetime.datetime, stale_minutes: int) -> list[TableRow]:
    """Every open table of `event` with its seats, button, pending Fantasyland and last hand: 3 queries.

    A table is *stale* when its last hand was recorded more than `stale_minutes` ago.
    """
    occupied = Seat.objects.filter(entry__isnull=False).select_related("entry__player").order_by("number")
    activity = table_activity(event)
    tables = (
        Table.objects.filter(event=event, status=Table.Status.OPEN)
        .select_related("dealer")
        .prefetch_related(Prefetch("seat_set", queryset=occupied, to_attr="occupied"))
        .order_by("number")
    )
    limit = now - datetime.timedelta(minutes=stale_minutes)
    rows = []
    for table in tables:
        by_number = {seat.number: seat for seat in table.occupied}
        order = payment_seats(list(by_number), table.button_seat) if by_number else []
        seats = [by_number[number] for number in order]
        rows.append(
            TableRow(
                table=table,
                seats=seats,
                button=seats[-1] if seats else None,
                fantasyland=[seat for seat in seats if seat.fantasyland_cards],
                last_activity=activity.get(table.number),
                stale=table.number in activity and activity[table.number] < limit,
            )
        )
    return rows


def balancing_snapshot(event: Event) -> list[TableState]:
    """The open tables as `vpt.seating.balancing` takes them: 2 queries.

    A round is in progress once the button has moved and until it has gone around (or while a
    Fantasyland hand is pending: it continues the round).
    """
    tables = list(Table.objects.filter(event=event, status=Table.Status.OPEN).order_by("number"))
    seats: dict[int, list[Seat]] = {table.pk: [] for table in tables}
    for seat in (
        Seat.objects.filter(table__in=tables, entry__isnull=False).select_related("entry__player").order_by("number")
    ):
        seats[seat.table_id].append(seat)
    states = []
    for table in tables:
        rows = seats[table.pk]
        needed = max(1, min(table.round_players or len(rows), len(rows)))
        in_round = 0 < table.round_button_moves < needed or any(s.fantasyland_cards for s in rows)
        players = tuple(
            SeatedPlayer(s.entry_id, str(s.entry), s.number, fantasyland=s.fantasyland_cards > 0)  # type: ignore[arg-type]
            for s in rows
        )
        states.append(TableState(table.number, table.seats, players, round_in_progress=in_round))
    return states


def tables_in_play(event: Event) -> int:
    """How many open tables the entries still in sit at (a deal needs one): 1 query."""
    return (
        Seat.objects.filter(table__event=event, table__status=Table.Status.OPEN, entry__status=Entry.Status.ACTIVE)
        .order_by()
        .values("table_id")
        .distinct()
        .count()
    )
