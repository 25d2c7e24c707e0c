"""The ``score_hand`` JSON contract (score-hand-json.md): every bad-input message, the output
shape, and sit-out auto-play (ofc-rules.md "Sit-out (auto-play)")."""

from typing import Any

import pytest

from vpt.ofc import InvalidHand, autoplay_board, get_ruleset, most_cards_dealt, parse_cards, read_hand, score_json

ANA = {"name": "Ana", "stack": 10000, "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"}
BEN = {"name": "Ben", "stack": 8000, "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"}
CAI = {"name": "Cai", "stack": 500, "top": "9c 9d Ac", "middle": "6d 6c 3s 3c 2s", "bottom": "Ts Js Qc Ks Ad"}


def hand(*players: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"variant": "progressive", "chips_per_point": 100, "players": list(players), **fields}


BAD = [
    (hand(ANA, BEN, variant="omaha"),
     'variant: unknown variant "omaha" (expected progressive, regular, joker-ultimate, classic)'),
    (hand(ANA, BEN, variant=3), "variant: 3 is not a variant name"),
    (hand(ANA), "players: 1 players, progressive seats 2 to 3"),
    (hand(ANA, BEN, CAI, {"name": "Dee"}), "players: 4 players, progressive seats 2 to 3"),
    (hand({}, {}, {}, {}, {}, variant="classic"), "players: 5 players, classic seats 2 to 4"),
    ({"players": "Ana, Ben"}, "players: expected a list of 2 or 3 players"),
    ({}, "players: expected a list of 2 or 3 players"),
    ([ANA, BEN], 'input: expected a JSON object with a "players" list'),
    (hand(ANA, BEN, chips_per_point=0), "chips_per_point: 0 is not a positive whole number"),
    (hand(ANA, BEN, chips_per_point=1.5), "chips_per_point: 1.5 is not a positive whole number"),
    (hand(ANA, BEN, chips_per_point="100"), "chips_per_point: '100' is not a positive whole number"),
    (hand(ANA, BEN, chips_per_point=True), "chips_per_point: True is not a positive whole number"),
    (hand(ANA, {**BEN, "stack": None}), "players[1].stack: missing: give a stack for every player or for none"),
    (hand({**ANA, "stack": None}, BEN), "players[0].stack: missing: give a stack for every player or for none"),
    (hand({**ANA, "stack": -5}, BEN), "players[0].stack: -5 is not a positive whole number"),
    (hand(ANA, {**BEN, "stack": 0}), "players[1].stack: 0 is not a positive whole number"),
    (hand(ANA, {**BEN, "stack": "8000"}), "players[1].stack: '8000' is not a positive whole number"),
    (hand({**ANA, "fantasyland_cards": 13}, BEN),
     "players[0].fantasyland_cards: 13 is not a Fantasyland deal in progressive (0 or 14, 15, 16, 17)"),
    (hand({**ANA, "fantasyland_cards": 15}, BEN, variant="regular"),
     "players[0].fantasyland_cards: 15 is not a Fantasyland deal in regular (0 or 14)"),
    (hand(ANA, {**BEN, "fantasyland_cards": 14}, variant="classic"),
     "players[1].fantasyland_cards: 14 is not a Fantasyland deal in classic (0 or 13)"),
    (hand({**ANA, "fantasyland_cards": -1}, BEN), "players[0].fantasyland_cards: -1 is not a whole number, 0 or more"),
    (hand({**ANA, "top": "Qs Qx 2c"}, BEN), 'players[0].top: unknown card "Qx"'),
    (hand(ANA, {**BEN, "bottom": "4c 5d 6h 7s 1c"}), 'players[1].bottom: unknown card "1c"'),
    (hand(ANA, {**BEN, "middle": "Th Tc 7d Kd 5s"}), "players[1].middle: duplicate card Kd"),
    (hand(ANA, {**BEN, "top": "Jc Jc 4s"}), "players[1].top: duplicate card Jc"),
    (hand({**ANA, "top": "Qs Qh 2c 3c"}, BEN), "players[0].top: 4 cards, top takes 3"),
    (hand(ANA, {**BEN, "bottom": "4c 5d 6h 7s 8c 9c"}), "players[1].bottom: 6 cards, bottom takes 5"),
    (hand({**ANA, "top": "Qs JK 2c"}, BEN), "players[0].top: a joker, and progressive plays without jokers"),
    (hand({**ANA, "top": "Qs JK 2c"}, {**BEN, "top": "JK Jd 4s"}, {**CAI, "top": "JK 9d Ac"}, variant="joker-ultimate"),
     "players[2].top: joker number 3, the deck has 2"),
    (hand(ANA, BEN, table=4), 'input: unknown field "table"'),
    (hand(ANA, {**BEN, "seat": 2}), 'players[1]: unknown field "seat"'),
    (hand(ANA, {**BEN, "name": "Ana"}), 'players[1].name: "Ana" is already a player at this table'),
    (hand(ANA, {**BEN, "name": " "}), "players[1].name: must be a non-empty text"),
    (hand(ANA, {**BEN, "top": ["Jc", "Jd", "4s"]}), 'players[1].top: expected the cards as text, such as "Qs Qh 2c"'),
    (hand("Ana", BEN), "players[0]: expected an object with top, middle and bottom"),
    (hand(ANA, BEN, rules={"scoop_bonsu": 0}), 'rules: unknown setting "scoop_bonsu"'),
    (hand(ANA, BEN, rules={"fantasyland_entry": 5}), 'rules: "fantasyland_entry" has the wrong shape'),
    (hand(ANA, BEN, rules=[]), "rules: expected an object of rule-set settings"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[message for _, message in BAD])
def test_bad_input_message(data: Any, message: str) -> None:
    with pytest.raises(InvalidHand) as caught:
        score_json(data)
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_read_hand_refuses_like_score_json() -> None:
    with pytest.raises(InvalidHand, match=r'^players\[1\]\.middle: unknown card "Kx"$'):
        read_hand(hand(ANA, {**BEN, "middle": "Th Tc 7d Kx 5s"}))


SPEC_TOP_KEYS = {"variant", "chips_per_point", "players", "exchanges"}
SPEC_PLAYER_KEYS = {"name", "fouled", "hands", "royalties", "points", "fantasyland_next_cards",
                    "stack_before", "stack_after", "eliminated"}
# Beyond the spec's example: "unfinished" (a short board, scored as fouled), which the board-entry
# page and the printed slips read.
ENGINE_PLAYER_KEYS = SPEC_PLAYER_KEYS | {"unfinished"}
SPEC_EXCHANGE_KEYS = {"a", "b", "points", "chips_due", "chips_paid", "capped", "skipped"}


def test_output_shape() -> None:
    output = score_json(hand(ANA, BEN, CAI))
    assert set(output) == SPEC_TOP_KEYS
    assert (output["variant"], output["chips_per_point"]) == ("progressive", 100)
    for player in output["players"]:
        assert set(player) == ENGINE_PLAYER_KEYS
        assert set(player["hands"]) == {"top", "middle", "bottom"}
        assert set(player["royalties"]) == {"top", "middle", "bottom", "total"}
        assert all(type(value) is int for value in player["royalties"].values())
    assert [(e["a"], e["b"]) for e in output["exchanges"]] == [("Ana", "Ben"), ("Ana", "Cai"), ("Ben", "Cai")]
    for exchange in output["exchanges"]:
        assert set(exchange) == SPEC_EXCHANGE_KEYS
    # Ana scoops Cai (6 + royalties 11 - 6) but Cai, on the button, holds only 500: Cai is out,
    # and Ben-Cai (Ben +1 row, royalties 8 - 6) is skipped.
    assert output["exchanges"][1:] == [
        {"a": "Ana", "b": "Cai", "points": 11, "chips_due": 1100, "chips_paid": 500, "capped": True, "skipped": False},
        {"a": "Ben", "b": "Cai", "points": 3, "chips_due": 300, "chips_paid": 0, "capped": True, "skipped": True}]
    assert [(p["points"], p["stack_after"], p["eliminated"]) for p in output["players"]] == [
        (20, 11400, False), (-6, 7100, False), (-14, 0, True)]
    assert sum(p["points"] for p in output["players"]) == 0


def test_defaults() -> None:
    output = score_json({"players": [{"top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"},
                                     {"top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"}]})
    assert (output["variant"], output["chips_per_point"]) == ("progressive", 1)
    assert [p["name"] for p in output["players"]] == ["P1", "P2"]


def test_no_stacks_no_settlement() -> None:
    output = score_json(hand({k: v for k, v in ANA.items() if k != "stack"},
                             {k: v for k, v in BEN.items() if k != "stack"}))
    ana = output["players"][0]
    assert (ana["stack_before"], ana["stack_after"], ana["points"]) == (None, None, 9)
    assert output["exchanges"] == [{"a": "Ana", "b": "Ben", "points": 9, "chips_due": None, "chips_paid": None,
                                    "capped": False, "skipped": False}]


def test_elimination_in_the_output() -> None:
    output = score_json(hand(ANA, {**BEN, "stack": 300}, {**CAI, "stack": 100000}))
    ben = output["players"][1]
    assert (ben["stack_after"], ben["eliminated"]) == (0, True)
    skipped = output["exchanges"][2]
    assert skipped["skipped"] and skipped["chips_paid"] == 0 and skipped["chips_due"] == abs(skipped["points"]) * 100


def test_unfinished_board_in_the_output() -> None:
    output = score_json(hand({**ANA, "top": "Qs Qh"}, BEN))
    ana = output["players"][0]
    assert ana["fouled"] and ana["unfinished"] and ana["hands"]["top"] == "unfinished"
    assert ana["royalties"] == {"top": 0, "middle": 0, "bottom": 0, "total": 0}
    assert ana["points"] == -(6 + 8)


def test_rules_overrides_change_the_score() -> None:
    output = score_json(hand(ANA, BEN, rules={"scoop_bonus": 0}))
    assert output["players"][0]["points"] == 6


# -- sit-out auto-play --------------------------------------------------------------------------

def test_autoplay_vpt_rule() -> None:
    # VPT rulebook, Key Points, Player Sit out: "The first 5 cards will be placed at the bottom, and then
    # in each round the first 2 cards will be placed in order, and the last one will be discarded."
    dealt = parse_cards("2c 3c 4c 5c 7d  8s 8h Kd  9s 9h Ad  Ts Th 2d  Js Jh 3d")
    board = autoplay_board(dealt, get_ruleset("progressive"))
    assert board.bottom == parse_cards("2c 3c 4c 5c 7d")
    assert board.middle == parse_cards("8s 8h 9s 9h Ts")
    assert board.top == parse_cards("Th Js Jh")
    assert most_cards_dealt(get_ruleset("progressive")) == 17


def test_autoplay_classic_draws_one_and_keeps_it() -> None:
    dealt = parse_cards("2c 3c 4c 5c 7d 8s 8h Kd 9s 9h Ad Ts Th")
    rules = get_ruleset("classic")
    board = autoplay_board(dealt, rules)
    assert (board.bottom, board.middle, board.top) == (dealt[:5], dealt[5:10], dealt[10:])
    assert most_cards_dealt(rules) == 13


def test_autoplay_fewer_cards_is_unfinished_and_fouled() -> None:
    rules = get_ruleset("progressive")
    dealt = parse_cards("2c 3c 4c 5c 7d  8s 8h Kd  9s 9h Ad")
    board = autoplay_board(dealt, rules)
    assert board.bottom == dealt[:5] and board.middle == parse_cards("8s 8h 9s 9h") and board.top == ()
    assert not board.is_complete
    from vpt.ofc import score_board
    result = score_board(board, rules)
    assert result.fouled and result.unfinished
    assert autoplay_board((), rules).cards() == ()


def test_autoplay_refuses_too_many_cards() -> None:
    dealt = parse_cards("2c 3c 4c 5c 7d 8s 8h Kd 9s 9h Ad Ts Th 2d Js Jh 3d 4d")
    with pytest.raises(InvalidHand, match=r"^dealt: 18 cards dealt, a hand deals at most 17$"):
        autoplay_board(dealt, get_ruleset("progressive"))
    with pytest.raises(InvalidHand, match=r"^dealt: 14 cards dealt, a hand deals at most 13$"):
        autoplay_board(dealt[:14], get_ruleset("classic"))
