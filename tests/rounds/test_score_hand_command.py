"""`manage.py score_hand`: the JSON contract of score-hand-json.md, from a file or stdin.

In-process tests call the command without the `db` fixture, so any query would fail the test;
the subprocess tests also point DATABASE_URL at a file that cannot exist.
"""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

BASE_DIR = Path(__file__).resolve().parents[2]

EXAMPLE = {
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
DUPLICATE = {"players": [{"name": "Ana", "top": "Kd"}, {"name": "Ben", "middle": "Th Kd"}]}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VPT_")}
    # A database that cannot be opened: the command must never need one.
    env["DATABASE_URL"] = "sqlite:////nonexistent-directory/no.sqlite3"
    return subprocess.run(
        [sys.executable, "manage.py", "score_hand", *args],
        input=stdin,
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def score(*args: str, stdin: str = "") -> str:
    out = io.StringIO()
    call_command("score_hand", *args, stdin=io.StringIO(stdin), stdout=out)
    return out.getvalue()


def check_spec_example(result: dict) -> None:
    ana, ben = result["players"]
    assert (result["variant"], result["chips_per_point"]) == ("progressive", 100)
    assert ana["name"] == "Ana" and ana["fouled"] is False
    assert ana["hands"] == {
        "top": "pair of queens",
        "middle": "two pair, kings and eights",
        "bottom": "flush, ace high",
    }
    assert ana["royalties"] == {"top": 7, "middle": 0, "bottom": 4, "total": 11}
    assert ana["points"] == 9
    assert ana["fantasyland_next_cards"] == 14
    assert (ana["stack_before"], ana["stack_after"], ana["eliminated"]) == (10000, 10900, False)
    assert ben["royalties"] == {"top": 6, "middle": 0, "bottom": 2, "total": 8}
    assert (ben["points"], ben["fantasyland_next_cards"]) == (-9, 0)
    assert (ben["stack_before"], ben["stack_after"], ben["eliminated"]) == (8000, 7100, False)
    assert result["exchanges"] == [
        {"a": "Ana", "b": "Ben", "points": 9, "chips_due": 900, "chips_paid": 900, "capped": False, "skipped": False},
    ]


def test_spec_example_from_a_file(tmp_path: Path) -> None:
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(EXAMPLE, indent=2))

    output = score(str(hand))

    assert output.startswith('{\n  "variant": "progressive",\n  "chips_per_point": 100,\n')
    check_spec_example(json.loads(output))


@pytest.mark.parametrize("args", [(), ("-",)])
def test_spec_example_from_stdin(args: tuple[str, ...]) -> None:
    check_spec_example(json.loads(score(*args, stdin=json.dumps(EXAMPLE))))


def test_without_stacks_there_is_no_settlement() -> None:
    hand = {**EXAMPLE, "players": [{k: v for k, v in p.items() if k != "stack"} for p in EXAMPLE["players"]]}

    result = json.loads(score(stdin=json.dumps(hand)))

    assert [p["stack_after"] for p in result["players"]] == [None, None]
    assert result["exchanges"] == [
        {"a": "Ana", "b": "Ben", "points": 9, "chips_due": None, "chips_paid": None, "capped": False, "skipped": False}
    ]


def test_real_process_prints_indented_json_and_exits_0() -> None:
    process = run(stdin=json.dumps(EXAMPLE))

    assert (process.returncode, process.stderr) == (0, "")
    assert process.stdout.startswith('{\n  "variant"')
    check_spec_example(json.loads(process.stdout))


BAD_INPUTS = [
    (json.dumps(DUPLICATE), "players[1].middle: duplicate card Kd"),
    (json.dumps({"players": [{"top": "Qs Qh 2c 3c"}, {}]}), "players[0].top: 4 cards, top takes 3"),
    (json.dumps({"players": [{"middle": "Qs 1x"}, {}]}), 'players[0].middle: unknown card "1x"'),
    (
        json.dumps({"variant": "texas", "players": [{}, {}]}),
        'variant: unknown variant "texas" (expected progressive, regular, joker-ultimate, classic)',
    ),
    (
        json.dumps({"players": [{"stack": 100}, {}]}),
        "players[1].stack: missing: give a stack for every player or for none",
    ),
    (json.dumps({"players": [{}, {}, {}, {}]}), "players: 4 players, progressive seats 2 to 3"),
    (json.dumps([1, 2]), 'input: expected a JSON object with a "players" list'),
    ('{\n  "players": [\n    {"top": "Qs"},\n  ]\n}', "invalid JSON at line 4, column 3: Expecting value"),
    ('{"players": [{"top": "Qs"}', "invalid JSON at line 1, column 27: Expecting ',' delimiter"),
    ("  \n", "empty input: expected one JSON hand"),
    ("[" * 100_000, "invalid JSON: nested too deeply"),
]


@pytest.mark.parametrize(("text", "message"), BAD_INPUTS)
def test_bad_input_raises_command_error_with_exit_code_2(text: str, message: str) -> None:
    out = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("score_hand", stdin=io.StringIO(text), stdout=out)

    assert str(raised.value) == message
    assert raised.value.returncode == 2
    assert out.getvalue() == ""


@pytest.mark.parametrize(("text", "message"), BAD_INPUTS[:3] + BAD_INPUTS[7:9])
def test_bad_input_exits_2_with_one_line_on_stderr_and_nothing_on_stdout(text: str, message: str) -> None:
    process = run(stdin=text)

    assert process.returncode == 2
    assert process.stdout == ""
    assert process.stderr == message + "\n"


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"

    process = run(str(missing))

    assert (process.returncode, process.stdout) == (2, "")
    assert process.stderr == f"{missing}: cannot read: No such file or directory\n"


def test_bytes_that_are_not_utf8_exit_2(tmp_path: Path) -> None:
    hand = tmp_path / "latin1.json"
    hand.write_bytes('{"players": [{"name": "Jos\xe9"}, {}]}'.encode("latin-1"))

    process = run(str(hand))

    assert (process.returncode, process.stdout) == (2, "")
    assert process.stderr == f"{hand}: not UTF-8 text (byte 27)\n"


def test_jsonl_scores_every_line_and_reports_bad_lines_in_place(tmp_path: Path) -> None:
    lines = [
        json.dumps(EXAMPLE),
        json.dumps(DUPLICATE),
        '{"players": [}',
        "",
        json.dumps({**EXAMPLE, "chips_per_point": 1}),
    ]
    log = tmp_path / "hands.jsonl"
    log.write_text("\n".join(lines) + "\n")

    process = run("--jsonl", str(log))

    # Every line is answered; the bad ones make the exit status 2, at the end.
    assert (process.returncode, process.stderr) == (2, "2 bad input lines: see the error objects in the output\n")
    outputs = process.stdout.splitlines()
    assert len(outputs) == 4  # the blank line is skipped
    check_spec_example(json.loads(outputs[0]))
    assert json.loads(outputs[1]) == {"error": "line 2: players[1].middle: duplicate card Kd"}
    assert json.loads(outputs[2]) == {"error": "line 3: invalid JSON at column 14: Expecting value"}
    assert json.loads(outputs[3])["exchanges"][0]["chips_paid"] == 9
    # Compact: one line each, no spaces after separators.
    assert outputs[0] == json.dumps(json.loads(outputs[0]), separators=(",", ":"))


def test_jsonl_from_stdin_in_process() -> None:
    out = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("score_hand", "--jsonl", stdin=io.StringIO(json.dumps(EXAMPLE) + "\nnot json\n"), stdout=out)

    assert (str(raised.value), raised.value.returncode) == ("1 bad input line: see the error objects in the output", 2)
    first, second = out.getvalue().splitlines()
    check_spec_example(json.loads(first))
    assert json.loads(second) == {"error": "line 2: invalid JSON at column 1: Expecting value"}


def test_jsonl_all_good_exits_0() -> None:
    process = run("--jsonl", stdin=json.dumps(EXAMPLE) + "\n\n" + json.dumps(EXAMPLE) + "\n")

    assert (process.returncode, process.stderr) == (0, "")
    assert len(process.stdout.splitlines()) == 2


def test_jsonl_goes_on_after_a_huge_integer() -> None:
    # Issue 13: a 4,300-digit integer stopped the whole batch with a traceback.
    lines = [
        json.dumps(EXAMPLE),
        '{"players": [{"stack": ' + "7" * 5000 + "}, {}]}",
        json.dumps({**EXAMPLE, "players": [{}] * 100_000}),
        json.dumps(EXAMPLE),
    ]

    process = run("--jsonl", stdin="\n".join(lines))

    assert process.returncode == 2
    assert "Traceback" not in process.stderr
    outputs = [json.loads(line) for line in process.stdout.splitlines()]
    assert outputs[1] == {"error": "line 2: input: a number of 5000 digits, more than the largest allowed, 10^12"}
    assert outputs[2] == {"error": "line 3: players: 100000 players, progressive seats 2 to 3"}
    check_spec_example(outputs[0])
    check_spec_example(outputs[3])


HUGE = '{"chips_per_point": ' + "1" * 4301 + ', "players": [{}, {}]}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HUGE, "input: a number of 4301 digits, more than the largest allowed, 10^12"),
        (
            json.dumps({**EXAMPLE, "chips_per_point": 10**12 + 1}),
            "chips_per_point: 1000000000001 is more than the largest allowed, 10^12",
        ),
        (
            json.dumps({**EXAMPLE, "players": [{**EXAMPLE["players"][0], "stack": 10**4299}, EXAMPLE["players"][1]]}),
            "input: a number of 4300 digits, more than the largest allowed, 10^12",
        ),
        (
            json.dumps({**EXAMPLE, "players": [{**EXAMPLE["players"][0], "stack": 10**20}, EXAMPLE["players"][1]]}),
            "players[0].stack: 100000000000000000000 is more than the largest allowed, 10^12",
        ),
        (
            json.dumps({**EXAMPLE, "variant": None}),
            "variant: null is not a value here: leave the field out for its default",
        ),
        (
            json.dumps({**EXAMPLE, "players": [{**EXAMPLE["players"][0], "seat": 1}, {}]}),
            'players[0]: unknown field "seat"',
        ),
        # Issue 13: the duplicate-name check once ran over every player first, in quadratic time.
        (json.dumps({**EXAMPLE, "players": [{}] * 100_000}), "players: 100000 players, progressive seats 2 to 3"),
    ],
)
def test_hostile_input_is_a_clean_error(text: str, message: str) -> None:
    with pytest.raises(CommandError) as raised:
        call_command("score_hand", stdin=io.StringIO(text), stdout=io.StringIO())

    assert (str(raised.value), raised.value.returncode) == (message, 2)


