"""The ``score_hand`` JSON contract (score-hand-json.md): every bad-input message, the output
shape, and sit-out auto-play (ofc-rules.md "Sit-out (auto-play)")."""

import json
import random
from typing import Any

import pytest

from vpt.ofc import (
    MAX_INPUT_BYTES,
    InvalidHand,
    autoplay_board,
    contract,
    deck,
    format_cards,
    get_ruleset,
    load_hand_json,
    most_cards_dealt,
    parse_cards,
    read_hand,
    score_hand,
    score_json,
    score_text,
)

ANA = {"name": "Ana", "stack": 10000, "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"}
BEN = {"name": "Ben", "stack": 8000, "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"}
CAI = {"name": "Cai", "stack": 500, "top": "9c 9d Ac", "middle": "6d 6c 3s 3c 2s", "bottom": "Ts Js Qc Ks Ad"}


def hand(*players: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"variant": "progressive", "chips_per_point": 100, "players": list(players), **fields}


BAD = [
    (
        hand(ANA, BEN, variant="omaha"),
        'variant: unknown variant "omaha" (expected progressive, regular, joker-ultimate, classic)',
    ),
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
    (
        hand(ANA, {k: v for k, v in BEN.items() if k != "stack"}),
        "players[1].stack: missing: give a stack for every player or for none",
    ),
    (
        hand({k: v for k, v in ANA.items() if k != "stack"}, BEN),
        "players[0].stack: missing: give a stack for every player or for none",
    ),
    # null is never a value (score-hand-json.md, Bounds): the message names the key.
    (
        hand(ANA, {**BEN, "stack": None}),
        "players[1].stack: null is not a value here: leave the field out for its default",
    ),
    (hand({**ANA, "top": None}, BEN), "players[0].top: null is not a value here: leave the field out for its default"),
    (hand(ANA, BEN, variant=None), "variant: null is not a value here: leave the field out for its default"),
    (
        hand(ANA, BEN, chips_per_point=None),
        "chips_per_point: null is not a value here: leave the field out for its default",
    ),
    ({"players": None}, "players: null is not a value here: leave the field out for its default"),
    (hand(ANA, BEN, rules=None), "rules: null is not a value here: leave the field out for its default"),
    (hand(ANA, BEN, rules={"scoop_bonus": None}), "rules.scoop_bonus: null is not a value for this setting"),
    # Bounds: stacks and chips per point at most 10^12.
    (
        hand(ANA, BEN, chips_per_point=10**12 + 1),
        "chips_per_point: 1000000000001 is more than the largest allowed, 10^12",
    ),
    (hand(ANA, {**BEN, "stack": 10**13}), "players[1].stack: 10000000000000 is more than the largest allowed, 10^12"),
    (
        hand(ANA, {**BEN, "stack": 10**4000}),
        "players[1].stack: 1000000000000000000000000000000000000... is more than the largest allowed, 10^12",
    ),
    (
        hand({**ANA, "fantasyland_cards": 10**20}, BEN),
        "players[0].fantasyland_cards: 100000000000000000000 is more than the largest allowed, 10^12",
    ),
    (
        hand(ANA, BEN, rules={"scoop_bonus": 10**15}),
        "rules.scoop_bonus: 1000000000000000 is more than the largest allowed, 10^12",
    ),
    (
        hand(ANA, BEN, rules={"middle_royalties": {"flush": 10**13}}),
        "rules.middle_royalties: 10000000000000 is more than the largest allowed, 10^12",
    ),
    (
        hand(ANA, BEN, chips_per_point="x" * 1000),
        "chips_per_point: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... is not a positive whole number",
    ),
    (hand({**ANA, "stack": -5}, BEN), "players[0].stack: -5 is not a positive whole number"),
    (hand(ANA, {**BEN, "stack": 0}), "players[1].stack: 0 is not a positive whole number"),
    (hand(ANA, {**BEN, "stack": "8000"}), "players[1].stack: '8000' is not a positive whole number"),
    (
        hand({**ANA, "fantasyland_cards": 13}, BEN),
        "players[0].fantasyland_cards: 13 is not a Fantasyland deal in progressive (0 or 14, 15, 16, 17)",
    ),
    (
        hand({**ANA, "fantasyland_cards": 15}, BEN, variant="regular"),
        "players[0].fantasyland_cards: 15 is not a Fantasyland deal in regular (0 or 14)",
    ),
    (
        hand(ANA, {**BEN, "fantasyland_cards": 14}, variant="classic"),
        "players[1].fantasyland_cards: 14 is not a Fantasyland deal in classic (0 or 13)",
    ),
    (hand({**ANA, "fantasyland_cards": -1}, BEN), "players[0].fantasyland_cards: -1 is not a whole number, 0 or more"),
    (hand({**ANA, "top": "Qs Qx 2c"}, BEN), 'players[0].top: unknown card "Qx"'),
    (hand(ANA, {**BEN, "bottom": "4c 5d 6h 7s 1c"}), 'players[1].bottom: unknown card "1c"'),
    (hand(ANA, {**BEN, "middle": "Th Tc 7d Kd 5s"}), "players[1].middle: duplicate card Kd"),
    (hand(ANA, {**BEN, "top": "Jc Jc 4s"}), "players[1].top: duplicate card Jc"),
    (hand({**ANA, "top": "Qs Qh 2c 3c"}, BEN), "players[0].top: 4 cards, top takes 3"),
    (hand(ANA, {**BEN, "bottom": "4c 5d 6h 7s 8c 9c"}), "players[1].bottom: 6 cards, bottom takes 5"),
    (hand({**ANA, "top": "Qs JK 2c"}, BEN), "players[0].top: a joker, and progressive plays without jokers"),
    (
        hand(
            {**ANA, "top": "Qs JK 2c"}, {**BEN, "top": "JK Jd 4s"}, {**CAI, "top": "JK 9d Ac"}, variant="joker-ultimate"
        ),
        "players[2].top: joker number 3, the deck has 2",
    ),
    (hand(ANA, BEN, table=4), 'input: unknown field "table"'),
    (hand(ANA, {**BEN, "seat": 2}), 'players[1]: unknown field "seat"'),
    (hand(ANA, {**BEN, "seat": None}), 'players[1]: unknown field "seat"'),
    (hand(ANA, {**BEN, "name": "Ana"}), 'players[1].name: "Ana" is already a player at this table'),
    (hand(ANA, {**BEN, "name": " "}), "players[1].name: must be a non-empty text"),
    (hand(ANA, {**BEN, "top": ["Jc", "Jd", "4s"]}), 'players[1].top: expected the cards as text, such as "Qs Qh 2c"'),
    (hand("Ana", BEN), "players[0]: expected an object with top, middle and bottom"),
    (hand(ANA, BEN, rules={"scoop_bonsu": 0}), 'rules: unknown setting "scoop_bonsu"'),
    (hand(ANA, BEN, rules={"fantasyland_entry": 5}), 'rules: "fantasyland_entry" has the wrong shape'),
    (hand(ANA, BEN, rules=[]), "rules: expected an object of rule-set settings"),
    # Plain-looking hands that are not: the plain-hand path leaves them to the full checks.
    (hand(ANA, {**BEN, "bottom": "As As As As As"}), "players[1].bottom: duplicate card As"),
    (hand(ANA, {**BEN, "top": "Qs Jd 4s"}), "players[1].top: duplicate card Qs"),
    (hand(ANA, {**BEN, "top": "q♠ Jd 4s"}), "players[1].top: duplicate card Qs"),
    (hand({**ANA, "top": "Qs Qh"}, {**BEN, "top": "Qs"}), "players[1].top: duplicate card Qs"),
    (hand(ANA, {**BEN, "stack": True}), "players[1].stack: True is not a positive whole number"),
    (
        hand(ANA, {**BEN, "fantasyland_cards": True}),
        "players[1].fantasyland_cards: True is not a whole number, 0 or more",
    ),
    (hand(ANA, {**BEN, "name": 5}), "players[1].name: must be a non-empty text"),
    (
        hand({k: v for k, v in ANA.items() if k != "name"}, {**BEN, "name": "P1"}),
        'players[1].name: "P1" is already a player at this table',
    ),
    (
        hand({**ANA, "top": "Qs Qh 2c 3c"}, {**BEN, "name": "Ana"}),
        'players[1].name: "Ana" is already a player at this table',
    ),
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
# "unfinished" (a short board, scored as fouled) is part of the contract (score-hand-json.md, Output).
SPEC_PLAYER_KEYS = {
    "name",
    "fouled",
    "unfinished",
    "hands",
    "royalties",
    "points",
    "fantasyland_next_cards",
    "stack_before",
    "stack_after",
    "eliminated",
}
SPEC_EXCHANGE_KEYS = {"a", "b", "points", "chips_due", "chips_paid", "capped", "skipped"}


def test_output_shape() -> None:
    output = score_json(hand(ANA, BEN, CAI))
    assert set(output) == SPEC_TOP_KEYS
    assert (output["variant"], output["chips_per_point"]) == ("progressive", 100)
    for player in output["players"]:
        assert set(player) == SPEC_PLAYER_KEYS
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
        {"a": "Ben", "b": "Cai", "points": 3, "chips_due": 300, "chips_paid": 0, "capped": True, "skipped": True},
    ]
    assert [(p["points"], p["stack_after"], p["eliminated"]) for p in output["players"]] == [
        (20, 11400, False),
        (-6, 7100, False),
        (-14, 0, True),
    ]
    assert sum(p["points"] for p in output["players"]) == 0


