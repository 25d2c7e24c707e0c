"""Settlement in chips (ofc-rules.md "Button, deal and payment order"; VPT rulebook, Payments)."""

import pytest

from vpt.ofc import Exchange, paid_short, payer_and_payee, payment_order, settle


def test_payment_order() -> None:
    # VPT rulebook, Payments: 1. P1 vs P2, 2. P1 vs P3 (button), 3. P2 vs P3.
    assert payment_order(2) == ((0, 1),)
    assert payment_order(3) == ((0, 1), (0, 2), (1, 2))
    # Four-handed (classic): P1-P2, P1-P3, P1-P4, P2-P3, P2-P4, P3-P4.
    assert payment_order(4) == ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def test_plain_two_player_payment() -> None:
    result = settle([9], [10000, 8000], chips_per_point=100)
    assert result.exchanges == (Exchange(0, 1, 9, 900, 900, capped=False, skipped=False),)
    assert result.stacks_after == (10900, 7100) and result.eliminated == (False, False)


def test_negative_points_pay_the_other_way() -> None:
    result = settle([-4], [1000, 1000], chips_per_point=10)
    assert result.exchanges[0].chips_paid == -40 and result.exchanges[0].chips_due == 40
    assert result.stacks_after == (960, 1040)


def test_zero_points_move_nothing() -> None:
    result = settle([0, 0, 0], [5, 5, 5], chips_per_point=100)
    assert [(e.chips_due, e.chips_paid, e.capped, e.skipped) for e in result.exchanges] == [(0, 0, False, False)] * 3
    assert result.stacks_after == (5, 5, 5) and result.eliminated == (False, False, False)


def test_winner_cap_is_the_winners_starting_stack() -> None:
    # VPT rulebook, Payments: "if they start the hand with 10,000 chips, they can only win 10,000 chips
    # from each player."
    result = settle([150, 150], [10000, 50000, 50000], chips_per_point=100)
    assert [(e.chips_due, e.chips_paid, e.capped) for e in result.exchanges[:2]] == [
        (15000, 10000, True),
        (15000, 10000, True),
    ]
    assert result.stacks_after[0] == 30000  # "can only triple their stack"


def test_cap_is_not_raised_by_earlier_wins() -> None:
    # VPT rulebook, Payments: "Chips from the first payout do not carry over to the second."
    result = settle([10, 30, 0], [1000, 5000, 5000], chips_per_point=100)
    first, second, _ = result.exchanges
    assert (first.chips_paid, first.capped) == (1000, False)
    # P1 now holds 2000, but still wins at most its starting 1000 from P3.
    assert (second.chips_due, second.chips_paid, second.capped) == (3000, 1000, True)
    assert result.stacks_after == (3000, 4000, 4000)


def test_capped_winner_on_the_button() -> None:
    # The short stack on the button wins 8 points from P1 but can take only its own 500.
    result = settle([9, -8, 2], [10000, 8000, 500], chips_per_point=100)
    assert [(e.chips_paid, e.capped) for e in result.exchanges] == [(900, False), (-500, True), (200, False)]
    assert result.stacks_after == (10400, 7300, 800)


def test_loser_pays_at_most_what_they_hold_and_is_eliminated() -> None:
    result = settle([-20], [300, 10000], chips_per_point=100)
    assert result.exchanges[0] == Exchange(0, 1, -20, 2000, -300, capped=True, skipped=False)
    assert result.stacks_after == (0, 10300) and result.eliminated == (True, False)


def test_paying_exactly_everything_and_ending_on_zero_eliminates() -> None:
    # ofc-rules.md: "Whoever ends the hand on 0 chips is eliminated."
    result = settle([-3], [300, 10000], chips_per_point=100)
    assert result.exchanges[0] == Exchange(0, 1, -3, 300, -300, capped=False, skipped=False)
    assert result.stacks_after == (0, 10300) and result.eliminated == (True, False)


