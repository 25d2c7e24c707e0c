"""`POST /api/score`: the score_hand contract over HTTP. No test here has database access."""

import json

import pytest
from django.test import Client

from vpt.ofc import score_json

EXAMPLE = {
    "variant": "progressive",
    "chips_per_point": 100,
    "players": [
        {"name": "Ana", "stack": 10000, "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"},
        {"name": "Ben", "stack": 8000, "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
    ],
}


def post(client: Client, body: str | bytes, content_type: str = "application/json"):  # type: ignore[no-untyped-def]
    return client.post("/api/score", data=body, content_type=content_type)


def test_scores_like_the_engine_and_the_command(client: Client) -> None:
    response = post(client, json.dumps(EXAMPLE))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == score_json(EXAMPLE)
    assert response.json()["exchanges"] == [
        {"a": "Ana", "b": "Ben", "points": 9, "chips_due": 900, "chips_paid": 900, "capped": False, "skipped": False}
    ]


def test_needs_no_csrf_token() -> None:
    # Scripts have no session or CSRF cookie; the view is exempt on purpose (see vpt/rounds/api.py).
    response = post(Client(enforce_csrf_checks=True), json.dumps(EXAMPLE))

    assert response.status_code == 200


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (json.dumps({"players": [{"top": "Kd"}, {"middle": "Kd"}]}), "players[1].middle: duplicate card Kd"),
        (json.dumps({"players": [{"top": "Qs Qh 2c 3c"}, {}]}), "players[0].top: 4 cards, top takes 3"),
        (json.dumps({"players": [{}]}), "players: 1 players, progressive seats 2 to 3"),
        (json.dumps({"players": [{}, {}], "chips_per_point": 0}), "chips_per_point: 0 is not a positive whole number"),
        ('{"players": [', "invalid JSON at line 1, column 14: Expecting value"),
        ("", "empty input: expected one JSON hand"),
        ("variant=progressive&players=2", "invalid JSON at line 1, column 1: Expecting value"),
        (b"\xff\xfe{}", "request body: not UTF-8 text (byte 1)"),
    ],
)
def test_bad_input_is_400_with_the_one_line_error(client: Client, body: str | bytes, error: str) -> None:
    response = post(client, body)

    assert response.status_code == 400
    assert response.json() == {"error": error, "code": "bad_request"}


def test_a_form_post_is_not_json(client: Client) -> None:
    response = client.post("/api/score", {"variant": "progressive"})

    assert response.status_code == 415
    assert response.json()["error"].startswith("request: Content-Type multipart/form-data: send the hand as")


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_only_post_is_allowed(client: Client, method: str) -> None:
    response = getattr(client, method)("/api/score")

    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert response.json() == {
        "error": f"method {method.upper()} not allowed: POST one JSON hand",
        "code": "method_not_allowed",
    }


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            '{"chips_per_point": ' + "9" * 4301 + ', "players": [{}, {}]}',
            "input: a number of 4301 digits, more than the largest allowed, 10^12",
        ),
        (
            json.dumps({**EXAMPLE, "chips_per_point": 10**12 + 1}),
            "chips_per_point: 1000000000001 is more than the largest allowed, 10^12",
        ),
        (
            json.dumps({**EXAMPLE, "players": [{**EXAMPLE["players"][0], "stack": None}, EXAMPLE["players"][1]]}),
            "players[0].stack: null is not a value here: leave the field out for its default",
        ),
        (json.dumps({**EXAMPLE, "table": 3}), 'input: unknown field "table"'),
        (json.dumps({**EXAMPLE, "rules": {"scoop": 0}}), 'rules: unknown setting "scoop"'),
        ('{"players": [{"stack": NaN}, {}]}', "invalid JSON: NaN is not a JSON number"),
    ],
)
def test_hostile_input_is_400_json(client: Client, body: str, error: str) -> None:
    response = post(client, body)

    assert response.status_code == 400
    assert response.json() == {"error": error, "code": "bad_request"}


