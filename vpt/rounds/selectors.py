"""Reads the pages need, each with a constant number of queries whatever the field size."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from vpt.audit.models import AuditEntry
from vpt.events.models import Event, Level
from vpt.seating.models import Seat
from vpt.seating.next_hand import NextHand, next_hand
from vpt.tables.models import Round, Table

from .chip_moves import ChipMove, chip_moves
from .models import Board, Exchange, Hand


@dataclass(frozen=True)
class TableState:
    """What the dealer's page shows before a hand: the stored next hand (`NextHand`: number,
    level, chips per point, button, seats in payment order with the button last, whether it
    can be dealt and why not) and the table's round."""

    table: Table
    next_hand: NextHand
    round_number: int
    round_complete: bool

    @property
    def seats(self) -> list[Seat]:
        return self.next_hand.seats

    @property
    def button_seat(self) -> int | None:
        return self.next_hand.button_seat

    @property
    def dead_button(self) -> bool:
        return self.next_hand.dead_button

    @property
    def next_hand_number(self) -> int:
        return self.next_hand.number

    @property
    def level(self) -> Level | None:
        return self.next_hand.level

    @property
    def chips_per_point(self) -> int | None:
        return self.next_hand.chips_per_point

    @property
    def preview_chips_per_point(self) -> int:
        """What the entry preview scores at: the dealt hand's chips per point (1 when no hand is
        dealt: the page then shows why instead of the boards)."""
        return self.chips_per_point or 1

    @property
    def fantasyland(self) -> bool:
        return bool(self.next_hand.fantasyland)

    @property
    def can_deal(self) -> bool:
        return self.next_hand.can_deal

    @property
    def why_not(self) -> str | None:
        return self.next_hand.why_not

    @property
    def before_break(self) -> bool:
        """The event is on a break, yet this table's hand is still to be played: the hand that
        was in play when the break came (dealt before it), or a Fantasyland hand. No other hand
        is dealt here until the break ends (ofc-rules.md, "Rounds, levels and breaks")."""
        return self.can_deal and self.table.event.status == Event.Status.ON_BREAK


def table_state(table: Table | int) -> TableState:
    """The next hand to enter at `table`, as stored: 3 queries.

    Given a table id, the table is read afresh; given a `Table`, it is used as loaded (with
    ``event__current_level``, as `table_dealer_required` loads it; its next level is read).
    """
    if isinstance(table, int):
        table = Table.objects.select_related("event__current_level", "dealer", "next_level").get(pk=table)
    seated = list(Seat.objects.filter(table=table, entry__isnull=False).select_related("entry__player"))
    current = Round.objects.filter(table=table, closed_at__isnull=True).first()
    upcoming = next_hand(table, table.event, seated)
    fantasyland = bool(upcoming.fantasyland)
    return TableState(
        table=table,
        next_hand=upcoming,
        round_number=current.number if current else 1,
        round_complete=bool(current and current.is_complete(len(seated), fantasyland_pending=fantasyland)),
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
        action__in=["rounds.hand_corrected", "rounds.hand_voided", "rounds.hand_reopened"],
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
