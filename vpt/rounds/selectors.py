"""Reads the pages need, each with a constant number of queries whatever the field size."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

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


# The director's hands list ----------------------------------------------------------------------

HAND_FILTERS = ("fouls", "fantasyland", "eliminations", "corrected")


@dataclass(frozen=True)
class HandSummary:
    """One row of the hands list: who fouled, goes to Fantasyland or was eliminated, and the
    biggest exchange (payer, payee, chips) or None when no chips moved."""

    hand: Hand
    fouled: list[str]
    fantasyland: list[tuple[str, int]]
    eliminated: list[str]
    biggest: tuple[str, str, int] | None


def filter_hands(hands: QuerySet[Hand], show: str) -> QuerySet[Hand]:
    """``hands`` narrowed to one of `HAND_FILTERS` (anything else: all of them)."""
    if show == "fouls":
        return hands.filter(Exists(Board.objects.filter(hand=OuterRef("pk"), fouled=True)))
    if show == "fantasyland":
        return hands.filter(Exists(Board.objects.filter(hand=OuterRef("pk"), fantasyland_next_cards__gt=0)))
    if show == "eliminations":
        return hands.filter(Exists(Board.objects.filter(hand=OuterRef("pk"), eliminated=True)))
    if show == "corrected":
        return hands.filter(Q(version__gt=1) | Q(status=Hand.Status.VOID))
    return hands


def hand_summaries(hands: Iterable[Hand]) -> list[HandSummary]:
    """The rows of ``hands`` (a page of them): 2 queries, whatever their number."""
    loaded = list(hands)
    boards: dict[int, list[Board]] = {hand.pk: [] for hand in loaded}
    names: dict[int, str] = {}
    for board in Board.objects.filter(hand__in=loaded).select_related("entry__player").order_by("position"):
        boards[board.hand_id].append(board)
        names[board.pk] = str(board.entry)
    biggest: dict[int, tuple[str, str, int]] = {}
    for exchange in Exchange.objects.filter(hand__in=loaded, skipped=False).exclude(chips_paid=0):
        chips = abs(exchange.chips_paid)
        if exchange.hand_id not in biggest or chips > biggest[exchange.hand_id][2]:
            payer, payee = (exchange.board_b_id, exchange.board_a_id)
            if exchange.chips_paid < 0:
                payer, payee = payee, payer
            biggest[exchange.hand_id] = (names[payer], names[payee], chips)
    return [
        HandSummary(
            hand=hand,
            fouled=[names[b.pk] for b in boards[hand.pk] if b.fouled],
            fantasyland=[(names[b.pk], b.fantasyland_next_cards) for b in boards[hand.pk] if b.fantasyland_next_cards],
            eliminated=[names[b.pk] for b in boards[hand.pk] if b.eliminated],
            biggest=biggest.get(hand.pk),
        )
        for hand in loaded
    ]
