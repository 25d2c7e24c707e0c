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

from vpt.ofc import ROWS, Board as CardBoard, BoardResult, InvalidHand, RuleSet, score_board
from vpt.rounds.describe import describe_row
from vpt.rounds.preview import card_face

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

    @property
    def payer(self) -> str:
        return self.b_name if self.chips_paid > 0 else self.a_name

    @property
    def payee(self) -> str:
        return self.a_name if self.chips_paid > 0 else self.b_name

    @property
    def chips_moved(self) -> int:
        return abs(self.chips_paid)

    def for_entry(self, entry_id: int) -> int:
        """+1 when ``entry_id`` is A, -1 when B: multiply A-side numbers by it."""
        return 1 if entry_id == self.a_entry_id else -1


@dataclass(frozen=True)
class BoardView:
    rows: tuple[tuple[str, tuple[dict[str, Any], ...], str, int], ...]  # (row, cards, hand, royalty)


def _cards(text: str) -> tuple[dict[str, Any], ...]:
    faces = []
    for token in text.split():
        try:
            faces.append(card_face(token))
        except InvalidHand:
            faces.append({"text": token, "rank": token, "suit": "", "red": False, "joker": False})
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
        size = 3 if row == "top" else 5
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
        foul = None
        if a.fouled and b.fouled:
            foul = "both"
        elif a.fouled:
            foul = "a"
        elif b.fouled:
            foul = "b"
        rows: list[RowWhy] = []
        won = lost = 0
        if foul is None and ra is not None and rb is not None:
            for index, row in enumerate(ROWS):
                va, vb = ra.values[index], rb.values[index]
                size = 3 if row == "top" else 5
                winner = None
                if va is not None and vb is not None:
                    winner = "a" if va > vb else "b" if vb > va else None
                won += winner == "a"
                lost += winner == "b"
                rows.append(RowWhy(row, describe_row(va, size=size), describe_row(vb, size=size), winner))
        elif foul == "a":
            lost = 3
        elif foul == "b":
            won = 3
        scoop = rules.scoop_bonus if won == 3 else -rules.scoop_bonus if lost == 3 else 0
        explained.append(PairWhy(
            order=exchange.order,
            a_name=str(a.entry), b_name=str(b.entry),
            a_entry_id=a.entry_id, b_entry_id=b.entry_id,
            rows=tuple(rows), rows_won=won, rows_lost=lost, scoop=scoop,
            royalties_a=0 if a.fouled else a.royalties, royalties_b=0 if b.fouled else b.royalties,
            foul=foul, points=exchange.points, chips_due=exchange.chips_due, chips_paid=exchange.chips_paid,
            capped=exchange.capped, skipped=exchange.skipped,
        ))
    return explained