# The exact-stack payment (ofc-rules.md "Button, deal and payment order", changed 2026-11-30; issue 13).
# Seed 000, Payments: "If a player does not have enough chips to make the first payout, they will be
# unable to collect or pay the second player": P1 below pays P2 its whole 1,000 in full, so it *did*
# have enough, and stays in the hand's later exchanges.


def test_zero_after_a_full_payment_then_wins() -> None:
    # Stacks 1,000 / 5,000 / 5,000, 100 a point. P1-P2: P1 owes 10 points = 1,000 and holds 1,000:
    # paid in full, P1 on 0. P1-P3: P1 wins 15 points = 1,500, capped at P1's starting 1,000.
    # P2-P3: P2 wins 2 points = 200. P1 ends on 1,000 and is not eliminated.
    result = settle([-10, 15, 2], [1000, 5000, 5000], chips_per_point=100)
    assert result.exchanges == (
        Exchange(0, 1, -10, 1000, -1000, capped=False, skipped=False),
        Exchange(0, 2, 15, 1500, 1000, capped=True, skipped=False),
        Exchange(1, 2, 2, 200, 200, capped=False, skipped=False),
    )
    assert result.stacks_after == (1000, 6200, 3800)
    assert result.eliminated == (False, False, False)


def test_zero_after_a_full_payment_then_loses() -> None:
    # As above, but P1 owes P3 3 points = 300 while holding 0: P1 cannot pay, pays 0, is out.
    result = settle([-10, -3, 2], [1000, 5000, 5000], chips_per_point=100)
    assert result.exchanges == (
        Exchange(0, 1, -10, 1000, -1000, capped=False, skipped=False),
        Exchange(0, 2, -3, 300, 0, capped=True, skipped=False),
        Exchange(1, 2, 2, 200, 200, capped=False, skipped=False),
    )
    assert result.stacks_after == (0, 6200, 4800)
    assert result.eliminated == (True, False, False)


def test_out_after_owing_on_zero_skips_the_rest() -> None:
    # Four-handed (classic), 100 a point: P1 pays P2 500 of 500 in full (on 0, still in), then owes
    # P3 1 point with nothing left: out, and P1-P4, which P1 would have won, is skipped.
    result = settle([-5, -1, 4, 0, 0, 0], [500, 2000, 2000, 2000], chips_per_point=100)
    assert [(e.chips_paid, e.capped, e.skipped) for e in result.exchanges[:3]] == [
        (-500, False, False),
        (0, True, False),
        (0, True, True),
    ]
    assert result.stacks_after == (0, 2500, 2000, 2000)
    assert result.eliminated == (True, False, False, False)


def test_zero_after_a_full_payment_then_a_tie_ends_on_zero() -> None:
    # P1 reaches 0 in full and neither pays nor collects again: no exchange is skipped, and ending
    # the hand on 0 eliminates.
    result = settle([-10, 0, 2], [1000, 5000, 5000], chips_per_point=100)
    assert [e.skipped for e in result.exchanges] == [False, False, False]
    assert result.stacks_after == (0, 6200, 4800)
    assert result.eliminated == (True, False, False)


def test_zero_after_winning_back_what_was_lost_is_not_out() -> None:
    # P2 starts with 500 and loses all of it to P1 in full, then wins 300 from P3.
    result = settle([5, 0, 3], [5000, 500, 5000], chips_per_point=100)
    assert [(e.chips_paid, e.skipped) for e in result.exchanges] == [(500, False), (0, False), (300, False)]
    assert result.stacks_after == (5500, 300, 4700) and result.eliminated == (False, False, False)


def test_payer_and_payee() -> None:
    first, second, third = settle([-12, 7, 0], [400, 2000, 3000], chips_per_point=100).exchanges
    assert (first.payer, first.payee) == (0, 1)
    # A skipped exchange still names who owes whom; 0 points name nobody.
    assert (second.payer, second.payee, second.skipped) == (2, 0, True)
    assert (third.payer, third.payee) == (None, None)


