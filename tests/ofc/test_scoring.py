"""Points between boards and whole hands (ofc-rules.md "Points between two players"), with worked
examples from the rules sources: the VPT rulebook (seeds/000), the classic OFC guide (seeds/001)
and the Regular/Ultimate guide (seeds/002)."""

import pytest

from vpt.ofc import (
    Board,
    BoardResult,
    Foul,
    PlayerHand,
    Verdict,
    compare_boards,
    foul_of,
    get_ruleset,
    points_between,
    score_board,
    score_hand,
    score_json,
)

PROGRESSIVE = get_ruleset("progressive")


def scored(top: str, middle: str, bottom: str, variant: str = "progressive") -> BoardResult:
    return score_board(Board.parse(top=top, middle=middle, bottom=bottom), get_ruleset(variant))


# No royalties anywhere in these, so only rows and the scoop count. With FOULED below they use
# the 52 cards once each, so any of them can share a table.
PLAIN_A = ("4s 4h 2c", "Kd Kc 8h 3s 2d", "Ad Ac 9h 7s 5d")
PLAIN_B = ("3h 3d 6c", "Qd Qc 8d 5h 2s", "Ah As 9c 6s 5c")  # loses every row to A
PLAIN_C = ("4d 4c 2h", "Qh Qs 8c 3c 6d", "Kh Ks 9d 6h 5s")  # ties the top with A, loses the rest
FOULED = ("Js Jh Jd", "Ts Th Td 7h 7d", "8s 9s 7c Tc Jc")  # middle full house over a bottom straight


def test_scoop_is_six_points() -> None:
    # VPT rulebook, Scoring: "Unless you win all three hands, then it is three points. So a six-point total."
    a, b = scored(*PLAIN_A), scored(*PLAIN_B)
    assert (a.royalty_total, b.royalty_total) == (0, 0)
    assert points_between(a, b) == 6 and points_between(b, a) == -6


def test_a_tied_row_scores_nothing_and_spoils_the_scoop() -> None:
    a, c = scored(*PLAIN_A), scored(*PLAIN_C)
    assert points_between(a, c) == 2 and points_between(c, a) == -2


def test_two_rows_won_one_lost() -> None:
    # Classic OFC guide, Scoring: "won two of the three hands they will score 1 point".
    # Regular/Ultimate guide, 05: "+1 +1 -1 = +1 point ... Winning two rows does not earn a scoop."
    a = scored(*PLAIN_A)
    b = scored("5s 5h 3c", "Qd Qc 8d 5h 2s", "Ah As 9c 6s 5c")
    assert points_between(a, b) == 1 and points_between(b, a) == -1


def test_all_rows_tied() -> None:
    a = scored(*PLAIN_A)
    twin = scored("4d 4c 2h", "Kh Ks 8d 3c 2s", "Ah As 9d 7c 5h")
    assert points_between(a, twin) == 0 == points_between(twin, a)


def test_royalty_difference_is_added() -> None:
    # Regular/Ultimate guide, 05: "Add your royalties and subtract the opponent's."
    a = scored("6s 6h 2c", "Kd Kc 8h 3s 2d", "Ad Ac 9h 7s 5d")  # 1 royalty, beats B's rows
    b = scored("3s 3h 2d", "Qd Qc 8d 3h 2s", "4c 5c 6c 8c Jc")  # 4 (bottom flush)
    assert (a.royalty_total, b.royalty_total) == (1, 4)
    # A wins top and middle, loses the bottom: rows +1; royalties 1 - 4.
    assert points_between(a, b) == 1 + 1 - 4
    assert points_between(b, a) == -(1 + 1 - 4)


def test_scoop_bonus_comes_from_the_rule_set() -> None:
    a, b = scored(*PLAIN_A), scored(*PLAIN_B)
    assert points_between(a, b, scoop_bonus=0) == 3
    assert points_between(a, b, scoop_bonus=5) == 8