def test_defaults() -> None:
    output = score_json(
        {
            "players": [
                {"top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"},
                {"top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
            ]
        }
    )
    assert (output["variant"], output["chips_per_point"]) == ("progressive", 1)
    assert [p["name"] for p in output["players"]] == ["P1", "P2"]


def test_no_stacks_no_settlement() -> None:
    output = score_json(
        hand({k: v for k, v in ANA.items() if k != "stack"}, {k: v for k, v in BEN.items() if k != "stack"})
    )
    ana = output["players"][0]
    assert (ana["stack_before"], ana["stack_after"], ana["points"]) == (None, None, 9)
    assert output["exchanges"] == [
        {"a": "Ana", "b": "Ben", "points": 9, "chips_due": None, "chips_paid": None, "capped": False, "skipped": False}
    ]


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


def test_rules_overrides_change_the_score_and_are_echoed() -> None:
    output = score_json(hand(ANA, BEN, rules={"scoop_bonus": 0}))
    assert output["players"][0]["points"] == 6
    assert output["rules"] == {"scoop_bonus": 0}
    assert list(output) == ["variant", "chips_per_point", "rules", "players", "exchanges"]


def test_no_overrides_no_rules_key() -> None:
    assert "rules" not in score_json(hand(ANA, BEN))
    assert "rules" not in score_json(hand(ANA, BEN, rules={}))


def test_echoed_overrides_are_the_values_applied_as_json() -> None:
    # Ana's top pair of queens earns 1 instead of 7; keys come back as JSON object keys.
    output = score_json(hand(ANA, BEN, rules={"top_pair_royalties": {"12": 1}, "fantasyland_stay_top": None}))
    assert output["rules"] == {"top_pair_royalties": {12: 1}, "fantasyland_stay_top": None}
    assert json.loads(json.dumps(output))["rules"] == {"top_pair_royalties": {"12": 1}, "fantasyland_stay_top": None}
    assert output["players"][0]["royalties"]["top"] == 1


def test_a_renamed_rule_set_keeps_its_variant() -> None:
    # An event's overrides may name its house rules; the output still says which variant they change.
    output = score_json(hand(ANA, BEN, rules={"name": "house", "scoop_bonus": 0}))
    assert (output["variant"], output["rules"]) == ("progressive", {"name": "house", "scoop_bonus": 0})


def test_overrides_set_the_player_count_checked() -> None:
    with pytest.raises(InvalidHand, match=r"^players: 3 players, progressive seats 2 to 2$"):
        score_json(hand(ANA, BEN, CAI, rules={"max_players": 2}))


def test_the_player_count_is_checked_before_anything_per_player(monkeypatch: pytest.MonkeyPatch) -> None:
    # 100,000 players with the same name and a bad card each: the count refuses them, and no
    # player is read (the duplicate-name check, after reading, is never reached).
    read: list[int] = []
    monkeypatch.setattr(contract, "_read_player", lambda raw, index: read.append(index))
    players = [{"name": "Ana", "top": "Qx"}] * 100_000
    with pytest.raises(InvalidHand) as caught:
        read_hand({"players": players})
    assert str(caught.value) == "players: 100000 players, progressive seats 2 to 3"
    assert read == []


def _full_path(data: dict[str, Any]) -> dict[str, Any]:
    request = read_hand(data)
    return contract.hand_json(request, score_hand(request.players, request.rules, request.chips_per_point))


def _random_hands(count: int, players: int) -> list[dict[str, Any]]:
    rng = random.Random(players)
    hands = []
    for number in range(count):
        cards = rng.sample(deck(), 13 * players)
        seats = []
        for seat in range(players):
            own = cards[13 * seat : 13 * seat + 13]
            if number % 5 == 4:  # an unfinished board now and then
                own = own[: rng.randrange(13)]
            seats.append(
                {
                    "name": f"Player {seat}",
                    "stack": rng.choice((100, 500, 2000, 10000)),
                    "top": format_cards(own[:3]),
                    "middle": format_cards(own[3:8]),
                    "bottom": format_cards(own[8:13]),
                }
            )
        if number % 3 == 2:  # no stacks: no settlement
            seats = [{k: v for k, v in seat.items() if k != "stack"} for seat in seats]
        hands.append(hand(*seats, chips_per_point=rng.choice((1, 100))))
    return hands


@pytest.mark.parametrize("players", [2, 3])
def test_score_json_is_its_parts_for_plain_hands(players: int) -> None:
    # score_json scores a plain hand (canonical card text) without building the values read_hand,
    # score_hand and hand_json pass on; its output is theirs, key order included.
    for data in _random_hands(300, players):
        output = score_json(data)
        assert json.dumps(output) == json.dumps(_full_path(data))


@pytest.mark.parametrize(
    "data",
    [
        hand({**ANA, "top": "qs QH 2c", "middle": "K♦ K♣ 8h 8s 3d"}, {**BEN, "bottom": "4c, 5d, 6h, 7s, 8c"}),
        hand({**ANA, "name": "  Ana "}, {**BEN, "middle": "  Th   Tc\t7d 7c 5s "}),
        hand({**ANA, "bottom": "2h 5h 9h Jh Ah", "fantasyland_cards": 15}, BEN, rules={}),
        hand({**ANA, "top": "Qs Qh 2c"}, {**BEN, "top": "Jc Jd 4s", "bottom": "4c 5d 10d 7s 8c"}),
        hand({**ANA, "top": "Qs JK 2c"}, BEN, CAI, variant="joker-ultimate"),
        hand(ANA, BEN, CAI, {"name": "Dee", "stack": 100, "top": "3h 4h"}, variant="classic"),
        {"players": [{"top": "Qs Qh 2c"}, {"name": "Ben"}]},
    ],
)
def test_every_spelling_scores_as_the_full_path(data: dict[str, Any]) -> None:
    assert json.dumps(score_json(data)) == json.dumps(_full_path(data))


def test_duplicate_names_among_many_are_found_by_position() -> None:
    players = [{**ANA, "stack": 1}, {**BEN, "name": "Cai"}, {**CAI, "name": " Ana "}]
    with pytest.raises(InvalidHand, match=r'^players\[2\]\.name: "Ana" is already a player at this table$'):
        read_hand(hand(*players))


def test_a_full_payment_down_to_zero_stays_in_the_output() -> None:
    # ofc-rules.md, Button, deal and payment order (2026-11-30): Ben pays Ana 900 of 900 in full,
    # stays in, and collects 300 from Cai (Ben-Cai +3); Ana takes 1100 from Cai.
    output = score_json(hand(ANA, {**BEN, "stack": 900}, {**CAI, "stack": 5000}))
    assert [(e["chips_paid"], e["skipped"]) for e in output["exchanges"]] == [(900, False), (1100, False), (300, False)]
    assert [(p["stack_after"], p["eliminated"]) for p in output["players"]] == [
        (12000, False),
        (300, False),
        (3600, False),
    ]


# -- decoding text: score_text and load_hand_json ------------------------------------------------

TEXT_BAD = [
    ('{"chips_per_point": ' + "9" * 5000 + "}", "input: a number of 5000 digits, more than the largest allowed, 10^12"),
    (
        '{"players": [{"stack": -' + "1" * 4301 + "}, {}]}",
        "input: a number of 4301 digits, more than the largest allowed, 10^12",
    ),
    (
        '{"players": [{"stack": 1' + "0" * 29 + "}, {}]}",
        "players[0].stack: 100000000000000000000000000000 is more than the largest allowed, 10^12",
    ),
    ('{"players": [{"stack": NaN}, {}]}', "invalid JSON: NaN is not a JSON number"),
    ('{"players": [{"stack": Infinity}, {}]}', "invalid JSON: Infinity is not a JSON number"),
    ('{"players": [{"stack": 1e999}, {}]}', "players[0].stack: inf is not a positive whole number"),
    ('{"players": [}', "invalid JSON at line 1, column 14: Expecting value"),
    ("[" * 100_000, "invalid JSON: nested too deeply"),
    (" ", "empty input: expected one JSON hand"),
    (
        '{"players": [{}, {}], "x": "' + "é" * 500_000 + '"}',
        "input: over 1 MB (1,000,000 bytes), and one hand is far smaller",
    ),
]


@pytest.mark.parametrize(("text", "message"), TEXT_BAD, ids=[message[:60] for _, message in TEXT_BAD])
def test_bad_text_is_a_clean_contract_error(text: str, message: str) -> None:
    with pytest.raises(InvalidHand) as caught:
        score_text(text)
    assert str(caught.value) == message


def test_a_hand_just_under_1_mb_is_read() -> None:
    text = json.dumps({**hand(ANA, BEN), "players": [{**ANA, "name": "A" * 990_000}, BEN]})
    assert len(text.encode()) < MAX_INPUT_BYTES
    assert score_text(text)["players"][0]["stack_after"] == 10900


def test_score_text_names_the_line_in_json_lines_mode() -> None:
    assert str(_error(lambda: score_text('{"players": [}', line=3))) == (
        "line 3: invalid JSON at column 14: Expecting value"
    )
    assert str(_error(lambda: score_text(json.dumps(hand(ANA, {**BEN, "name": "Ana"})), line=7))) == (
        'line 7: players[1].name: "Ana" is already a player at this table'
    )
    assert str(_error(lambda: load_hand_json("1" * 40, line=2))) == (
        "line 2: input: a number of 40 digits, more than the largest allowed, 10^12"
    )


def test_score_text_scores_like_score_json() -> None:
    assert score_text(json.dumps(hand(ANA, BEN, CAI))) == score_json(hand(ANA, BEN, CAI))


def _error(call: Any) -> InvalidHand:
    with pytest.raises(InvalidHand) as caught:
        call()
    return caught.value


# -- Fantasyland deals: Regular deals 14, always ---------------------------------------------------


@pytest.mark.parametrize("top", ["Qs Qh 2c", "Ks Kh 2c", "As Ah 2c", "2s 2h 2d"])
def test_regular_enters_fantasyland_with_14_cards_whatever_the_top(top: str) -> None:
    # score-hand-json.md, fantasyland_cards: "14 for regular"; ofc-rules.md, Fantasyland table.
    board = {"top": top, "middle": "3c 3d 3h 8c 9c", "bottom": "Td Jd Qd Kd 4d"}
    output = score_json({"variant": "regular", "players": [board, {}]})
    assert output["players"][0]["fantasyland_next_cards"] == 14
    assert get_ruleset("regular").fantasyland_deals == {14}


def test_regular_stays_in_fantasyland_with_14_cards() -> None:
    board = {"top": "2s 2h 2d", "middle": "3c 3d 3h 8c 9c", "bottom": "Td Jd Qd Kd 4d", "fantasyland_cards": 14}
    output = score_json({"variant": "regular", "players": [board, {}]})
    assert output["players"][0]["fantasyland_next_cards"] == 14


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


def test_a_hand_without_overrides_reads_the_preset_as_it_is() -> None:
    """No rules to apply: the preset itself, nothing turned into data (the text path's cost)."""
    request = read_hand({"players": [{"top": "Qs Qh 2c"}, {"name": "Ben"}], "rules": {}})

    assert request.rules is get_ruleset("progressive")
    assert request.overrides == {}


def test_overrides_are_applied_and_echoed_as_data() -> None:
    request = read_hand({"players": [{}, {}], "rules": {"scoop_bonus": 0, "fantasyland_stay_cards": None}})

    assert request.rules.scoop_bonus == 0 and request.rules.fantasyland_stay_cards is None
    assert request.overrides == {"scoop_bonus": 0, "fantasyland_stay_cards": None}
