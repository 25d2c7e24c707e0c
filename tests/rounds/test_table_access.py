"""The one check the dealer's page and the Table API share (vpt/tables/permissions.py
`table_access`) and the replay of a submission key, answered by `record_hand` alone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import hand_post

from vpt.events.entries import register_player
from vpt.events.models import Event
from vpt.rounds.models import Hand
from vpt.seating.services import open_table, seat_entry
from vpt.tables.models import Table
from vpt.tables.services import issue_table_token

pytestmark = pytest.mark.django_db


def table_url(table: Table) -> str:
    return reverse("dealer:table", args=[table.pk])


def hands_url(table: Table) -> str:
    return reverse("api:table-hands", args=[table.pk])


def api_body(table: Table, kit: Any, key: str) -> str:
    boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    return json.dumps({"hand_number": 1, "key": key, "boards": [{"seat": s, **b} for s, b in boards.items()]})


def signed_in_device(table: Table, director: User, *, enforce_csrf: bool = False) -> Client:
    client = Client()
    token = issue_table_token(table, actor=director).token
    assert client.post(reverse("dealer:sign-in", args=[token])).status_code == 302
    client.handler.enforce_csrf_checks = enforce_csrf  # from now on, as a browser is checked
    return client


@pytest.fixture
def other_table(event: Event, director: User) -> Table:
    other = open_table(event, actor=director)
    for name in ("Dan", "Eva"):
        seat_entry(register_player(event, name=name, actor=director), table=other, actor=director)
    return other


def test_the_page_answers_a_replayed_key_with_the_first_result(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    form = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL], key="page-key-00001")
    first = client.post(table_url(table), form)
    result = reverse("dealer:hand-result", args=[table.pk, 1])
    assert first.status_code == 302 and first["Location"] == result
    again = client.post(table_url(table), form)
    assert again.status_code == 302 and again["Location"] == result
    # A live preview that carried Record (htmx only previews): the preview, nothing recorded.
    htmx = client.post(table_url(table), form, headers={"HX-Request": "true"})
    assert htmx.status_code == 200 and "HX-Redirect" not in htmx
    assert Hand.objects.filter(table=table).count() == 1


def test_the_page_refuses_the_key_of_a_hand_with_other_boards(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    client.post(table_url(table), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL], key="page-key-00002"))
    other = hand_post(table, [ACES_FULL, JACKS, QUEENS_FULL], number=1, key="page-key-00002")
    response = client.post(table_url(table), other)
    assert response.status_code == 200
    assert Hand.objects.filter(table=table).count() == 1


def test_the_api_answers_a_replayed_key_with_the_first_result(
    client: Client, table: Table, director: User, kit: Any
) -> None:
    headers = {"Authorization": f"Bearer {issue_table_token(table, actor=director).token}"}
    body = api_body(table, kit, "api-key-000001")
    first = client.post(hands_url(table), body, content_type="application/json", headers=headers)
    again = client.post(hands_url(table), body, content_type="application/json", headers=headers)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Hand.objects.filter(table=table).count() == 1


def test_the_api_refuses_a_device_session_without_the_csrf_token(table: Table, director: User, kit: Any) -> None:
    device = signed_in_device(table, director, enforce_csrf=True)
    refused = device.post(hands_url(table), api_body(table, kit, "api-key-000002"), content_type="application/json")
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    assert not Hand.objects.filter(table=table).exists()


def test_a_device_of_another_table_is_refused_by_page_and_api(
    table: Table, other_table: Table, director: User, kit: Any
) -> None:
    device = signed_in_device(other_table, director)
    assert device.get(table_url(table)).status_code == 403
    response = device.get(reverse("api:table", args=[table.pk]))
    assert response.status_code == 403 and response.json() == {
        "error": "You may not deal this table.",
        "code": "forbidden",
    }
    posted = device.post(hands_url(table), api_body(table, kit, "api-key-000003"), content_type="application/json")
    assert posted.status_code == 403 and posted.json()["code"] == "forbidden"
    assert not Hand.objects.filter(table=table).exists()
