"""``manage.py score_hand FILE --slip OUT.pdf``: the slip of a scored JSON hand."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

HAND: dict[str, Any] = {
    "chips_per_point": 100,
    "players": [
        {"name": "Ana", "stack": 10000, "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"},
        {"name": "Ben", "stack": 300, "top": "Ac Ad 4s", "middle": "Th Tc 7d 6c 5s", "bottom": "4c 5d 6h 7s 8c"},
        {"name": "Cai", "stack": 500, "top": "Ks Kh 3c", "middle": "9c 9d 9s 6d 6s", "bottom": "Jd Jc Js 2d 2s"},
    ],
}


def score(tmp_path: Path, hand: dict[str, Any], *extra: str) -> tuple[dict[str, Any], Path]:
    source = tmp_path / "hand.json"
    source.write_text(json.dumps(hand), encoding="utf-8")
    out = tmp_path / "slip.pdf"
    stdout = io.StringIO()
    call_command("score_hand", str(source), "--slip", str(out), *extra, stdout=stdout)
    return json.loads(stdout.getvalue()), out


def test_slip_text_matches_the_json_result(tmp_path: Path, pdf_text) -> None:
    result, out = score(tmp_path, HAND)

    text = pdf_text(out.read_bytes())

    expected = []
    for order, exchange in enumerate(result["exchanges"], start=1):
        payer, payee = (exchange["b"], exchange["a"]) if exchange["points"] > 0 else (exchange["a"], exchange["b"])
        expected.append(
            f"{order} {payer} {payee} {abs(exchange['points'])} {exchange['chips_due']:,} "
            f"{abs(exchange['chips_paid']):,}"
        )
    for index, player in enumerate(result["players"], start=1):
        change = player["stack_after"] - player["stack_before"]
        expected.append(
            f"P{index} {player['name']} {player['stack_before']:,} {player['stack_after']:,} "
            f"{'+' if change > 0 else ''}{change:,}"
        )
        expected.append(f"Points {'+' if player['points'] > 0 else ''}{player['points']}")
        if player["eliminated"]:
            expected.append(f"Eliminated: {player['name']}")
    found = [text.find(line) for line in expected]
    assert all(at >= 0 for at in found), [line for line, at in zip(expected, found) if at < 0]
    exchanges = found[: len(result["exchanges"])]
    assert exchanges == sorted(exchanges)
    # Ben is out in the first exchange; the third is skipped; the cards come from the input.
    assert "skipped: Ben was eliminated earlier in this hand" in text
    assert "Top Q♠ Q♥ 2♣ pair of queens +7" in text
    assert "Chip settlement" in text and "Hand" not in text.split("\n")[1]


def test_the_json_output_is_unchanged_by_slip(tmp_path: Path) -> None:
    result, _out = score(tmp_path, HAND)
    plain = io.StringIO()
    source = tmp_path / "hand.json"

    call_command("score_hand", str(source), stdout=plain)

    assert json.loads(plain.getvalue()) == result


def test_slip_of_a_hand_without_stacks(tmp_path: Path, pdf_text) -> None:
    hand = {"players": [{k: v for k, v in player.items() if k != "stack"} for player in HAND["players"]]}

    _result, out = score(tmp_path, hand)

    text = pdf_text(out.read_bytes())
    assert "1 Ben Ana 17 — —" in text and "Stacks" not in text


def test_bad_input_writes_no_slip(tmp_path: Path) -> None:
    hand = {"players": [HAND["players"][0], {**HAND["players"][1], "top": "Qs Ad 4s"}]}

    with pytest.raises(CommandError, match=r"players\[1\].top: duplicate card Qs"):
        score(tmp_path, hand)
    assert not (tmp_path / "slip.pdf").exists()


def test_slip_is_refused_with_jsonl(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="--slip prints the slip of one hand"):
        score(tmp_path, HAND, "--jsonl")


def test_an_unwritable_slip_path_is_an_error(tmp_path: Path) -> None:
    source = tmp_path / "hand.json"
    source.write_text(json.dumps(HAND), encoding="utf-8")

    with pytest.raises(CommandError, match="cannot write"):
        call_command("score_hand", str(source), "--slip", str(tmp_path / "missing" / "slip.pdf"), stdout=io.StringIO())
