"""Reads the pages need, each with a constant number of queries whatever the field size."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet

from vpt.events.models import AuditEntry, Level
from vpt.events.selectors import chips_per_point_in_force
from vpt.ofc import payment_seats
from vpt.seating.models import Seat
from vpt.tables.models import Table

from .chip_moves import ChipMove, chip_moves
from .models import Board, Exchange, Hand
from .services import round_complete


@dataclass(frozen=True)
class TableState:
    """What the dealer's page shows before a hand: seats in payment order (button last)."""

    table: Table
    seats: list[Seat]
    button_seat: int | None
    next_hand_number: int
    level: Level | None
    chips_per_point: int
    fantasyland: bool
    round_number: int
    round_complete: bool


def table_state(table: Table | int) -> TableState:
    """The next hand to enter at `table`: 2 queries (3 when a break is in force).

    Given a table id, the table is read afresh; given a `Table`, it is used as loaded (with
    ``event__current_level``, as `table_dealer_required` loads it): 1 query less.
    """
    if isinstance(table, int):
        table = Table.objects.select_related("event__current_level", "dealer").get(pk=table)
    seated = {
        seat.number: seat
        for seat in Seat.objects.filter(table=table, entry__isnull=False).select_related("entry__player")
    }
    order = payment_seats(list(seated), table.button_seat) if seated else []
    level, chips_per_point = chips_per_point_in_force(table.event)
    fantasyland = any(seat.fantasyland_cards for seat in seated.values())
    return TableState(
        table=table,
        seats=[seated[number] for number in order],
        button_seat=order[-1] if order else table.button_seat,
        next_hand_number=table.next_hand_number,
        level=level,
        chips_per_point=chips_per_point,
        fantasyland=fantasyland,
        round_number=table.round_number,
        round_complete=round_complete(table, len(seated), fantasyland),
    )


def _boards() -> QuerySet[Board]:
    return Board.objects.select_related("entry__player").order_by("position")


def _exchanges() -> QuerySet[Exchange]:
    return Exchange.objects.select_related("board_a__entry__player", "board_b__entry__player").order_by("order")


def hand_detail(hand: Hand | int) -> Hand:
    """A hand with its table, event, level, boards and exchanges in payment order: 3 queries."""
    pk = hand if isinstance(hand, int) else hand.pk
    return (
        Hand.objects.select_related("table", "event", "level", "recorded_by")
        .prefetch_related(Prefetch("boards", queryset=_boards()), Prefetch("exchanges", queryset=_exchanges()))
        .get(pk=pk)
    )


def correction_moves(hands: Iterable[Hand]) -> dict[int, list[ChipMove]]:
    """For each corrected or voided hand, the chip moves its latest correction made (from the
    audit log, which keeps every change); one query, none when no hand was corrected."""
    corrected = [str(hand.pk) for hand in hands if hand.version > 1]
    if not corrected:
        return {}
    latest: dict[int, list[Any]] = {}
    entries = AuditEntry.objects.filter(
        object_type=Hand._meta.label_lower,
        object_id__in=corrected,
        action__in=[AuditEntry.Action.CORRECT_HAND, AuditEntry.Action.VOID_HAND, AuditEntry.Action.REOPEN_HAND],
    ).order_by("id")
    for object_id, after in entries.values_list("object_id", "after"):
        latest[int(object_id)] = (after or {}).get("changes") or []
    return {
        hand_id: chip_moves((subject, before, after) for what, subject, before, after in changes if what == "stack")
        for hand_id, changes in latest.items()
    }
