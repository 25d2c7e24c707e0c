"""The table API: every status it answers, and the submission key under concurrency."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections
from django.test import Client
from django.urls import reverse

from vpt.audit.models import AuditEntry
from vpt.events.models import Entry, Event
from vpt.events.services import set_event_status
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table
from vpt.tables.services import issue_table_token, revoke_table_token


def state_url(table: Table) -> str:
    return reverse("api:table", args=[table.pk])


def hands_url(table: Table) -> str:
    return reverse("api:table-hands", args=[table.pk])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def api_boards(table: Table, kit: Any, rows: list[dict[str, str]] | None = None) -> list[dict[str, Any]]:
    boards = kit.by_position(table, rows or [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    return [{"seat": seat, **board} for seat, board in boards.items()]


def post_hand(client: Client, table: Table, token: str, body: Any) -> Any:
    return client.post(hands_url(table), json.dumps(body), content_type="application/json", headers=bearer(token))


@pytest.fixture
def token(table: Table, director: User) -> str:
    return issue_table_token(table, actor=director).token


@pytest.mark.django_db
def test_get_the_hand_to_enter_in_payment_order(client: Client, table: Table, token: str) -> None:
    response = client.get(state_url(table), headers=bearer(token))
    assert response.status_code == 200
    data = response.json()
    state = table_state(table.pk)
    assert data == {
        "event": "test-open",
        "table": 1,
        "hand_number": 1,
        "variant": "progressive",
        "level": 1,
        "chips_per_point": 100,
        "button": state.button_seat,
        "dead_button": False,
        "open": True,
        "can_deal": True,
        "why_not": None,
        "seats": [
            {"seat": seat.number, "name": str(seat.entry), "stack": 10000, "fantasyland_cards": 0}
            for seat in state.seats
        ],
    }
    assert data["seats"][-1]["seat"] == state.button_seat  # the button pays last


@pytest.mark.django_db
def test_post_records_201_and_the_same_key_again_gets_200_with_the_same_result(
    client: Client, table: Table, token: str, kit: Any
) -> None:
    body = {"hand_number": 1, "key": "device-key-0001", "boards": api_boards(table, kit)}
    first = post_hand(client, table, token, body)
    assert first.status_code == 201, first.content
    result = first.json()
    assert result["hand_number"] == 1 and result["key"] == "device-key-0001" and result["status"] == "recorded"
    assert [(x["points"], x["chips_paid"]) for x in result["exchanges"]] == [(3, 300), (3, 300), (1, 100)]
    assert [p["stack_after"] for p in result["players"]] == [10600, 9800, 9600]
    assert [p["points"] for p in result["players"]] == [6, -2, -4]
    assert result["players"][0]["royalties"] == {"top": 6, "middle": 0, "bottom": 2, "total": 8}
    assert [s["stack"] for s in result["stacks"]] == [10600, 9800, 9600]
    assert result["eliminated"] == []
    table.refresh_from_db()
    assert result["next_hand"] == {
        "hand_number": 2,
        "button": table.button_seat,
        "dead_button": False,
        "level": 1,
        "chips_per_point": 100,
        "can_deal": True,
        "why_not": None,
        "fantasyland": [],
    }

    again = post_hand(client, table, token, body)
    assert again.status_code == 200
    assert again.json() == result
    assert Hand.objects.filter(table=table).count() == 1
    assert AuditEntry.objects.filter(action="rounds.hand_recorded").count() == 1
    assert sorted(Entry.objects.values_list("stack", flat=True)) == [9600, 9800, 10600]


@pytest.mark.django_db
def test_another_key_for_a_hand_already_recorded_is_409(client: Client, table: Table, token: str, kit: Any) -> None:
    boards = api_boards(table, kit)
    assert (
        post_hand(client, table, token, {"hand_number": 1, "key": "first-key-01", "boards": boards}).status_code == 201
    )
    response = post_hand(client, table, token, {"hand_number": 1, "key": "second-key-02", "boards": boards})
    assert response.status_code == 409
    data = response.json()
    assert data["code"] == "already_recorded" and "already recorded" in data["error"]
    assert data["next_hand_number"] == 2
    # A number ahead of the table is stale, also 409.
    stale = post_hand(client, table, token, {"hand_number": 5, "key": "third-key-03", "boards": boards})
    assert stale.status_code == 409 and stale.json()["code"] == "stale_hand"
    assert Hand.objects.count() == 1


@pytest.mark.django_db
def test_bad_boards_are_400_naming_the_seat_row_and_card(client: Client, table: Table, token: str, kit: Any) -> None:
    boards = api_boards(table, kit)
    seat = boards[1]["seat"]
    boards[1] = {**boards[1], "middle": "Ts Js Qd Ks Jc"}  # Jc is on P1's top
    response = post_hand(client, table, token, {"hand_number": 1, "key": "bad-board-01", "boards": boards})
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == "invalid_cards"
    assert "Jc" in data["error"] and f"seat {data['seat']}" in data["error"]
    assert data["seat"] in {seat, boards[0]["seat"]} and data["row"] in {"top", "middle"}

    unknown = [{**boards[0], "top": "Jc Jd Zz"}, *api_boards(table, kit)[1:]]
    response = post_hand(client, table, token, {"hand_number": 1, "key": "bad-board-02", "boards": unknown})
    assert response.status_code == 400
    data = response.json()
    assert data["seat"] == boards[0]["seat"] and data["row"] == "top" and "Zz" in data["error"]

    for body, where in [
        ({"hand_number": 1, "boards": []}, "boards"),
        ({"hand_number": "1", "boards": api_boards(table, kit)}, "hand_number"),
        ({"hand_number": 1, "boards": api_boards(table, kit), "extra": 1}, "extra"),
        ({"hand_number": 1, "key": "short", "boards": api_boards(table, kit)}, "key"),
        ({"hand_number": 1, "boards": [{"top": "Ah"}]}, "seat"),
    ]:
        response = post_hand(client, table, token, body)
        assert response.status_code == 400, body
        assert where in response.json()["error"]
    not_json = client.post(hands_url(table), "{", content_type="application/json", headers=bearer(token))
    assert not_json.status_code == 400 and "invalid JSON" in not_json.json()["error"]
    assert Hand.objects.count() == 0


@pytest.mark.django_db
def test_missing_bad_and_revoked_tokens_are_401(client: Client, table: Table, token: str, director: User) -> None:
    for headers in ({}, bearer("not-a-token"), {"Authorization": f"Basic {token}"}, {"Authorization": "Bearer "}):
        for response in (
            client.get(state_url(table), headers=headers),
            client.post(hands_url(table), "{}", content_type="application/json", headers=headers),
        ):
            assert response.status_code == 401, headers
            assert response["Content-Type"] == "application/json"
            assert "error" in response.json()
    assert client.get(state_url(table), headers=bearer(token)).status_code == 200
    revoke_table_token(table, actor=director)
    assert client.get(state_url(table), headers=bearer(token)).status_code == 401
    # A reissued token works; the one before it does not.
    fresh = issue_table_token(table, actor=director).token
    assert client.get(state_url(table), headers=bearer(fresh)).status_code == 200
    assert client.get(state_url(table), headers=bearer(token)).status_code == 401


@pytest.mark.django_db
def test_tokens_end_with_the_event(client: Client, table: Table, token: str, director: User) -> None:
    set_event_status(table.event, status=Event.Status.FINISHED, actor=director)
    assert client.get(state_url(table), headers=bearer(token)).status_code == 401


@pytest.mark.django_db
def test_a_token_of_another_table_is_403(client: Client, director: User, kit: Any) -> None:
    event = kit.make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"], slug="two-tables")
    one, two = Table.objects.filter(event=event).order_by("number")
    token = issue_table_token(one, actor=director).token
    response = client.get(state_url(two), headers=bearer(token))
    assert response.status_code == 403 and response.json()["code"] == "forbidden"
    response = post_hand(client, two, token, {"hand_number": 1, "key": "wrong-table-1", "boards": []})
    assert response.status_code == 403
    assert client.get(state_url(one), headers=bearer(token)).status_code == 200


@pytest.mark.django_db
def test_a_1_mb_bad_value_answers_an_error_under_1_kb(client: Client, table: Table, token: str, kit: Any) -> None:
    long = "X" * 990_000
    boards = api_boards(table, kit)
    for body in [
        {"hand_number": 1, "boards": boards, long: 1},
        {"hand_number": 1, "boards": [{**boards[0], long: 1}, *boards[1:]]},
        {"hand_number": 1, "key": "long-card-01", "boards": [{**boards[0], "top": long}, *boards[1:]]},
    ]:
        response = post_hand(client, table, token, body)
        assert response.status_code == 400 and len(response.content) < 1024, len(response.content)
        assert "X" * 37 + "..." in response.json()["error"]
    assert Hand.objects.count() == 0


def test_bodies_over_1_mb_are_413_before_reading(client: Client, table: Table, token: str) -> None:
    big = b'{"boards": "' + b"x" * 1_000_001 + b'"}'
    response = client.post(hands_url(table), big, content_type="application/json", headers=bearer(token))
    assert response.status_code == 413 and response.json()["code"] == "too_large"
    # A declared length over 1 MB is refused without reading the body.
    response = client.generic(
        "POST",
        hands_url(table),
        b"{}",
        content_type="application/json",
        headers=bearer(token),
        CONTENT_LENGTH="2000000",
    )
    assert response.status_code == 413


@pytest.mark.django_db
def test_other_methods_are_405_json(client: Client, table: Table, token: str) -> None:
    response = client.get(hands_url(table), headers=bearer(token))
    assert response.status_code == 405 and response["Allow"] == "POST" and "error" in response.json()
    assert client.delete(state_url(table), headers=bearer(token)).status_code == 405


@pytest.mark.django_db
def test_a_session_needs_the_csrf_token_a_bearer_token_does_not(table: Table, director: User, kit: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    body = json.dumps({"hand_number": 1, "key": "session-key-1", "boards": api_boards(table, kit)})
    refused = client.post(hands_url(table), body, content_type="application/json")
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    client.get(reverse("dealer:table", args=[table.pk]))  # sets the CSRF cookie
    csrf = client.cookies["csrftoken"].value
    response = client.post(hands_url(table), body, content_type="application/json", headers={"X-CSRFToken": csrf})
    assert response.status_code == 201
    # A Bearer client needs no CSRF token.
    token = issue_table_token(table, actor=director).token
    bare = Client(enforce_csrf_checks=True)
    assert bare.get(state_url(table), headers=bearer(token)).json()["hand_number"] == 2


@pytest.mark.django_db
def test_a_logged_in_user_who_does_not_deal_the_table_is_403(client: Client, table: Table) -> None:
    client.force_login(User.objects.create_user("stranger", password="x"))
    response = client.get(state_url(table))
    assert response.status_code == 403 and response.json()["code"] == "forbidden"


@pytest.mark.django_db
def test_record_hand_key_returns_the_first_hand(table: Table, director: User, kit: Any) -> None:
    boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    first = record_hand(table, hand_number=1, boards=boards, actor=director, key="service-key-1")
    assert not first.replayed
    again = record_hand(table, hand_number=1, boards=boards, actor=director, key="service-key-1")
    assert again.pk == first.pk and again.replayed
    assert Hand.objects.get().key == "service-key-1"


# Concurrency: 10 devices at once. A real transaction per request (transaction=True), threads,
# and the test database a file (SQLite in WAL mode) or PostgreSQL (DATABASE_URL).


def _race(table: Table, bodies: list[dict[str, Any]], token: str) -> list[tuple[int, dict[str, Any]]]:
    barrier = threading.Barrier(len(bodies))
    answers: list[tuple[int, dict[str, Any]]] = []
    lock = threading.Lock()

    def submit(body: dict[str, Any]) -> None:
        try:
            client = Client()
            barrier.wait()
            response = post_hand(client, table, token, body)
            with lock:
                answers.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_posts_of_the_same_key_make_one_hand(director: User, kit: Any) -> None:
    event = kit.make_event(director, ["Ana", "Ben", "Cid"], slug="race-same-key")
    table = Table.objects.get(event=event)
    token = issue_table_token(table, actor=director).token
    body = {"hand_number": 1, "key": "same-key-for-all", "boards": api_boards(table, kit)}

    answers = _race(table, [body] * 10, token)

    statuses = sorted(status for status, _data in answers)
    assert statuses == [200] * 9 + [201]
    results = [data for _status, data in answers]
    assert all(result == results[0] for result in results)
    assert Hand.objects.filter(table=table).count() == 1
    assert AuditEntry.objects.filter(event_id=event.pk, action="rounds.hand_recorded").count() == 1
    assert sorted(Entry.objects.filter(event=event).values_list("stack", flat=True)) == [9600, 9800, 10600]


@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_posts_with_different_keys_make_one_hand_and_nine_409(director: User, kit: Any) -> None:
    event = kit.make_event(director, ["Ana", "Ben", "Cid"], slug="race-other-keys")
    table = Table.objects.get(event=event)
    token = issue_table_token(table, actor=director).token
    boards = api_boards(table, kit)
    bodies = [{"hand_number": 1, "key": f"device-key-{n:04d}", "boards": boards} for n in range(10)]

    answers = _race(table, bodies, token)

    statuses = sorted(status for status, _data in answers)
    assert statuses == [201] + [409] * 9
    assert {data["code"] for status, data in answers if status == 409} == {"already_recorded"}
    assert Hand.objects.filter(table=table).count() == 1
    assert sorted(Entry.objects.filter(event=event).values_list("stack", flat=True)) == [9600, 9800, 10600]


@pytest.mark.django_db
def test_a_table_of_one_deals_nothing_until_a_player_moves_in(client: Client, director: User) -> None:
    from boards import ACES_FULL, JACKS
    from factories import by_seat, make_event, play

    from vpt.seating.services import move_player

    room = make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva"], starting_stack=300, levels=[100], seed=2)
    two = Table.objects.get(event=room, number=2)
    token = issue_table_token(two, actor=director).token
    play(two, [JACKS, ACES_FULL], director)  # the second player pays 300 and is out
    lone = table_state(two.pk).seats[0]

    answer = client.get(state_url(two), headers=bearer(token)).json()
    assert (answer["hand_number"], answer["can_deal"], answer["why_not"], answer["chips_per_point"]) == (
        2,
        False,
        "too_few_players",
        None,
    )
    refused = post_hand(client, two, token, {"hand_number": 2, "boards": [{"seat": lone.number, **JACKS}]})
    assert (refused.status_code, refused.json()["code"]) == (409, "too_few_players")
    assert Hand.objects.filter(table=two).count() == 1
    client.force_login(director)
    page = client.get(reverse("dealer:table", args=[two.pk])).content.decode()
    assert 'data-cannot-deal="too_few_players"' in page and "data-hand-key" not in page
    result = client.get(reverse("dealer:hand-result", args=[two.pk, 1])).content.decode()
    assert "Enter hand 2" not in result and 'data-cannot-deal="too_few_players"' in result
    overview = client.get(reverse("floor:tables-overview", args=[room.slug])).content.decode()
    assert overview.count('data-cannot-deal="too_few_players"') == 1
    assert "Move a player here or break the table." in overview

    mover = table_state(Table.objects.get(event=room, number=1).pk).seats[0].entry
    move_player(mover, to_table=two, actor=director)

    answer = client.get(state_url(two), headers=bearer(token)).json()
    assert (answer["can_deal"], answer["why_not"], answer["level"], answer["chips_per_point"]) == (True, None, 1, 100)
    boards = [{"seat": seat, **board} for seat, board in by_seat(two, [JACKS, ACES_FULL]).items()]
    assert post_hand(client, two, token, {"hand_number": 2, "boards": boards}).status_code == 201


@pytest.mark.django_db
def test_the_hand_in_play_when_a_break_starts_is_recorded_then_the_table_waits(
    client: Client, director: User, kit: Any
) -> None:
    from datetime import timedelta

    from django.utils import timezone
    from factories import make_table

    from vpt.rounds.clock import apply_clock_changes, start_clock

    levels = [
        {"chips_per_point": 100, "minutes": 20},
        {"chips_per_point": 100, "minutes": 10, "is_break": True},
        {"chips_per_point": 200, "minutes": 20},
    ]
    table = make_table(director, levels=levels)
    token = issue_table_token(table, actor=director).token
    start_clock(table.event, actor=director, now=timezone.now() - timedelta(minutes=25))  # the break is on
    apply_clock_changes()  # the job runner's pass: the event is on its break
    client.force_login(director)
    page = client.get(reverse("dealer:table", args=[table.pk])).content.decode()
    assert "data-before-break" in page and "data-hand-key" in page  # the dealer is told, and may finish it
    assert "Break: finish this hand, dealt at level 1. No new hand is dealt here until the break ends." in page

    first = post_hand(client, table, token, {"hand_number": 1, "boards": api_boards(table, kit)})

    assert first.status_code == 201, first.content
    assert (first.json()["chips_per_point"], first.json()["next_hand"]["why_not"]) == (100, "on_break")
    second = post_hand(client, table, token, {"hand_number": 2, "boards": api_boards(table, kit)})
    assert (second.status_code, second.json()["code"]) == (409, "on_break")
    answer = client.get(state_url(table), headers=bearer(token)).json()
    assert (answer["hand_number"], answer["can_deal"], answer["why_not"]) == (2, False, "on_break")
    page = client.get(reverse("dealer:table", args=[table.pk])).content.decode()
    assert "data-before-break" not in page and 'data-cannot-deal="on_break"' in page
