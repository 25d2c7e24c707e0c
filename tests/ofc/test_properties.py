"""Properties over random legal deals (hypothesis): points are antisymmetric and sum to zero,
settlements conserve chips and respect both caps (style.md §2; issue 2, "Tests and figures")."""

from hypothesis import given, settings
from hypothesis import strategies as st

from vpt.ofc import (
    Board,
    PlayerHand,
    compare_boards,
    deck,
    get_ruleset,
    payment_order,
    points_between,
    score_board,
    score_hand,
    settle,
)

VARIANTS = ["progressive", "regular", "joker-ultimate", "classic"]
DECK = deck()
# Boards of a dealt table: 13 distinct cards each; some rows may be left short (unfinished).
SHORTS = st.sampled_from([(3, 5, 5)] * 6 + [(2, 5, 5), (3, 4, 5), (3, 5, 0), (0, 0, 0)])


@st.composite
def tables(draw: st.DrawFn, max_players: int = 3) -> tuple[str, list[Board]]:
    variant = draw(st.sampled_from(VARIANTS))
    players = draw(st.integers(2, 4 if variant == "classic" else 3))
    players = min(players, max_players)
    cards = draw(st.permutations(DECK))[: 13 * players]
    boards = []
    for seat in range(players):
        mine = cards[13 * seat : 13 * seat + 13]
        top, middle, bottom = draw(SHORTS)
        boards.append(
            Board(top=tuple(mine[:top]), middle=tuple(mine[3 : 3 + middle]), bottom=tuple(mine[8 : 8 + bottom]))
        )
    return variant, boards


@settings(max_examples=150, deadline=None)
@given(tables(max_players=2))
def test_points_between_two_boards_are_antisymmetric(table: tuple[str, list[Board]]) -> None:
    variant, (first, second) = table
    rules = get_ruleset(variant)
    a, b = score_board(first, rules), score_board(second, rules)
    assert points_between(a, b, rules.scoop_bonus) == -points_between(b, a, rules.scoop_bonus)
    if a.fouled and b.fouled:
        assert points_between(a, b) == 0
    # compare_boards explains exactly what the engine scores, from either side.
    comparison, reverse = compare_boards(a, b, rules), compare_boards(b, a, rules)
    assert comparison.points == points_between(a, b, rules.scoop_bonus) == -reverse.points
    assert comparison.rows_won == reverse.rows_lost and comparison.scoop == -reverse.scoop


@settings(max_examples=150, deadline=None)
@given(tables(max_players=4), st.lists(st.integers(1, 30000), min_size=4, max_size=4), st.integers(1, 500))
def test_a_hand_nets_to_zero_and_settles_safely(
    table: tuple[str, list[Board]], stacks: list[int], chips_per_point: int
) -> None:
    variant, boards = table
    players = [PlayerHand(f"P{i + 1}", board, stacks[i]) for i, board in enumerate(boards)]
    result = score_hand(players, get_ruleset(variant), chips_per_point)
    assert sum(result.points) == 0
    assert result.settlement is not None
    _check_settlement(result.pair_points, stacks[: len(boards)], chips_per_point, result.settlement)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(-150, 150), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2),
            st.lists(st.integers(1, 100000), min_size=n, max_size=n),
            st.integers(1, 1000),
        )
    )
)
def test_any_settlement_is_safe(case: tuple[list[int], list[int], int]) -> None:
    points, stacks, chips_per_point = case
    _check_settlement(tuple(points), stacks, chips_per_point, settle(points, stacks, chips_per_point))


def _check_settlement(points: tuple[int, ...], stacks: list[int], chips_per_point: int, result) -> None:  # type: ignore[no-untyped-def]
    assert sum(result.stacks_after) == sum(stacks)  # chips conserved
    holding = list(stacks)
    out = [False] * len(stacks)
    for (a, b), exchange, pair_points in zip(payment_order(len(stacks)), result.exchanges, points, strict=True):
        assert (exchange.a, exchange.b, exchange.points) == (a, b, pair_points)
        assert exchange.chips_due == abs(pair_points) * chips_per_point
        assert exchange.skipped == (out[a] or out[b])
        paid = abs(exchange.chips_paid)
        if exchange.skipped:
            assert paid == 0
        else:
            winner, loser = (a, b) if pair_points > 0 else (b, a)
            assert exchange.chips_paid * pair_points >= 0  # signed like the points
            assert paid <= stacks[winner]  # the winner's starting stack
            assert paid <= holding[loser]  # what the loser holds at that moment
            assert paid == min(exchange.chips_due, stacks[winner], holding[loser])
            # Out only when the payment could not be made in full (exactly everything is in full).
            assert out[loser] is False
            out[loser] = paid < min(exchange.chips_due, stacks[winner])
            holding[loser] -= paid
            holding[winner] += paid
        assert exchange.capped == (paid < exchange.chips_due)
        assert all(chips >= 0 for chips in holding)
    assert list(result.stacks_after) == holding
    assert all(chips >= 0 for chips in result.stacks_after)
    assert list(result.eliminated) == [chips == 0 for chips in result.stacks_after]


def test_property_tests_do_not_depend_on_machine_speed() -> None:
    # tests/conftest.py loads a profile without Hypothesis's 200 ms deadline (issue 13).
    assert settings.default.deadline is None