def test_foul_against_a_board_that_did_not_foul() -> None:
    # Classic OFC guide, Multi Player Scoring: "that player will pay 6 units to each player plus any
    # royalties on hands that have not fouled."
    fouled = scored(*FOULED)
    assert fouled.fouled and fouled.values[1] > fouled.values[2]
    strong = scored("Qs Qh 3c", "Ks Kh 8d 8s 3d", "2h 5h 9h Jh Ah")  # royalties 7 + 0 + 4
    assert fouled.fouled and strong.royalty_total == 11
    assert points_between(strong, fouled) == 17 and points_between(fouled, strong) == -17


def test_a_fouled_board_collects_no_royalties_even_with_big_rows() -> None:
    # Regular/Ultimate guide, 04: "If only you foul ... you receive no royalties."
    fouled = scored("As Ah Ac", "Td Jd Qd Kd Ad", "2h 3h 4h 5h 6h")
    weak = scored(*PLAIN_B)
    assert fouled.fouled and fouled.royalty_total == 0
    assert points_between(weak, fouled) == 6


def test_two_fouls_exchange_nothing() -> None:
    # Classic OFC guide: "If both players have fouled their hand, the game is considered a tie."
    one, two = scored(*FOULED), scored("Ks Kh Kc", "Ad Ac 8h 3s 2d", "Qh Qs 9d 7c 5h")
    assert one.fouled and two.fouled
    assert points_between(one, two) == 0 == points_between(two, one)


def test_foul_example_top_kings_over_middle_queens() -> None:
    # Regular/Ultimate guide, 04: "top KK > middle QQ. Even with a bottom flush, this fouls."
    assert scored("Ks Kh 2c", "Qd Qc 8h 3s 2d", "2h 5h 9h Jh Ah").fouled


def test_foul_edge_cases() -> None:
    # ofc-rules.md "The board": top Q-Q-A over middle Q-Q-K-x-x fouls ...
    assert scored("Qs Qh Ac", "Qd Qc Kh 3s 2d", "2h 5h 9h Jh Ah").fouled
    # ... top Q-Q-5 under middle Q-Q-5-4-3 does not.
    assert not scored("Qs Qh 5c", "Qd Qc 5h 4s 3d", "2h 6h 9h Jh Ah").fouled


def test_equal_strength_does_not_foul() -> None:
    # Same straight in the middle and bottom, suits aside.
    result = scored("Ks Qh 2c", "9s Th Jd Qc Kh", "9d Tc Jh Qd Kd")
    assert not result.fouled and result.royalties == {"top": 0, "middle": 4, "bottom": 2}
    # Middle two pair equal to bottom two pair with the same kicker.
    assert not scored("2s 3h 4c", "Kd Kc 8h 8s 3d", "Kh Ks 8d 8c 3s").fouled


def test_unfinished_board_is_fouled() -> None:
    # VPT rulebook, Key Points: "If any player fails to lay down all 13 cards ... may be considered fouled."
    short = scored("Qs Qh", "Kd Kc 8h 8s 3d", "2h 5h 9h Jh Ah")
    assert short.fouled and short.unfinished and short.values == (None, short.values[1], short.values[2])
    assert short.hands["top"] == "unfinished"
    assert points_between(scored(*PLAIN_B), short) == 6
    empty = scored("", "", "")
    assert empty.fouled and empty.unfinished and empty.values == (None, None, None)
    assert points_between(short, empty) == 0


def test_regular_settlement_example() -> None:
    # Regular/Ultimate guide, 05 "A Regular settlement example against one opponent": +9 / -9.
    you = scored("Qs Qh 2c", "Kd Kc 8h 8s 3d", "2h 5h 9h Jh Ah", "regular")
    opponent = scored("Jc Jd 4s", "Th Tc 7d 7c 5s", "4c 5d 6h 7s 8c", "regular")
    assert (you.royalty_total, opponent.royalty_total) == (11, 8)
    assert you.royalties == {"top": 7, "middle": 0, "bottom": 4}
    assert opponent.royalties == {"top": 6, "middle": 0, "bottom": 2}
    assert points_between(you, opponent) == 9 and points_between(opponent, you) == -9


