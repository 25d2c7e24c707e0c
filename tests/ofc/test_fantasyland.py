"""Every Fantasyland rule of every variant (ofc-rules.md "Fantasyland (FL)", the table)."""

import pytest

from vpt.ofc import Board, get_ruleset, score_board

VARIANTS = ["progressive", "regular", "joker-ultimate", "classic"]

# Unfouled boards, by what the top row and the lower rows hold.
MIDDLE, BOTTOM = "Kd Kc 8h 8s 3d", "3h 5h 9h Jh Ah"  # two pair, flush: no stay by themselves
TOPS = {
    "JJ": "Js Jh 2c",
    "QQ": "Qs Qh 2c",
    "KK": "Ks Kh 2c",
    "AA": "As Ah 2c",
    "222": "2s 2h 2c",
    "AAA": "As Ah Ac",
}
# ofc-rules.md: enter with top QQ or better; the deal on entry per variant.
ENTRY = {
    "progressive": {"JJ": 0, "QQ": 14, "KK": 15, "AA": 16, "222": 17, "AAA": 17},
    "regular": {"JJ": 0, "QQ": 14, "KK": 14, "AA": 14, "222": 14, "AAA": 14},
    "joker-ultimate": {"JJ": 0, "QQ": 14, "KK": 15, "AA": 16, "222": 17, "AAA": 17},
    "classic": {"JJ": 0, "QQ": 13, "KK": 13, "AA": 13, "222": 13, "AAA": 13},
}


def board(top: str, middle: str = MIDDLE, bottom: str = BOTTOM) -> Board:
    return Board.parse(top=top, middle=middle, bottom=bottom)


def next_cards(variant: str, b: Board, dealt: int = 0) -> int:
    result = score_board(b, get_ruleset(variant), fantasyland_cards=dealt)
    assert not result.fouled
    return result.fantasyland_next_cards


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("top", list(TOPS))
def test_entry_threshold_and_deal(variant: str, top: str) -> None:
    middle = "4c 5d 6h 7s 8c" if len(top) == 3 else MIDDLE  # trips on top need a middle above them
    assert next_cards(variant, board(TOPS[top], middle=middle)) == ENTRY[variant][top]


def test_joker_queens_enter_like_natural_queens() -> None:
    assert next_cards("joker-ultimate", board("Qs JK 2c")) == 14
    assert next_cards("joker-ultimate", board("JK JK 2c", middle="4c 5d 6h 7s 8c")) == 17


# Deals a player may have been dealt for the current FL hand, per variant.
DEALT = {"progressive": [14, 15, 16, 17], "regular": [14], "joker-ultimate": [14, 15, 16, 17], "classic": [13]}


def _stay_deal(variant: str, dealt: int) -> int:
    # ofc-rules.md: progressive and regular 14, joker-ultimate the same as the current deal, classic 13.
    return {"progressive": 14, "regular": 14, "joker-ultimate": dealt, "classic": 13}[variant]


STAYS = [(variant, dealt) for variant in VARIANTS for dealt in DEALT[variant]]


@pytest.mark.parametrize(("variant", "dealt"), STAYS)
def test_stay_with_top_trips(variant: str, dealt: int) -> None:
    b = board("2s 2h 2c", middle="4c 5d 6h 7s 8c")
    assert next_cards(variant, b, dealt) == _stay_deal(variant, dealt)


@pytest.mark.parametrize(("variant", "dealt"), STAYS)
@pytest.mark.parametrize("bottom", ["9s 9h 9d 9c 4d", "5c 6c 7c 8c 9c", "Ts Js Qs Ks As"])
def test_stay_with_bottom_quads_or_better(variant: str, dealt: int, bottom: str) -> None:
    b = board("Js Jh 2c", bottom=bottom)
    assert next_cards(variant, b, dealt) == _stay_deal(variant, dealt)