def _one_long_value(kind: str) -> dict[str, object]:
    """A hand of about 1 MB whose one bad value is all of it (issue 27)."""
    long = "X" * 990_000
    players: list[dict[str, object]] = [dict(player) for player in EXAMPLE["players"]]  # type: ignore[attr-defined]
    if kind == "card":
        players[0]["top"] = long
    elif kind == "control characters":  # each escaped on the way out: 6 characters for 1
        players[0]["top"] = "\x01" * 165_000
    elif kind == "player key":
        players[0][long] = 1
    elif kind == "rule set name":  # named in the player-count message
        return {"rules": {"name": long}, "players": players * 2}
    elif kind == "variant":
        return {**EXAMPLE, "variant": long}
    elif kind == "setting":
        return {**EXAMPLE, "rules": {long: 1}}
    elif kind == "setting value":
        return {**EXAMPLE, "rules": {"fantasyland_stay_top": long}}
    elif kind == "setting path":  # the key is in the error's path
        return {**EXAMPLE, "rules": {long: 10**13}}
    return {**EXAMPLE, "players": players}


LONG_VALUES = ["card", "control characters", "player key", "rule set name", "variant", "setting", "setting value"]


@pytest.mark.parametrize("kind", [*LONG_VALUES, "setting path"])
def test_a_1_mb_bad_value_answers_an_error_under_1_kb(client: Client, kind: str) -> None:
    body = json.dumps(_one_long_value(kind))
    assert 900_000 < len(body.encode()) <= 1_000_000

    response = post(client, body)

    assert response.status_code == 400
    assert len(response.content) < 1024, len(response.content)
    error = response.json()["error"]
    assert ("X" * 30 + "..." in error or "\\u0001" * 37 + "..." in error) and "X" * 41 not in error


def test_a_long_content_type_or_method_is_not_echoed_whole(client: Client) -> None:
    response = post(client, "{}", content_type="application/" + "x" * 5000)
    assert response.status_code == 415 and len(response.content) < 1024


def test_100000_players_are_refused_by_the_count(client: Client) -> None:
    # Issue 13: the duplicate-name check once ran over every player first, in quadratic time.
    # (The engine's own test shows no player is even read: tests/ofc/test_contract.py.)
    body = json.dumps({"players": [{}] * 100_000})
    assert len(body) < 1_000_000

    response = post(client, body)

    assert response.status_code == 400
    assert response.json() == {"error": "players: 100000 players, progressive seats 2 to 3", "code": "bad_request"}


def test_over_1_mb_is_413_json(client: Client) -> None:
    response = post(client, json.dumps({**EXAMPLE, "padding": "x" * 1_000_000}))

    assert response.status_code == 413
    assert response.json() == {
        "error": "input: over 1 MB (1,000,000 bytes), and one hand is far smaller",
        "code": "too_large",
    }


def test_size_is_checked_from_content_length_before_reading(client: Client) -> None:
    # The header alone says 2 MB: refused without reading (the 2-byte body is never looked at).
    response = client.generic("POST", "/api/score", b"{}", content_type="application/json", CONTENT_LENGTH="2000000")

    assert response.status_code == 413
    assert response.json()["error"].startswith("input: over 1 MB")


def test_bad_content_length_is_400_json(client: Client) -> None:
    response = client.generic("POST", "/api/score", b"{}", content_type="application/json", CONTENT_LENGTH="many")

    assert response.status_code == 400
    assert response.json() == {"error": "request: Content-Length is not a number", "code": "bad_request"}


def test_rules_overrides_are_echoed(client: Client) -> None:
    response = post(client, json.dumps({**EXAMPLE, "rules": {"scoop_bonus": 0}}))

    assert response.status_code == 200
    assert response.json()["rules"] == {"scoop_bonus": 0}


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"])
def test_a_body_that_is_not_json_by_its_type_is_415(client: Client, content_type: str) -> None:
    response = post(client, json.dumps(EXAMPLE), content_type=content_type)

    assert response.status_code == 415
    assert response.json() == {
        "error": f"request: Content-Type {content_type}: send the hand as application/json",
        "code": "unsupported_media_type",
    }


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/nothing-here", "/api/score/extra", "/api/events/no-such-event/standings"])
def test_unknown_api_paths_answer_json_404(client: Client, path: str) -> None:
    response = client.get(path)

    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json() == {"error": f"no such API path: {path}", "code": "not_found"}
    assert client.get("/no-such-page/")["Content-Type"].startswith("text/html")
