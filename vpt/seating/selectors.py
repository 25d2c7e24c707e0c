"""Reads for the director's tables overview and balancing suggestions (constant queries)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from vpt.events.models import Entry, Event
from vpt.events.selectors import table_activity
from vpt.tables.models import Round, Table

from .balancing import SeatedPlayer, TableState
from .models import PlannedMove, Seat, SeatMove
from .next_hand import NextHand, next_hand


@dataclass(frozen=True)
class TableRow:
    table: Table
    next_hand: NextHand  # seats in payment order (button last), the stored button, why not
    round_number: int
    last_activity: datetime.datetime | None
    stale: bool

    @property
    def seats(self) -> list[Seat]:
        return self.next_hand.seats

    @property
    def fantasyland(self) -> list[Seat]:
        return self.next_hand.fantasyland


def _open_tables(event: Event) -> QuerySet[Table]:
    """The event's open tables with their dealer, next level, occupied seats and open round."""
    occupied = Seat.objects.filter(entry__isnull=False).select_related("entry__player").order_by("number")
    return (
        Table.objects.filter(event=event, status=Table.Status.OPEN)
        .select_related("dealer", "next_level")
        .prefetch_related(
            Prefetch("seat_set", queryset=occupied, to_attr="occupied"),
            Prefetch("rounds", queryset=Round.objects.filter(closed_at__isnull=True), to_attr="open_rounds"),
        )
        .order_by("number")
    )


def _occupied(table: Table) -> list[Seat]:
    return list(getattr(table, "occupied"))  # noqa: B009 (set by the prefetch in `_open_tables`)


def _open_round(table: Table) -> Round | None:
    rounds: list[Round] = getattr(table, "open_rounds")  # noqa: B009 (set by the prefetch in `_open_tables`)
    return rounds[0] if rounds else None


def _round_number(table: Table) -> int:
    current = _open_round(table)
    return current.number if current else 1


def seats_by_entry(event: Event) -> dict[int, Seat]:
    """The seat of every seated entry of `event`, with its table, by entry id: 1 query."""
    return {
        seat.entry_id: seat
        for seat in Seat.objects.filter(table__event=event, entry__isnull=False).select_related("table")
        if seat.entry_id is not None
    }


def pending_moves(event: Event) -> list[SeatMove]:
    """The moves of ``event`` whose players have not said "I'm seated" yet and are still in
    (a player out since has no seat to reach), oldest first, each with its player: 1 query."""
    return list(
        SeatMove.objects.filter(event=event, confirmed_at__isnull=True, entry__status=Entry.Status.ACTIVE)
        .select_related("entry__player__person__merged_into")  # its public name, for move slips
        .order_by("moved_at", "id")
    )


def recent_moves(event: Event, *, since: datetime.datetime, limit: int) -> list[SeatMove]:
    """The event's latest seat moves made after ``since``, newest first, each with its player's
    public name loaded (`Entry.public_name`): 1 query."""
    return list(
        SeatMove.objects.filter(event=event, moved_at__gt=since)
        .select_related("entry__player__person__merged_into")
        .order_by("-moved_at", "-id")[:limit]
    )


def tables_overview(event: Event, *, now: datetime.datetime, stale_minutes: int) -> list[TableRow]:
    """Every open table of `event` with its stored next hand (seats, button, Fantasyland, why it
    cannot deal), its round and last hand: 5 queries.

    A table is *stale* when its last hand was recorded more than `stale_minutes` ago.
    """
    activity = table_activity(event)
    tables = _open_tables(event)
    limit = now - datetime.timedelta(minutes=stale_minutes)
    return [
        TableRow(
            table=table,
            next_hand=next_hand(table, event, _occupied(table)),
            round_number=_round_number(table),
            last_activity=activity.get(table.number),
            stale=table.number in activity and activity[table.number] < limit,
        )
        for table in tables
    ]


def table_state_of(table: Table, rows: list[Seat], current: Round | None) -> TableState:
    """One open table as `vpt.seating.balancing` takes it, from its occupied seats (`rows`, with
    their players) and its open round.

    A round is in progress once the button has moved and until it has gone around (or while a
    Fantasyland hand is pending: it continues the round); players may not leave then.
    """
    pending = any(s.fantasyland_cards for s in rows)
    in_round = bool(current and current.in_progress(len(rows), fantasyland_pending=pending))
    players = tuple(
        SeatedPlayer(s.entry_id, str(s.entry), s.number, fantasyland=s.fantasyland_cards > 0)  # type: ignore[arg-type]
        for s in rows
    )
    return TableState(table.number, table.seats, players, round_in_progress=in_round)


def balancing_snapshot(event: Event) -> list[TableState]:
    """The open tables as `vpt.seating.balancing` takes them: 3 queries."""
    return [table_state_of(table, _occupied(table), _open_round(table)) for table in _open_tables(event)]


def planned_moves(event: Event) -> list[PlannedMove]:
    """The moves balancing planned for after the round, oldest first, each with its player and
    tables: 1 query. A player out since is left out."""
    return list(
        PlannedMove.objects.filter(event=event, entry__status=Entry.Status.ACTIVE)
        .select_related("entry__player", "from_table", "to_table")
        .order_by("planned_at", "id")
    )


def tables_in_play(event: Event) -> int:
    """How many open tables the entries still in sit at (a deal needs one): 1 query."""
    return (
        Seat.objects.filter(table__event=event, table__status=Table.Status.OPEN, entry__status=Entry.Status.ACTIVE)
        .order_by()
        .values("table_id")
        .distinct()
        .count()
    )
