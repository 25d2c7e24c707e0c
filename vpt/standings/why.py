"""Why a recorded hand settled as it did: each pair's rows, scoop, royalties, foul and cap.

The database keeps each board's cards, royalties and foul, and each exchange's points and
chips (due, paid, capped). The rows won between two players are not stored: they are found
again here by scoring the stored cards with the event's rule set (`vpt.ofc`), so the page says
the same as the settlement. No queries: the caller passes boards and exchanges it has read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from vpt.ofc import (
    ROW_SIZES,
    ROWS,
    BoardResult,
    CardFace,
    InvalidHand,
    RuleSet,
    Verdict,
    card_face,
    compare_boards,
    paid_short,
    payer_and_payee,
    score_board,
)
from vpt.ofc import Board as CardBoard
from vpt.rounds.describe import describe_row

__all__ = ["BoardView", "PairWhy", "RowWhy", "board_view", "explain_pairs"]


@dataclass(frozen=True)
class RowWhy:
    row: str  # "top", "middle", "bottom"
    a: str  # row descriptions in the active language
    b: str
    winner: str | None  # "a", "b" or None for a tie


@dataclass(frozen=True)
class PairWhy:
    """One exchange explained, from A's side (A is earlier in the payment order)."""

    order: int
    a_name: str
    b_name: str
    a_entry_id: int
    b_entry_id: int
    rows: tuple[RowWhy, ...]  # empty when either board fouled
    rows_won: int  # by A (ties count for no one)
    rows_lost: int
    scoop: int  # +scoop bonus when A won all three rows, - when B did, else 0
    royalties_a: int
    royalties_b: int
    foul: str | None  # "a", "b", "both" or None
    points: int  # from A's side
    chips_due: int
    chips_paid: int  # from A's side: positive, B paid A
    capped: bool
    skipped: bool
    payer_out: bool = False  # the payer could not pay in full here: out at once
    cannot_pay: bool = False  # ... holding nothing (0 after paying in full earlier in the hand)

    @property
    def payer(self) -> str:
        """Who owes, by the engine's rule (``A`` when even)."""
        sides = payer_and_payee(self.a_name, self.b_name, self.points)
        return sides[0] if sides else self.a_name

    @property
    def payee(self) -> str:
        sides = payer_and_payee(self.a_name, self.b_name, self.points)
        return sides[1] if sides else self.b_name

    @property
    def chips_moved(self) -> int:
        return abs(self.chips_paid)

    def for_entry(self, entry_id: int) -> int:
        """+1 when ``entry_id`` is A, -1 when B: multiply A-side numbers by it."""
        return 1 if entry_id == self.a_entry_id else -1


@dataclass(frozen=True)
class BoardView:
    rows: tuple[tuple[str, tuple[CardFace, ...], str, int], ...]  # (row, cards, hand, royalty)


def _cards(text: str) -> tuple[CardFace, ...]:
    """The engine's face of each card; a token that is no card is shown as typed."""
    faces = []
    for token in text.split():
        try:
            faces.append(card_face(token))
        except InvalidHand:
            faces.append(CardFace(token, token, "", False, False, "", "", token))
    return tuple(faces)


def _score(board: Any, rules: RuleSet) -> BoardResult | None:
    try:
        cards = CardBoard.parse(top=board.top, middle=board.middle, bottom=board.bottom)
        return score_board(cards, rules, board.fantasyland_cards)
    except InvalidHand:
        return None


def board_view(board: Any, rules: RuleSet, result: BoardResult | None = None) -> BoardView:
    """A stored board drawn as cards, each row with its hand in words and its royalty."""
    result = result or _score(board, rules)
    royalties = (board.royalty_top, board.royalty_middle, board.royalty_bottom)
    rows = []
    for index, row in enumerate(ROWS):
        text = getattr(board, row)
        size = ROW_SIZES[row]
        value = result.values[index] if result is not None else None
        description = describe_row(value, cards=len(text.split()), size=size)
        rows.append((row, _cards(text), description, royalties[index]))
    return BoardView(tuple(rows))


def explain_pairs(boards: Sequence[Any], exchanges: Iterable[Any], rules: RuleSet) -> list[PairWhy]:
    """Every exchange of one hand explained, in payment order.

    ``boards`` are the hand's `rounds.Board` rows (with `entry.player`), ``exchanges`` its
    `rounds.Exchange` rows.
    """
    by_id = {board.pk: board for board in boards}
    results = {board.pk: _score(board, rules) for board in boards}
    explained = []
    for exchange in sorted(exchanges, key=lambda x: x.order):
        a, b = by_id[exchange.board_a_id], by_id[exchange.board_b_id]
        ra, rb = results[a.pk], results[b.pk]
        rows: tuple[RowWhy, ...] = ()
        if ra is not None and rb is not None:
            comparison = compare_boards(ra, rb, rules)
            foul, won, lost, scoop = comparison.fouled, comparison.rows_won, comparison.rows_lost, comparison.scoop
            royalties = comparison.royalties_a, comparison.royalties_b
            if foul is None:
                rows = tuple(
                    RowWhy(
                        verdict.row,
                        describe_row(verdict.a_value, size=ROW_SIZES[verdict.row]),
                        describe_row(verdict.b_value, size=ROW_SIZES[verdict.row]),
                        None if verdict.verdict is Verdict.TIE else str(verdict.verdict),
                    )
                    for verdict in comparison.rows
                )
        else:  # stored cards the engine cannot read: only the stored facts
            foul = "both" if a.fouled and b.fouled else "a" if a.fouled else "b" if b.fouled else None
            won = lost = scoop = 0
            royalties = 0 if a.fouled else a.royalties, 0 if b.fouled else b.royalties
        sides = payer_and_payee(a, b, exchange.points)
        payer_out = (
            sides is not None
            and not exchange.skipped
            and paid_short(exchange.chips_due, exchange.chips_paid, sides[1].stack_before)
        )
        explained.append(
            PairWhy(
                order=exchange.order,
                a_name=str(a.entry),
                b_name=str(b.entry),
                a_entry_id=a.entry_id,
                b_entry_id=b.entry_id,
                rows=rows,
                rows_won=won,
                rows_lost=lost,
                scoop=scoop,
                royalties_a=royalties[0],
                royalties_b=royalties[1],
                foul=foul,
                points=exchange.points,
                chips_due=exchange.chips_due,
                chips_paid=exchange.chips_paid,
                capped=exchange.capped,
                skipped=exchange.skipped,
                payer_out=payer_out,
                cannot_pay=payer_out and not exchange.chips_paid,
            )
        )
    return explained
