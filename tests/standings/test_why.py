"""The "why" texts read the engine: row verdicts from compare_boards, payer and the out rule."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from boards import ACES_FULL, JACKS, QUEENS_FULL

from vpt.ofc import Board, get_ruleset, score_board, settle
from vpt.rounds.hand_view import ExchangeView, HandView, SeatView
from vpt.standings.why import explain_pairs

RULES = get_ruleset("progressive")


def stored(position: int, name: str, cards: dict[str, str], stack: int) -> SeatView:
    result = score_board(Board.parse(**cards), RULES)
    return SeatView(
        name,
        position,
        cards=(cards["top"], cards["middle"], cards["bottom"]),
        fouled=result.fouled,
        royalty_total=result.royalties,
        stack_before=stack,
        entry_id=position + 1,
    )


def test_a_player_on_zero_who_owes_again_cannot_pay() -> None:
    # P1 (queens full, 300 chips) pays the jacks its exact 300, then owes the aces full 100.
    seats = (stored(0, "Ana", QUEENS_FULL, 300), stored(1, "Ben", JACKS, 10000), stored(2, "Cid", ACES_FULL, 10000))
    settlement = settle([-3, -1, 3], [300, 10000, 10000], chips_per_point=100)
    exchanges = tuple(
        ExchangeView(order, seats[e.a], seats[e.b], e.points, e.chips_due, e.chips_paid, e.capped, e.skipped)
        for order, e in enumerate(settlement.exchanges)
    )
    hand: Any = SimpleNamespace(is_void=False)

    pairs = explain_pairs(HandView(hand, seats, exchanges), RULES)
    first, second, third = (pair.exchange for pair in pairs)

    assert (first.payer.name, first.payee.name, first.payer_out) == ("Ana", "Ben", False)
    assert [row.winner for row in pairs[0].rows] == ["b", "b", "a"]  # compare_boards: two pair tens > nines
    assert (second.payer.name, second.payee.name, second.payer_out, second.cannot_pay) == ("Ana", "Cid", True, True)
    assert (third.payer.name, third.payee.name, third.cannot_pay) == ("Cid", "Ben", False)
