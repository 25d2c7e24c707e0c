"""Rule sets as data (ofc-rules.md: "Every number here belongs in a rule set")."""

import json

import pytest

from vpt.ofc import (
    PRESETS,
    Board,
    InvalidHand,
    PlayerHand,
    RuleSet,
    get_ruleset,
    score_hand,
)

ANA = Board.parse(top="Qs Qh 2c", middle="Kd Kc 8h 8s 3d", bottom="2h 5h 9h Jh Ah")
BEN = Board.parse(top="Jc Jd 4s", middle="Th Tc 7d 7c 5s", bottom="4c 5d 6h 7s 8c")


def test_presets() -> None:
    assert list(PRESETS) == ["progressive", "regular", "joker-ultimate", "classic"]
    assert [(r.min_players, r.max_players, r.jokers) for r in PRESETS.values()] == [
        (2, 3, 0),
        (2, 3, 0),
        (2, 3, 2),
        (2, 4, 0),
    ]
    assert all(get_ruleset(name) is rules and rules.name == name for name, rules in PRESETS.items())


@pytest.mark.parametrize("name", list(PRESETS))
def test_round_trip(name: str) -> None:
    rules = get_ruleset(name)
    assert RuleSet.from_dict(rules.to_dict()) == rules
    # Through real JSON too, where royalty-table keys become strings.
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@pytest.mark.parametrize("name", list(PRESETS))
def test_round_trip_keeps_the_scores(name: str) -> None:
    rules = get_ruleset(name)
    again = RuleSet.from_dict(json.loads(json.dumps(rules.to_dict())))
    players = [PlayerHand("Ana", ANA, 10000), PlayerHand("Ben", BEN, 8000)]
    assert score_hand(players, again, 100) == score_hand(players, rules, 100)


def test_with_overrides_refuses_unknown_settings() -> None:
    with pytest.raises(InvalidHand, match=r'^rule set: unknown setting "scoop"$'):
        get_ruleset("progressive").with_overrides({"scoop": 0})


def test_with_overrides_refuses_bad_shapes_and_tables() -> None:
    with pytest.raises(InvalidHand, match=r'^rule set: "top_pair_royalties" has the wrong shape$'):
        get_ruleset("progressive").with_overrides({"top_pair_royalties": [1, 2]})
    with pytest.raises(InvalidHand, match=r"^rule set: a table seats 2 to 4 players$"):
        get_ruleset("progressive").with_overrides({"max_players": 5})
    with pytest.raises(InvalidHand, match=r'"KQ" is not a top pair or trips'):
        get_ruleset("progressive").with_overrides({"fantasyland_entry": [["KQ", 15]]})
    with pytest.raises(InvalidHand, match=r'"quad" is not a hand category'):
        get_ruleset("progressive").with_overrides({"fantasyland_stay_bottom": "quad"})


@pytest.mark.parametrize(
    ("setting", "value", "wanted"),
    [
        ("scoop_bonus", "3", "a whole number, 0 or more"),
        ("min_players", "x", "a whole number, 0 or more"),
        ("jokers", True, "a whole number, 0 or more"),
        ("fantasyland_stay_cards", -1, "a whole number, 0 or more"),
        ("fantasyland_stay_top", 5, 'a text such as "222" or "quads", or null'),
        ("middle_royalties", {"flush": 8.5}, "a whole number, 0 or more"),
    ],
)
def test_with_overrides_names_the_type_a_setting_needs(setting: str, value: object, wanted: str) -> None:
    with pytest.raises(InvalidHand) as refused:
        get_ruleset("progressive").with_overrides({setting: value})
    assert str(refused.value) == f'rule set: "{setting}" must be {wanted}'


def test_with_overrides_leaves_the_preset_alone() -> None:
    progressive = get_ruleset("progressive")
    house = progressive.with_overrides({"scoop_bonus": 0})
    assert house.scoop_bonus == 0 and progressive.scoop_bonus == 3
    assert progressive.with_overrides({}) == progressive


def test_scoop_bonus_zero_changes_the_score() -> None:
    players = [PlayerHand("Ana", ANA), PlayerHand("Ben", BEN)]
    assert score_hand(players, get_ruleset("progressive")).points == (9, -9)
    no_scoop = get_ruleset("progressive").with_overrides({"scoop_bonus": 0})
    assert score_hand(players, no_scoop).points == (6, -6)


def test_different_top_royalties_change_the_score() -> None:
    # A house table paying 10 for QQ and 1 for JJ: Ana's royalties 14, Ben's 3.
    house = get_ruleset("progressive").with_overrides({"top_pair_royalties": {"11": 1, "12": 10}})
    players = [PlayerHand("Ana", ANA), PlayerHand("Ben", BEN)]
    result = score_hand(players, house)
    assert [board.royalties["top"] for board in result.boards] == [10, 1]
    assert result.points == (6 + 14 - 3, -(6 + 14 - 3))
    # The preset itself is untouched.
    assert score_hand(players, get_ruleset("progressive")).points == (9, -9)


def test_custom_rule_set_from_plain_data() -> None:
    data = get_ruleset("classic").to_dict() | {"name": "house", "bottom_royalties": {"straight": 1, "flush": 1}}
    house = RuleSet.from_dict(data)
    players = [PlayerHand("Ana", ANA), PlayerHand("Ben", BEN)]
    result = score_hand(players, house)
    assert [board.royalties["bottom"] for board in result.boards] == [1, 1]
    assert [board.fantasyland_next_cards for board in result.boards] == [13, 0]
    assert house.max_players == 4
