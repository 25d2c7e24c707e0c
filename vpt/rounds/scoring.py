"""What recording a hand and correcting one share: parsing the boards, scoring, the rows written.

board input   one seat's cards as the dealer gave them (`BoardInput`): either the three rows
              as typed (`top`, `middle`, `bottom`; short rows only when `unfinished` is set)
              or, for a sit-out player, `dealt`: the cards in the order they were dealt,
              placed by the auto-play rule.
parsed board  a board input checked and turned into the engine's `Board` (`ParsedBoard`),
              before any lock is taken; errors name the seat and the row.
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

from vpt.engine_errors import explain
from vpt.errors import InvalidBoards
from vpt.ofc import (
    ROWS,
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

from .models import Board, Exchange, Hand
from .preview import ROW_LABELS

# Input ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardInput:
    """One seat's cards as the dealer gave them."""

    seat: int
    top: str = ""
    middle: str = ""
    bottom: str = ""
    unfinished: bool = False
    dealt: str = ""

    @classmethod
    def coerce(cls, value: BoardInput | Mapping[str, Any], seat: int | None = None) -> BoardInput:
        if isinstance(value, BoardInput):
            return value
        data = dict(value)
        if seat is not None:
            data.setdefault("seat", seat)
        known = {"seat", "top", "middle", "bottom", "unfinished", "dealt"}
        unknown = set(data) - known
        if unknown:
            raise InvalidBoards(_("Unknown board field: %(fields)s") % {"fields": ", ".join(sorted(unknown))})
        return cls(
            seat=int(data["seat"]),
            unfinished=bool(data.get("unfinished")),
            **{key: str(data.get(key) or "") for key in ("top", "middle", "bottom", "dealt") if key in data},
        )


BoardsArg = Mapping[int, "BoardInput | Mapping[str, Any]"] | Iterable["BoardInput | Mapping[str, Any]"]


@dataclass(frozen=True)
class ParsedBoard:
    """One seat's cards, parsed: the board, whether it was left unfinished, the dealt cards (sit-out)."""

    seat: int
    board: CardBoard
    unfinished: bool
    dealt: str


def _seat_error(seat: int, error: InvalidHand) -> InvalidBoards:
    """The engine's refusal for one seat's board, in the reader's language: ``seat 3, middle: ...``."""
    row = error.row
    if row:
        where = _("seat %(seat)s, %(row)s") % {"seat": seat, "row": ROW_LABELS[row]}
    else:
        where = _("seat %(seat)s") % {"seat": seat}
    return InvalidBoards(f"{where}: {explain(error)}", seat=seat, row=row, problem=error.code)


def parse_boards(boards: BoardsArg, rules: RuleSet) -> dict[int, ParsedBoard]:
    """Parse every seat's cards (no database); errors name the seat and the row."""
    if isinstance(boards, Mapping):
        inputs = [BoardInput.coerce(value, seat=int(seat)) for seat, value in boards.items()]
    else:
        inputs = [BoardInput.coerce(value) for value in boards]
    parsed: dict[int, ParsedBoard] = {}
    for item in inputs:
        if item.seat in parsed:
            raise InvalidBoards(_("Two boards for seat %(seat)s.") % {"seat": item.seat}, seat=item.seat)
        try:
            if item.dealt.strip():
                dealt = parse_cards(item.dealt)
                board = autoplay_board(dealt, rules)
                dealt_text = format_cards(dealt)
            else:
                board = CardBoard.parse(top=item.top, middle=item.middle, bottom=item.bottom)
                dealt_text = ""
        except InvalidHand as error:
            raise _seat_error(item.seat, error) from None
        placed = len(board.cards())
        if not board.is_complete and not item.unfinished:
            over = [row for row, cards, size in zip(ROWS, board.rows, (3, 5, 5), strict=False) if len(cards) > size]
            if not over:
                raise InvalidBoards(
                    _("seat %(seat)s: %(placed)s cards placed; complete the board or mark it unfinished.")
                    % {"seat": item.seat, "placed": placed},
                    seat=item.seat,
                    code="incomplete",
                )
        parsed[item.seat] = ParsedBoard(item.seat, board, item.unfinished, dealt_text)
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