def test_huge_integer_exits_2_without_a_traceback() -> None:
    process = run(stdin=HUGE)

    assert (process.returncode, process.stdout) == (2, "")
    assert process.stderr == "input: a number of 4301 digits, more than the largest allowed, 10^12\n"


def test_input_over_1_mb_is_refused_unread(tmp_path: Path) -> None:
    hand = tmp_path / "big.json"
    hand.write_text(json.dumps({**EXAMPLE, "padding": "x" * 2_000_000}))

    process = run(str(hand))

    assert (process.returncode, process.stdout) == (2, "")
    assert process.stderr == "input: over 1 MB (1,000,000 bytes), and one hand is far smaller\n"
    with pytest.raises(CommandError, match=r"^input: over 1 MB"):
        call_command("score_hand", stdin=io.StringIO(hand.read_text()), stdout=io.StringIO())


def test_rules_overrides_are_echoed() -> None:
    result = json.loads(score(stdin=json.dumps({**EXAMPLE, "rules": {"scoop_bonus": 0}})))

    assert result["rules"] == {"scoop_bonus": 0}
    assert result["players"][0]["points"] == 6


def test_jsonl_unreadable_file_exits_2(tmp_path: Path) -> None:
    process = run("--jsonl", str(tmp_path / "missing.jsonl"))

    assert (process.returncode, process.stdout) == (2, "")
    assert process.stderr.endswith("cannot read: No such file or directory\n")


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085"])
def test_jsonl_lines_end_at_newlines_only(separator: str) -> None:
    """A name may hold U+2028, U+2029 or U+0085 (JSON leaves them unescaped): the hand stays one
    line, and the next line keeps its number."""
    named = {**EXAMPLE, "players": [{**EXAMPLE["players"][0], "name": f"Ana{separator}María"}, EXAMPLE["players"][1]]}
    text = json.dumps(named, ensure_ascii=False) + "\n" + "not json\n"
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("score_hand", "--jsonl", stdin=io.StringIO(text), stdout=out)

    first, second = out.getvalue().split("\n")[:2]
    assert json.loads(first)["players"][0]["name"] == f"Ana{separator}María"
    assert json.loads(second) == {"error": "line 2: invalid JSON at column 1: Expecting value"}


@pytest.mark.parametrize("text", ["bad\nvariant", "bad\u2028variant", "bad\rvariant"])
def test_an_error_message_is_one_line_whatever_the_input_holds(text: str) -> None:
    with pytest.raises(CommandError) as raised:
        call_command("score_hand", stdin=io.StringIO(json.dumps({**EXAMPLE, "variant": text})), stdout=io.StringIO())

    message = str(raised.value)
    assert message.splitlines() == [message]
    assert message.startswith('variant: unknown variant "bad\\')
