"""Reads for the director's tables overview (constant queries)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Max, Prefetch

from vpt.events.models import Event
from vpt.tables.models import Table

from .models import Seat
from .order import payment_seats


@dataclass(frozen=True)
class TableRow:
    table: Table
    seats: list[Seat]  # occupied seats in payment order, button last
    button: Seat | None
    fantasyland: list[Seat]
    last_activity: datetime.datetime | None
    stale: bool


def tables_overview(event: Event, *, now: datetime.datetime, stale_minutes: int) -> list[TableRow]:
    """Every open table of `event` with its seats, button, pending Fantasyland and last hand: 2 queries.

    A table is *stale* when its last hand was recorded more than `stale_minutes` ago.
    """
    occupied = Seat.objects.filter(entry__isnull=False).select_related("entry__player").order_by("number")
    tables = (
        Table.objects.filter(event=event, status=Table.Status.OPEN)
        .select_related("dealer")
        .annotate(last_activity=Max("hands__recorded_at"))
        .prefetch_related(Prefetch("seat_set", queryset=occupied, to_attr="occupied"))
        .order_by("number")
    )
    limit = now - datetime.timedelta(minutes=stale_minutes)
    rows = []
    for table in tables:
        by_number = {seat.number: seat for seat in table.occupied}
        order = payment_seats(list(by_number), table.button_seat) if by_number else []
        seats = [by_number[number] for number in order]
        rows.append(TableRow(
            table=table, seats=seats, button=seats[-1] if seats else None,
            fantasyland=[seat for seat in seats if seat.fantasyland_cards],
            last_activity=table.last_activity,
            stale=table.last_activity is not None and table.last_activity < limit,
        ))
    return rows
