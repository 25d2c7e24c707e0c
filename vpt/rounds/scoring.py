"""What recording a hand and correcting one share: parsing the boards, scoring, the rows written.

board input   one seat's cards as the dealer gave them (`BoardInput`, from a seat's fields by
              `vpt.rounds.hand_input`): either the three rows as typed (short rows only when
              `unfinished` is set) or, for a sit-out player, `dealt`: the cards in the order
              they were dealt, placed by the auto-play rule.
parsed board  a board input checked and turned into the engine's `Board` (`ParsedBoard`) by
              `parse_board`, the one parse the preview and the record share, before any lock
              is taken; errors name the seat and the row.
payment order the seats of a hand with the button last; boards, points and exchanges are
              stored in it (`Board.position`, `Exchange.order`).
exchange      one pair's settlement in a hand: points, chips due, chips paid, whether the
              payment was capped or skipped; `exchange_rows` is the one place that turns the
              engine's settlement into `Exchange` rows.

`vpt.rounds.services` records hands with these; `vpt.rounds.corrections` re-scores them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from vpt.engine_errors import explain
from vpt.errors import InvalidBoards
from vpt.ofc import (
    ROW_SIZES,
    BoardResult,
    HandResult,
    InvalidHand,
    PlayerHand,
    RuleSet,
    Settlement,
    autoplay_board,
    format_cards,
    parse_cards,
    score_hand,
)
from vpt.ofc import (
    Board as CardBoard,
)

from .hand_input import BoardInput, BoardsArg
from .models import Board, Exchange, Hand

# Input ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParsedBoard:
    """One seat's cards, parsed: the board, whether it was left unfinished, the dealt cards (sit-out)."""

    seat: int
    board: CardBoard
    unfinished: bool
    dealt: str


# A row named inside a sentence ("seat 3, middle: ..."), not as a heading.
_ROW_NAMES = {
    "top": pgettext_lazy("board row in a sentence", "top"),
    "middle": pgettext_lazy("board row in a sentence", "middle"),
    "bottom": pgettext_lazy("board row in a sentence", "bottom"),
}


def _seat_error(seat: int, error: InvalidHand) -> InvalidBoards:
    """The engine's refusal for one seat's board, in the reader's language: ``seat 3, middle: ...``."""
    row = error.row
    if row:
        where = _("seat %(seat)s, %(row)s") % {"seat": seat, "row": _ROW_NAMES[row]}
    else:
        where = _("seat %(seat)s") % {"seat": seat}
    return InvalidBoards(f"{where}: {explain(error)}", seat=seat, row=row, problem=error.code)


def parse_board(item: BoardInput, rules: RuleSet) -> ParsedBoard:
    """One seat's cards parsed: its rows, or its dealt cards placed by the auto-play rule. The
    one parse of a board, for the preview, `record_hand` and corrections alike; `InvalidHand`
    names the field (a row, ``dealt``) when a card is unknown or a row too long."""
    if item.dealt.strip():
        try:
            dealt = parse_cards(item.dealt)
        except InvalidHand as error:
            raise error.at(field="dealt") from None
        return ParsedBoard(item.seat, autoplay_board(dealt, rules), item.unfinished, format_cards(dealt))
    board = CardBoard.parse(top=item.top, middle=item.middle, bottom=item.bottom)
    return ParsedBoard(item.seat, board, item.unfinished, "")


def board_inputs(boards: BoardsArg) -> list[BoardInput]:
    """Every seat's board input, from a mapping by seat number or a list (each with its seat)."""
    if isinstance(boards, Mapping):
        return [BoardInput.coerce(value, seat=int(seat)) for seat, value in boards.items()]
    return [BoardInput.coerce(value) for value in boards]


def parse_boards(boards: BoardsArg, rules: RuleSet) -> dict[int, ParsedBoard]:
    """Parse every seat's cards (no database) for recording; errors name the seat and the row,
    and a short board must be marked unfinished."""
    parsed: dict[int, ParsedBoard] = {}
    for item in board_inputs(boards):
        if item.seat in parsed:
            raise InvalidBoards(_("Two boards for seat %(seat)s.") % {"seat": item.seat}, seat=item.seat)
        try:
            board = parse_board(item, rules)
        except InvalidHand as error:
            raise _seat_error(item.seat, error) from None
        rows = zip(board.board.rows, ROW_SIZES.values(), strict=True)
        too_long = any(len(cards) > size for cards, size in rows)  # refused by the scoring, by row
        if not board.board.is_complete and not item.unfinished and not too_long:
            raise InvalidBoards(
                _("seat %(seat)s: %(placed)s cards placed; complete the board or mark it unfinished.")
                % {"seat": item.seat, "placed": len(board.board.cards())},
                seat=item.seat,
                code="incomplete",
            )
        parsed[item.seat] = board
    return parsed


def _engine_error(error: InvalidHand, seats: Sequence[int]) -> InvalidBoards:
    """An error about player ``i`` of the hand (payment order) becomes one about ``seats[i]``."""
    if error.player is None or error.player >= len(seats):
        return InvalidBoards(explain(error), problem=error.code)
    return _seat_error(seats[error.player], error)


# Rows -----------------------------------------------------------------------------------------


def board_fields(result_board: BoardResult, card_board: CardBoard) -> dict[str, Any]:
    hands = result_board.hands
    return {
        "top": format_cards(card_board.top),
        "middle": format_cards(card_board.middle),
        "bottom": format_cards(card_board.bottom),
        "fouled": result_board.fouled,
        "unfinished": result_board.unfinished,
        "hand_top": hands["top"],
        "hand_middle": hands["middle"],
        "hand_bottom": hands["bottom"],
        "royalty_top": result_board.royalties["top"],
        "royalty_middle": result_board.royalties["middle"],
        "royalty_bottom": result_board.royalties["bottom"],
        "royalties": result_board.royalty_total,
        "fantasyland_next_cards": result_board.fantasyland_next_cards,
    }


def exchange_rows(hand: Hand, boards: Sequence[Board], settlement: Settlement) -> list[Exchange]:
    """The Exchange rows of a scored hand, one per pair in settlement order (`boards` in payment order)."""
    return [
        Exchange(
            hand=hand,
            order=order,
            board_a=boards[x.a],
            board_b=boards[x.b],
            points=x.points,
            chips_due=x.chips_due,
            chips_paid=x.chips_paid,
            capped=x.capped,
            skipped=x.skipped,
        )
        for order, x in enumerate(settlement.exchanges)
    ]


def score(players: Sequence[PlayerHand], rules: RuleSet, chips_per_point: int, seats: Sequence[int]) -> HandResult:
    """`score_hand`, with the engine's errors naming seats (`seats` in the order of `players`)."""
    try:
        return score_hand(players, rules, chips_per_point)
    except InvalidHand as error:
        raise _engine_error(error, seats) from None


def hand_snapshot(boards: Iterable[Board]) -> list[dict[str, Any]]:
    """A hand's boards as the audit log keeps them (before and after a write)."""
    return [
        {
            "seat": b.seat_number,
            "entry": b.entry_id,
            "top": b.top,
            "middle": b.middle,
            "bottom": b.bottom,
            "dealt": b.dealt,
            "unfinished": b.unfinished,
            "fouled": b.fouled,
            "points": b.points,
            "stack_before": b.stack_before,
            "stack_after": b.stack_after,
            "eliminated": b.eliminated,
            "fantasyland_next_cards": b.fantasyland_next_cards,
        }
        for b in boards
    ]
