"""Why a recorded hand settled as it did: each pair's rows, scoop, royalties, foul and cap.

The database keeps each board's cards, royalties and foul, and each exchange's points and
chips (due, paid, capped). The rows won between two players are not stored: they are found
again here by scoring the stored cards with the event's rule set (`vpt.ofc`), so the page says
the same as the settlement. No queries: the caller passes boards and exchanges it has read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.formats import number_format

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


_OTHER_SIDE = {"a": "b", "b": "a"}


@dataclass(frozen=True)
class RowWhy:
    row: str  # "top", "middle", "bottom"
    a: str  # row descriptions in the active language
    b: str
    winner: str | None  # "a", "b" or None for a tie

    def swapped(self) -> RowWhy:
        """The same row with B as A."""
        return RowWhy(self.row, self.b, self.a, _OTHER_SIDE.get(self.winner or ""))


@dataclass(frozen=True)
class PairWhy:
    """One exchange explained, from A's side (A is earlier in the payment order; on a player's
    own page, the player: `seen_by`)."""

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

    @property
    def abs_points(self) -> int:
        return abs(self.points)

    @property
    def points_text(self) -> str:
        """A's points with their sign: "+4", "-4", "0"."""
        return signed_number(self.points)

    @property
    def chips_text(self) -> str:
        """A's chips with their sign, grouped in the active language: "+1,600", "-1,600", "0"."""
        return signed_number(self.chips_paid)

    def seen_by(self, entry_id: int) -> PairWhy:
        """The pair from ``entry_id``'s side: that entry is A, so positive points and chips are
        what it won and negative ones what it paid (a player's own page reads this way).

        >>> pair = PairWhy(1, "Ana", "Bea", 1, 2, (RowWhy("top", "Pair of 2s", "Pair of 9s", "b"),),
        ...                rows_won=0, rows_lost=3, scoop=-3, royalties_a=0, royalties_b=1, foul=None,
        ...                points=-7, chips_due=700, chips_paid=-700, capped=False, skipped=False)
        >>> bea = pair.seen_by(2)
        >>> bea.a_name, bea.points, bea.chips_paid, bea.rows_won, bea.scoop, bea.royalties_a, bea.rows[0].winner
        ('Bea', 7, 700, 3, 3, 1, 'a')
        >>> pair.seen_by(1) is pair
        True
        """
        if entry_id != self.b_entry_id:
            return self
        return replace(
            self,
            a_name=self.b_name,
            b_name=self.a_name,
            a_entry_id=self.b_entry_id,
            b_entry_id=self.a_entry_id,
            rows=tuple(row.swapped() for row in self.rows),
            rows_won=self.rows_lost,
            rows_lost=self.rows_won,
            scoop=-self.scoop,
            royalties_a=self.royalties_b,
            royalties_b=self.royalties_a,
            foul=_OTHER_SIDE.get(self.foul or "", self.foul),
            points=-self.points,
            chips_paid=-self.chips_paid,
        )


@dataclass(frozen=True)
class BoardView:
    rows: tuple[tuple[str, tuple[CardFace, ...], str, int], ...]  # (row, cards, hand, royalty)


def signed_number(number: int) -> str:
    """``number`` grouped in the active language, with "+" when positive.

    >>> signed_number(1600), signed_number(-4), signed_number(0)
    ('+1,600', '-4', '0')
    """
    text = number_format(abs(number), force_grouping=True)
    return f"+{text}" if number > 0 else f"-{text}" if number < 0 else text


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


def explain_pairs(
    boards: Sequence[Any],
    exchanges: Iterable[Any],
    rules: RuleSet,
    *,
    name: Callable[[Any], str] = lambda b: str(b.entry),
) -> list[PairWhy]:
    """Every exchange of one hand explained, in payment order.

    ``boards`` are the hand's `rounds.Board` rows (with `entry.player`), ``exchanges`` its
    `rounds.Exchange` rows; ``name`` gives a board's player as the reader sees them (public
    pages: `Entry.public_name`).
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
                a_name=name(a),
                b_name=name(b),
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
