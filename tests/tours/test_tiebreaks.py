"""The rule's ordered tiebreaks: the default keeps today's order; bad names are refused."""

from __future__ import annotations

from decimal import Decimal

import pytest

from vpt.tours.points import LeaderboardRow, _order
from vpt.tours.rules import TIEBREAKS, RuleError, parse_rule
from vpt.tours.words import rule_words


def _row(person_id: int, *, wins: int, best: str, played: int) -> LeaderboardRow:
    return LeaderboardRow(
        person_id=person_id,
        results=[],
        points=Decimal("100"),
        events_played=played,
        events_counted=played,
        wins=wins,
        best_event=Decimal(best),
    )


def test_the_default_is_wins_then_best_event_then_fewer_events() -> None:
    rule = parse_rule({})
    assert rule.tiebreaks == TIEBREAKS == ("wins", "best_event", "fewer_events")
    assert rule.as_json()["tiebreaks"] == ["wins", "best_event", "fewer_events"]
    rows = [_row(1, wins=0, best="60", played=2), _row(2, wins=1, best="50", played=3)]
    assert [row.person_id for row in sorted(rows, key=lambda row: _order(rule, row))] == [2, 1]


def test_a_chosen_order_is_applied() -> None:
    rule = parse_rule({"tiebreaks": ["best_event", "wins"]})
    rows = [_row(1, wins=0, best="60", played=2), _row(2, wins=1, best="50", played=3)]
    assert [row.person_id for row in sorted(rows, key=lambda row: _order(rule, row))] == [1, 2]
    rule = parse_rule({"tiebreaks": ["fewer_events"]})
    assert [row.person_id for row in sorted(rows, key=lambda row: _order(rule, row))] == [1, 2]


@pytest.mark.parametrize("bad", [["luck"], "wins", ["wins", "wins"], [1]])
def test_bad_tiebreaks_are_refused_by_name(bad: object) -> None:
    with pytest.raises(RuleError) as error:
        parse_rule({"tiebreaks": bad})
    assert error.value.key == "tiebreaks"


def test_a_chosen_order_is_in_the_rule_s_words() -> None:
    lines = rule_words(parse_rule({"tiebreaks": ["fewer_events", "wins"]}))
    assert (
        lines[-1] == "Ranked by points (qualified first), then: fewer events played, wins; still equal: a shared rank."
    )