def test_stay_with_bottom_five_of_a_kind() -> None:
    assert next_cards("joker-ultimate", board("Js Jh 2c", bottom="9s 9h 9d 9c JK"), 16) == 16


@pytest.mark.parametrize(("variant", "dealt"), STAYS)
def test_middle_full_house_stays_in_classic_only(variant: str, dealt: int) -> None:
    b = board("Js Jh 2c", middle="Kd Kc Kh 8s 8d", bottom="Ad Ac Ah 4s 4d")
    assert next_cards(variant, b, dealt) == (13 if variant == "classic" else 0)


def test_classic_middle_quads_stays_and_middle_flush_does_not() -> None:
    quads = board("Js Jh 2c", middle="8s 8h 8d 8c 3d", bottom="9c Tc Jc Qc Kc")
    assert next_cards("classic", quads, 13) == 13
    flush = board("Js Jh 2c", middle="4d 6d 7d 9d Td", bottom="Ad Ac Ah 4s 4h")
    assert next_cards("classic", flush, 13) == 0


@pytest.mark.parametrize(("variant", "dealt"), STAYS)
@pytest.mark.parametrize("top", ["QQ", "KK", "AA"])
def test_a_fantasyland_pair_on_top_leaves(variant: str, dealt: int, top: str) -> None:
    # Entry strength is not stay strength: QQ-AA without trips or bottom quads leaves FL.
    assert next_cards(variant, board(TOPS[top]), dealt) == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_fouled_board_never_enters(variant: str) -> None:
    fouled = Board.parse(top="As Ah Ac", middle="Kd Kc 8h 8s 3d", bottom="3h 5h 9h Jh Ah")
    result = score_board(fouled, get_ruleset(variant))
    assert result.fouled and result.fantasyland_next_cards == 0


@pytest.mark.parametrize(("variant", "dealt"), STAYS)
def test_a_fouled_board_never_stays(variant: str, dealt: int) -> None:
    # Top trips and bottom quads, but the middle is under the top.
    fouled = Board.parse(top="As Ah Ac", middle="Kd Kc 8h 7s 3d", bottom="9s 9h 9d 9c 4d")
    result = score_board(fouled, get_ruleset(variant), fantasyland_cards=dealt)
    assert result.fouled and result.fantasyland_next_cards == 0


@pytest.mark.parametrize(("variant", "dealt"), STAYS)
def test_an_unfinished_fantasyland_board_never_stays(variant: str, dealt: int) -> None:
    short = Board.parse(top="2s 2h 2c", middle="4c 5d 6h 7s 8c", bottom="9s 9h 9d 9c")
    result = score_board(short, get_ruleset(variant), fantasyland_cards=dealt)
    assert result.fouled and result.unfinished and result.fantasyland_next_cards == 0


@pytest.mark.parametrize(
    ("variant", "deals"),
    [("progressive", {14, 15, 16, 17}), ("regular", {14}), ("joker-ultimate", {14, 15, 16, 17}), ("classic", {13})],
)
def test_fantasyland_deals(variant: str, deals: set[int]) -> None:
    assert get_ruleset(variant).fantasyland_deals == deals


def test_house_rules_change_fantasyland_without_code() -> None:
    rules = get_ruleset("progressive").with_overrides(
        {"fantasyland_entry": [["KK", 15]], "fantasyland_stay_top": None, "fantasyland_stay_bottom": "full_house"}
    )
    queens = score_board(board("Qs Qh 2c"), rules)
    assert queens.fantasyland_next_cards == 0
    assert score_board(board("Ks Kh 2c", middle="Ad Ac 8h 8s 3d"), rules).fantasyland_next_cards == 15
    full = board("Js Jh 2c", bottom="Ad Ac Ah 4s 4d")
    assert score_board(full, rules, fantasyland_cards=15).fantasyland_next_cards == 14
    assert score_board(board("2s 2h 2c", middle="4c 5d 6h 7s 8c"), rules, 15).fantasyland_next_cards == 0
