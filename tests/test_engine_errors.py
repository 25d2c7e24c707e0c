"""The engine's refusals in the reader's language, from their codes (vpt/engine_errors.py)."""

import pytest
from django.utils import translation

from vpt.engine_errors import PROBLEMS, explain
from vpt.ofc import MESSAGES, InvalidHand, score_json


def test_every_engine_code_has_a_translatable_sentence() -> None:
    assert set(PROBLEMS) == set(MESSAGES)


def _refusal(data: object) -> InvalidHand:
    with pytest.raises(InvalidHand) as caught:
        score_json(data)
    return caught.value


def test_a_refusal_reads_in_english_and_in_spanish_from_its_code() -> None:
    error = _refusal({"players": [{"top": "Qs Qh 2c"}, {"middle": "Kd Qs"}]})
    assert (error.code, error.player, error.row) == ("duplicate_card", 1, "middle")
    assert str(error) == "players[1].middle: duplicate card Qs"
    with translation.override("en"):
        assert explain(error) == "Qs is used twice: each card can be on the table only once"
    with translation.override("es"):
        assert explain(error) == "Qs está repetida: cada carta solo puede estar una vez en la mesa"


def test_a_variant_in_a_refusal_is_named_for_people() -> None:
    error = _refusal({"variant": "regular", "players": [{"top": "JK"}, {}]})
    assert error.params == {"variant": "regular"}
    with translation.override("es"):
        assert explain(error) == "un comodín (JK), pero Regular se juega sin comodines"
