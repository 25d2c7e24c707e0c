"""Why a recorded hand settled as it did: each pair's rows, scoop, royalties, foul and cap.

The database keeps each board's cards, royalties and foul, and each exchange's points and
chips (due, paid, capped): the hand's read model (`vpt.rounds.hand_view`) carries them, with
who pays whom. The rows won between two players are not stored: they are found again here by
scoring the stored cards with the event's rule set (`vpt.ofc`), so the page says the same as
the settlement. No queries: the caller passes the hand it has read.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    score_board,
)
from vpt.ofc import Board as CardBoard
from vpt.rounds.describe import describe_row
from vpt.rounds.hand_view import ExchangeView, HandView, SeatView

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
    """One exchange explained: the rows, scoop, royalties and foul between its two players,
    from A's side (A is earlier in the payment order; on a player's own page, the player:
    `from_side`). The payment itself, and who pays whom, is the read model's `exchange`."""

    exchange: ExchangeView
    rows: tuple[RowWhy, ...]  # empty when either board fouled
    rows_won: int  # by A (ties count for no one)
    rows_lost: int
    scoop: int  # +scoop bonus when A won all three rows, - when B did, else 0
    royalties_a: int
    royalties_b: int
    foul: str | None  # "a", "b", "both" or None

    @property
    def points_text(self) -> str:
        """A's points with their sign: "+4", "-4", "0"."""
        return signed_number(self.exchange.points)

    @property
    def chips_text(self) -> str:
        """A's chips with their sign, grouped in the active language: "+1,600", "-1,600", "0"."""
        return signed_number(self.exchange.chips_paid or 0)

    def from_side(self, seat: SeatView) -> PairWhy:
        """The pair from ``seat``'s side (`ExchangeView.from_side`): the rows, scoop, royalties
        and foul turn with the payment, so positive is what that player won.

        >>> ana, bea = SeatView("Ana", 0), SeatView("Bea", 1)
        >>> x = ExchangeView(0, ana, bea, points=-7, chips_due=700, chips_paid=-700)
        >>> pair = PairWhy(x, (RowWhy("top", "Pair of 2s", "Pair of 9s", "b"),), rows_won=0, rows_lost=3,
        ...                scoop=-3, royalties_a=0, royalties_b=1, foul=None)
        >>> seen = pair.from_side(bea)
        >>> seen.exchange.a.name, seen.exchange.points, seen.rows_won, seen.scoop, seen.royalties_a, seen.rows[0].winner
        ('Bea', 7, 3, 3, 1, 'a')
        >>> pair.from_side(ana) is pair
        True
        """
        exchange = self.exchange.from_side(seat)
        if exchange is self.exchange:
            return self
        return PairWhy(
            exchange,
            rows=tuple(row.swapped() for row in self.rows),
            rows_won=self.rows_lost,
            rows_lost=self.rows_won,
            scoop=-self.scoop,
            royalties_a=self.royalties_b,
            royalties_b=self.royalties_a,
            foul=_OTHER_SIDE.get(self.foul or "", self.foul),
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


def _score(seat: SeatView, rules: RuleSet) -> BoardResult | None:
    try:
        cards = CardBoard.parse(top=seat.top, middle=seat.middle, bottom=seat.bottom)
        return score_board(cards, rules, seat.fantasyland_cards)
    except InvalidHand:
        return None


def board_view(seat: SeatView, rules: RuleSet, result: BoardResult | None = None) -> BoardView:
    """A stored board drawn as cards, each row with its hand in words and its royalty."""
    result = result or _score(seat, rules)
    rows = []
    for index, row in enumerate(ROWS):
        text = seat.cards[index]
        size = ROW_SIZES[row]
        value = result.values[index] if result is not None else None
        description = describe_row(value, cards=len(text.split()), size=size)
        rows.append((row, _cards(text), description, seat.royalties[index]))
    return BoardView(tuple(rows))


def explain_pairs(view: HandView, rules: RuleSet) -> list[PairWhy]:
    """Every exchange of one hand (the read model, `vpt.rounds.hand_view`) explained, in payment
    order: the rows compared by the engine (`compare_boards`) on the stored cards."""
    results = {seat.position: _score(seat, rules) for seat in view.seats}
    explained = []
    for exchange in view.exchanges:
        a, b = exchange.a, exchange.b
        ra, rb = results[a.position], results[b.position]
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
            royalties = 0 if a.fouled else a.royalty_total, 0 if b.fouled else b.royalty_total
        explained.append(PairWhy(exchange, rows, won, lost, scoop, royalties[0], royalties[1], foul))
    return explained