def test_the_worked_example_of_the_json_contract() -> None:
    # score-hand-json.md, Input and Output: Ana vs Ben, 9 points, 900 chips.
    output = score_json(
        {
            "variant": "progressive",
            "chips_per_point": 100,
            "players": [
                {
                    "name": "Ana",
                    "stack": 10000,
                    "fantasyland_cards": 0,
                    "top": "Qs Qh 2c",
                    "middle": "Kd Kc 8h 8s 3d",
                    "bottom": "2h 5h 9h Jh Ah",
                },
                {
                    "name": "Ben",
                    "stack": 8000,
                    "fantasyland_cards": 0,
                    "top": "Jc Jd 4s",
                    "middle": "Th Tc 7d 7c 5s",
                    "bottom": "4c 5d 6h 7s 8c",
                },
            ],
        }
    )
    ana, ben = output["players"]
    assert ana["hands"] == {
        "top": "pair of queens",
        "middle": "two pair, kings and eights",
        "bottom": "flush, ace high",
    }
    assert ana["royalties"] == {"top": 7, "middle": 0, "bottom": 4, "total": 11}
    assert (ana["points"], ana["fantasyland_next_cards"]) == (9, 14)
    assert (ana["stack_before"], ana["stack_after"]) == (10000, 10900)
    assert (ana["fouled"], ana["eliminated"]) == (False, False)
    assert (ben["points"], ben["fantasyland_next_cards"], ben["stack_after"]) == (-9, 0, 7100)
    assert output["exchanges"] == [
        {"a": "Ana", "b": "Ben", "points": 9, "chips_due": 900, "chips_paid": 900, "capped": False, "skipped": False}
    ]


def test_three_player_hand_nets_and_payment_order() -> None:
    # VPT rulebook, Payments: P1 vs P2, P1 vs P3 (button), P2 vs P3.
    boards = [Board.parse(top=t, middle=m, bottom=b) for t, m, b in (PLAIN_A, PLAIN_B, FOULED)]
    players = [PlayerHand(name, board) for name, board in zip(("P1", "P2", "P3"), boards, strict=True)]
    result = score_hand(players, PROGRESSIVE)
    assert result.pair_points == (6, 6, 6)  # A scoops B; both beat the foul by 6
    assert result.points == (12, 0, -12)
    assert sum(result.points) == 0
    assert result.settlement is None


def test_four_player_classic_pairs() -> None:
    # ofc-rules.md "Button, deal and payment order": P1-P2, P1-P3, P1-P4, P2-P3, P2-P4, P3-P4.
    rows = [PLAIN_A, PLAIN_B, PLAIN_C, FOULED]
    players = [PlayerHand(f"P{i + 1}", Board.parse(top=t, middle=m, bottom=b)) for i, (t, m, b) in enumerate(rows)]
    result = score_hand(players, get_ruleset("classic"))
    # B-C: C wins top (44 over 33) and middle (Q-Q-8-6 over Q-Q-8-5), B the bottom: -1.
    assert result.pair_points == (6, 2, 6, -1, 6, 6)
    assert result.points == (14, -1, 5, -18)


@pytest.mark.parametrize("variant", ["progressive", "regular", "joker-ultimate", "classic"])
def test_royalties_add_up_in_every_variant(variant: str) -> None:
    you = scored("Qs Qh 2c", "Kd Kc 8h 8s 3d", "2h 5h 9h Jh Ah", variant)
    opponent = scored("Jc Jd 4s", "Th Tc 7d 7c 5s", "4c 5d 6h 7s 8c", variant)
    assert points_between(you, opponent) == 9


# -- compare_boards: the row verdicts behind points_between ---------------------------------------


def verdicts(a: BoardResult, b: BoardResult) -> list[str]:
    return [str(row.verdict) for row in compare_boards(a, b, PROGRESSIVE).rows]


def test_compare_a_scoop() -> None:
    a, b = scored(*PLAIN_A), scored(*PLAIN_B)
    comparison = compare_boards(a, b, PROGRESSIVE)
    assert [row.row for row in comparison.rows] == ["top", "middle", "bottom"]
    assert verdicts(a, b) == ["a", "a", "a"] and verdicts(b, a) == ["b", "b", "b"]
    assert (comparison.fouled, comparison.rows_won, comparison.rows_lost, comparison.scoop) == (None, 3, 0, 3)
    assert comparison.points == 6 == points_between(a, b)
    assert compare_boards(b, a, PROGRESSIVE).scoop == -3


