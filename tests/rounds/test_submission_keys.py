"""A submission key names one hand: sent again for anything else (the next hand, other boards,
a hand since undone) it is refused with 409 `key_reused`, never answered with another hand's
result."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.rounds.corrections import reopen_hand
from vpt.rounds.models import Hand
from vpt.tables.models import Table
from vpt.tables.services import issue_table_token


def post_hand(client: Client, table: Table, token: str, body: dict[str, Any]) -> Any:
    return client.post(
        reverse("api:table-hands", args=[table.pk]),
        json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )


def api_boards(table: Table, kit: Any, rows: list[dict[str, str]]) -> list[dict[str, Any]]:
    return [{"seat": seat, **board} for seat, board in kit.by_position(table, rows).items()]


@pytest.fixture
def token(table: Table, director: User) -> str:
    return issue_table_token(table, actor=director).token


@pytest.fixture
def first(client: Client, table: Table, token: str, kit: Any) -> dict[str, Any]:
    body = {
        "hand_number": 1,
        "key": "device-key-0001",
        "boards": api_boards(table, kit, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL]),
    }
    assert post_hand(client, table, token, body).status_code == 201
    return body


def assert_key_reused(response: Any) -> None:
    assert response.status_code == 409
    assert response.json() == {
        "error": "This submission key was already used for hand 1 at Table 1, with other boards or since undone: "
        "nothing was recorded. Send the hand again with a new key.",
        "code": "key_reused",
        "next_hand_number": 2,
    }


@pytest.mark.django_db
def test_a_reused_key_with_the_next_hand_number_is_409(
    client: Client, table: Table, token: str, first: dict[str, Any]
) -> None:
    response = post_hand(client, table, token, {**first, "hand_number": 2})

    assert_key_reused(response)
    assert list(Hand.objects.values_list("number", flat=True)) == [1]


@pytest.mark.django_db
def test_a_reused_key_with_other_boards_is_409(
    client: Client, table: Table, token: str, kit: Any, first: dict[str, Any]
) -> None:
    swapped = api_boards(table, kit, [kit.ACES_FULL, kit.JACKS, kit.QUEENS_FULL])

    assert_key_reused(post_hand(client, table, token, {**first, "boards": swapped}))
    # The same cards, each row typed in another order, are the same submission.
    same = [{**board, "top": " ".join(reversed(board["top"].split()))} for board in first["boards"]]
    assert post_hand(client, table, token, {**first, "boards": same}).status_code == 200


@pytest.mark.django_db
def test_a_key_of_a_hand_since_undone_is_409(
    client: Client, table: Table, token: str, director: User, first: dict[str, Any]
) -> None:
    reopen_hand(Hand.objects.get(), actor=director)

    assert_key_reused(post_hand(client, table, token, first))
    assert Hand.objects.get().status == Hand.Status.VOID
