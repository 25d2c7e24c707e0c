"""The "why" texts read the engine: row verdicts from compare_boards, payer and the out rule."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from boards import ACES_FULL, JACKS, QUEENS_FULL

from vpt.ofc import Board, get_ruleset, score_board, settle
from vpt.standings.why import explain_pairs

RULES = get_ruleset("progressive")


def stored(pk: int, name: str, cards: dict[str, str], stack: int) -> Any:
    result = score_board(Board.parse(**cards), RULES)
    return SimpleNamespace(
        pk=pk,
        entry=name,
        entry_id=pk,
        fouled=result.fouled,
        royalties=result.royalties,
        fantasyland_cards=0,
        stack_before=stack,
        **cards,
    )


def test_a_player_on_zero_who_owes_again_cannot_pay() -> None:
    # P1 (queens full, 300 chips) pays the jacks its exact 300, then owes the aces full 100.
    boards = [stored(1, "Ana", QUEENS_FULL, 300), stored(2, "Ben", JACKS, 10000), stored(3, "Cid", ACES_FULL, 10000)]
    settlement = settle([-3, -1, 3], [300, 10000, 10000], chips_per_point=100)
    exchanges = [
        SimpleNamespace(
            order=order,
            board_a_id=e.a + 1,
            board_b_id=e.b + 1,
            points=e.points,
            chips_due=e.chips_due,
            chips_paid=e.chips_paid,
            capped=e.capped,
            skipped=e.skipped,
        )
        for order, e in enumerate(settlement.exchanges)
    ]

    first, second, third = explain_pairs(boards, exchanges, RULES)

    assert (first.payer, first.payee, first.payer_out) == ("Ana", "Ben", False)
    assert [row.winner for row in first.rows] == ["b", "b", "a"]  # compare_boards: two pair tens > nines
    assert (second.payer, second.payee, second.payer_out, second.cannot_pay) == ("Ana", "Cid", True, True)
    assert (third.payer, third.payee, third.cannot_pay) == ("Cid", "Ben", False)