def test_holdings_at_that_moment_count_not_the_start() -> None:
    # P2 loses 600 of 1000 to P1, then owes P3 800 but holds only 400.
    result = settle([6, 0, -8], [5000, 1000, 5000], chips_per_point=100)
    assert [(e.chips_paid, e.capped) for e in result.exchanges] == [(600, False), (0, False), (-400, True)]
    assert result.stacks_after == (5600, 0, 5400) and result.eliminated == (False, True, False)


def test_earlier_wins_let_a_loser_pay_more_later() -> None:
    # P2 starts with 500, wins 500 from P1 (cap: its own 500), then can pay P3 up to 1000.
    result = settle([-10, 0, -10], [5000, 500, 5000], chips_per_point=100)
    assert [(e.chips_paid, e.capped) for e in result.exchanges] == [(-500, True), (0, False), (-1000, False)]
    assert result.stacks_after == (4500, 0, 6000) and result.eliminated == (False, True, False)


def test_a_player_who_cannot_pay_in_full_skips_later_exchanges() -> None:
    # VPT rulebook, Payments: "If a player does not have enough chips to make the first payout, they
    # will be unable to collect or pay the second player and will be eliminated from the game."
    result = settle([-12, 7, 5], [400, 2000, 3000], chips_per_point=100)
    first, second, third = result.exchanges
    assert first == Exchange(0, 1, -12, 1200, -400, capped=True, skipped=False)
    # P1 would have collected 700 from P3: skipped, yet it reports its points and chips due.
    assert second == Exchange(0, 2, 7, 700, 0, capped=True, skipped=True)
    assert third == Exchange(1, 2, 5, 500, 500, capped=False, skipped=False)
    assert result.stacks_after == (0, 2900, 2500)
    assert result.eliminated == (True, False, False)


def test_skipped_exchange_with_zero_points() -> None:
    result = settle([-12, 0, 5], [400, 2000, 3000], chips_per_point=100)
    assert result.exchanges[1] == Exchange(0, 2, 0, 0, 0, capped=False, skipped=True)


def test_two_eliminated_in_one_hand() -> None:
    # Four-handed: P1 and P2 both go broke; their later exchanges are all skipped.
    result = settle([0, -5, 0, -5, 0, 9], [100, 100, 1000, 1000], chips_per_point=100)
    assert [e.skipped for e in result.exchanges] == [False, False, True, False, True, False]
    assert result.eliminated == (True, True, False, False)
    # P3 collects 100 from each of them, then 900 from P4.
    assert result.stacks_after == (0, 0, 2100, 100)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chips_are_conserved(players: int) -> None:
    stacks = [700, 12000, 3000, 450][:players]
    points = [13, -7, 22, -40, 5, 9][: len(payment_order(players))]
    result = settle(points, stacks, chips_per_point=100)
    assert sum(result.stacks_after) == sum(stacks)
    for seat in range(players):
        moved = sum(e.chips_paid for e in result.exchanges if e.a == seat) - sum(
            e.chips_paid for e in result.exchanges if e.b == seat
        )
        assert result.stacks_after[seat] == stacks[seat] + moved


def test_payer_and_payee_of_named_sides_follows_the_exchange() -> None:
    for points in (-12, 7, 0):
        exchange = settle([points], [5000, 5000], chips_per_point=100).exchanges[0]
        named = payer_and_payee("a", "b", points)
        expected = None if exchange.payer is None else ("ab"[exchange.payer], "ab"[exchange.payee or 0])
        assert named == expected


def test_paid_short_tells_a_full_payment_to_zero_from_one_that_cannot_be_made() -> None:
    # settle([-10, -4, 0], [1000, 5000, 5000], 100): P1 pays 1000 in full, then owes 400 holding 0.
    first, second, _ = settle([-10, -4, 0], [1000, 5000, 5000], chips_per_point=100).exchanges
    assert not paid_short(first.chips_due, first.chips_paid, 5000)
    assert paid_short(second.chips_due, second.chips_paid, 5000)
    # The winner's cap is not a short payment: a 500 stack takes 500 of 800 due.
    capped = settle([-8], [5000, 500], chips_per_point=100).exchanges[0]
    assert capped.capped and not paid_short(capped.chips_due, capped.chips_paid, 500)
