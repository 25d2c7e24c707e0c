"""Every royalty line of every row in every preset, written out from ofc-rules.md "Royalties"
(Progressive, Regular, Classic; Joker Ultimate uses the same tables)."""

import pytest

from vpt.ofc import Board, get_ruleset, parse_cards, row_value, royalty, score_board

VARIANTS = ["progressive", "regular", "joker-ultimate", "classic"]

# ofc-rules.md, "Royalties", bottom: straight / flush / full house / quads / straight flush / royal flush
BOTTOM = [
    ("9d Kc 7h 4s 2d", 0),
    ("Kd Kc 7h 4s 2d", 0),
    ("Kd Kc 7h 7s 2d", 0),
    ("Kd Kc Kh 7s 2d", 0),
    ("As 2d 3c 4h 5s", 2),
    ("Ts Jd Qc Kh As", 2),
    ("2h 5h 9h Jh Ah", 4),
    ("Kd Kc Kh 7s 7d", 6),
    ("Kd Kc Kh Ks 2d", 10),
    ("As 2s 3s 4s 5s", 15),
    ("9h Th Jh Qh Kh", 15),
    ("Ts Js Qs Ks As", 25),
]
# ofc-rules.md, "Royalties", middle: trips / straight / flush / full house / quads / straight flush / royal flush
MIDDLE = [
    ("9d Kc 7h 4s 2d", 0),
    ("Kd Kc 7h 4s 2d", 0),
    ("Kd Kc 7h 7s 2d", 0),
    ("2d 2c 2h 7s 9d", 2),
    ("Ad Ac Ah 7s 9d", 2),
    ("As 2d 3c 4h 5s", 4),
    ("Ts Jd Qc Kh As", 4),
    ("2h 5h 9h Jh Ah", 8),
    ("Kd Kc Kh 7s 7d", 12),
    ("Kd Kc Kh Ks 2d", 20),
    ("As 2s 3s 4s 5s", 30),
    ("9h Th Jh Qh Kh", 30),
    ("Ts Js Qs Ks As", 50),
]
# ofc-rules.md, "Royalties", top: 66 77 88 99 TT JJ QQ KK AA -> 1..9; 222 .. AAA -> 10..22
TOP = [
    ("Ad Kc 2h", 0),
    ("2s 2h Ac", 0),
    ("5s 5h Ac", 0),
    ("6s 6h 2c", 1),
    ("7s 7h 2c", 2),
    ("8s 8h 2c", 3),
    ("9s 9h 2c", 4),
    ("Ts Th 2c", 5),
    ("Js Jh 2c", 6),
    ("Qs Qh 2c", 7),
    ("Ks Kh 2c", 8),
    ("As Ah 2c", 9),
    ("2s 2h 2c", 10),
    ("3s 3h 3c", 11),
    ("4s 4h 4c", 12),
    ("5s 5h 5c", 13),
    ("6s 6h 6c", 14),
    ("7s 7h 7c", 15),
    ("8s 8h 8c", 16),
    ("9s 9h 9c", 17),
    ("Ts Th Tc", 18),
    ("Js Jh Jc", 19),
    ("Qs Qh Qc", 20),
    ("Ks Kh Kc", 21),
    ("As Ah Ac", 22),
]
LINES = (
    [("bottom", *line) for line in BOTTOM] + [("middle", *line) for line in MIDDLE] + [("top", *line) for line in TOP]
)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("row", "cards", "points"), LINES)
def test_royalty_line(variant: str, row: str, cards: str, points: int) -> None:
    assert royalty(row, row_value(parse_cards(cards)), get_ruleset(variant)) == points


@pytest.mark.parametrize("variant", VARIANTS)
def test_royalties_on_a_whole_board(variant: str) -> None:
    # Top trips 7s (15), middle flush (8), bottom quads (10).
    board = Board.parse(top="7s 7h 7c", middle="2h 5h 9h Jh Ah", bottom="Kd Kc Kh Ks 2d")
    result = score_board(board, get_ruleset(variant))
    assert not result.fouled
    assert result.royalties == {"top": 15, "middle": 8, "bottom": 10}
    assert result.royalty_total == 33


@pytest.mark.parametrize("row", ["middle", "bottom"])
def test_royal_flush_is_more_than_a_straight_flush(row: str) -> None:
    rules = get_ruleset("progressive")
    royal = royalty(row, row_value(parse_cards("Ts Js Qs Ks As")), rules)
    king_high = royalty(row, row_value(parse_cards("9s Ts Js Qs Ks")), rules)
    assert (royal, king_high) == ((50, 30) if row == "middle" else (25, 15))


def test_joker_royal_flush_earns_the_royal_flush_royalty() -> None:
    rules = get_ruleset("joker-ultimate")
    assert royalty("bottom", row_value(parse_cards("Ts Js Qs Ks JK")), rules) == 25
    assert royalty("top", row_value(parse_cards("Qs JK 2c")), rules) == 7
    assert royalty("top", row_value(parse_cards("JK JK 2c")), rules) == 10


@pytest.mark.parametrize(("row", "points"), [("middle", 50), ("bottom", 25)])
def test_five_of_a_kind_earns_the_royal_flush_royalty(row: str, points: int) -> None:
    rules = get_ruleset("joker-ultimate")
    assert royalty(row, row_value(parse_cards("9s 9h 9d 9c JK")), rules) == points
    assert royalty(row, row_value(parse_cards("2s 2h 2d JK JK")), rules) == points
    # Rule-set data: a TD may change it.
    house = rules.with_overrides({f"{row}_royalties": {**getattr(rules, f"{row}_royalties"), "five_of_a_kind": 99}})
    assert royalty(row, row_value(parse_cards("9s 9h 9d 9c JK")), house) == 99


def test_five_of_a_kind_board() -> None:
    rules = get_ruleset("joker-ultimate")
    board = Board.parse(top="Qs Qh 2c", middle="Ts Js Qd Kd Ah", bottom="9s 9h 9d 9c JK")
    result = score_board(board, rules)
    assert not result.fouled and result.royalties == {"top": 7, "middle": 4, "bottom": 25}


@pytest.mark.parametrize("variant", VARIANTS)
def test_fouled_board_earns_no_royalties(variant: str) -> None:
    # Royal flush middle over a straight-flush bottom: fouled, so no 50, no 15, no 22.
    board = Board.parse(top="As Ah Ac", middle="Td Jd Qd Kd Ad", bottom="2h 3h 4h 5h 6h")
    result = score_board(board, get_ruleset(variant))
    assert result.fouled and not result.unfinished
    assert result.royalties == {"top": 0, "middle": 0, "bottom": 0} and result.royalty_total == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_unfinished_board_earns_no_royalties(variant: str) -> None:
    board = Board.parse(top="As Ah Ac", middle="Td Jd Qd Kd Ad", bottom="")
    result = score_board(board, get_ruleset(variant))
    assert result.fouled and result.unfinished and result.royalty_total == 0