def test_compare_a_tied_row() -> None:
    a, c = scored(*PLAIN_A), scored(*PLAIN_C)
    comparison = compare_boards(a, c, PROGRESSIVE)
    assert [row.verdict for row in comparison.rows] == [Verdict.TIE, Verdict.A, Verdict.A]
    assert not any(row.by_foul for row in comparison.rows)
    assert (comparison.rows_won, comparison.scoop, comparison.points) == (2, 0, 2)
    assert comparison.rows[0].a_value == a.values[0] and comparison.rows[0].b_value == c.values[0]


def test_compare_with_royalties() -> None:
    # Regular/Ultimate guide, 05: "Add your royalties and subtract the opponent's."
    ana = scored("Qs Qh 2c", "Kd Kc 8h 8s 3d", "2h 5h 9h Jh Ah")
    ben = scored("Jc Jd 4s", "Th Tc 7d 7c 5s", "4c 5d 6h 7s 8c")
    comparison = compare_boards(ana, ben, PROGRESSIVE)
    assert (comparison.royalties_a, comparison.royalties_b, comparison.points) == (11, 8, 9)
    assert comparison.points == points_between(ana, ben)


def test_compare_a_foul_loses_every_row() -> None:
    # ofc-rules.md: a fouled board loses all three rows (6 points) to a board that did not foul,
    # and earns no royalties; the opponent still collects theirs.
    fouled, ana = scored(*FOULED), scored("Qs Qh 2c", "Kd Kc 8h 8s 3d", "2h 5h 9h Jh Ah")
    comparison = compare_boards(fouled, ana, PROGRESSIVE)
    assert comparison.fouled == "a"
    assert [row.verdict for row in comparison.rows] == [Verdict.B] * 3
    assert all(row.by_foul for row in comparison.rows)
    assert (comparison.rows_lost, comparison.scoop, comparison.royalties_a, comparison.royalties_b) == (3, -3, 0, 11)
    assert comparison.points == -17 == points_between(fouled, ana)
    assert compare_boards(ana, fouled, PROGRESSIVE).fouled == "b"
    assert verdicts(ana, fouled) == ["a", "a", "a"]


def test_compare_two_fouls_tie_every_row() -> None:
    fouled, short = scored(*FOULED), scored("Qs Qh", "", "")  # an unfinished board is fouled
    comparison = compare_boards(fouled, short, PROGRESSIVE)
    assert comparison.fouled == "both" and verdicts(fouled, short) == ["tie", "tie", "tie"]
    assert comparison.rows[1].b_value is None
    assert (comparison.scoop, comparison.points) == (0, 0)


def test_compare_uses_the_rule_sets_scoop() -> None:
    a, b = scored(*PLAIN_A), scored(*PLAIN_B)
    house = PROGRESSIVE.with_overrides({"scoop_bonus": 0})
    assert compare_boards(a, b, house).points == 3 == points_between(a, b, house.scoop_bonus)


@pytest.mark.parametrize(
    ("rows", "foul"),
    [
        (("Qs Qh 2c", "8d 8c 6h 4s 3d", "2h 5h 9h Jh Ah"), Foul("middle", above="top")),
        (("4s 4h 2c", "Kd Kc 8h 3s 2d", "Qd Qc 9h 7s 5d"), Foul("bottom", above="middle")),
        # The top over both rows: the middle is the first to break the order.
        (("As Ah Ac", "Kd Kc 8h 3s 2d", "Qd Qc 9h 7s 5d"), Foul("middle", above="top")),
        (("4s 4h", "Kd Kc 8h 3s 2d", "Ad Ac 9h 7s 5d"), Foul("top", cards=2)),
        (("4s 4h 2c", "Kd Kc 8h 3s 2d", ""), Foul("bottom", cards=0)),
        (PLAIN_A, None),
    ],
)
def test_the_engine_says_which_row_fouls(rows: tuple[str, str, str], foul: Foul | None) -> None:
    board = Board.parse(top=rows[0], middle=rows[1], bottom=rows[2])
    assert foul_of(board, score_board(board, PROGRESSIVE)) == foul
