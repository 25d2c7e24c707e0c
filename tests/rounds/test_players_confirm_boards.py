"""The two-person rule (an event setting, off by default): every player ticks their box on the
dealer's device before Record; a hand is recorded only when all have, by the form and the API."""

from __future__ import annotations

import json

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import by_seat, hand_post

from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.events.services import update_event
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table
from vpt.tables.services import issue_table_token

BOARDS = [JACKS, ACES_FULL, QUEENS_FULL]


@pytest.fixture
def confirming(table: Table, director: User) -> Table:
    update_event(table.event, actor=director, players_confirm_boards=True)
    return Table.objects.select_related("event").get(pk=table.pk)


def test_off_by_default(event: Event, table: Table, director: User) -> None:
    assert event.players_confirm_boards is False
    record_hand(table, hand_number=1, boards=by_seat(table, BOARDS), actor=director)
    assert Hand.objects.count() == 1


def test_a_hand_waits_for_every_players_confirmation(confirming: Table, director: User) -> None:
    seats = [seat.number for seat in table_state(confirming.pk).seats]
    with pytest.raises(ServiceError) as refused:
        record_hand(
            confirming, hand_number=1, boards=by_seat(confirming, BOARDS), actor=director, confirmed_seats=seats[:2]
        )
    assert refused.value.code == "boards_not_confirmed"
    assert str(refused.value) == f"Each player confirms the boards before Record: seat {seats[2]} has not yet."
    assert not Hand.objects.exists()
    record_hand(confirming, hand_number=1, boards=by_seat(confirming, BOARDS), actor=director, confirmed_seats=seats)
    assert Hand.objects.count() == 1


def test_the_dealers_page_asks_each_player_and_records_when_all_ticked(
    client: Client, confirming: Table, dealer_user: User
) -> None:
    client.force_login(dealer_user)
    url = reverse("dealer:table", args=[confirming.pk])
    page = client.get(url).content.decode()
    assert page.count('name="confirmed"') == 3
    seats = [str(seat.number) for seat in table_state(confirming.pk).seats]
    data = hand_post(confirming, BOARDS)
    refused = client.post(url, {**data, "confirmed": seats[:1]})
    assert "Each player confirms the boards before Record" in refused.content.decode()
    assert not Hand.objects.exists()
    done = client.post(url, {**data, "confirmed": seats})
    assert done.status_code == 302
    assert Hand.objects.count() == 1


def test_the_table_api_takes_the_confirmed_seats(client: Client, confirming: Table, director: User) -> None:
    token = issue_table_token(confirming, actor=director).token
    boards = [{"seat": seat, **board} for seat, board in by_seat(confirming, BOARDS).items()]
    url = reverse("api:table-hands", args=[confirming.pk])

    def post(body: dict[str, object]) -> object:
        return client.post(
            url, json.dumps(body), content_type="application/json", headers={"Authorization": f"Bearer {token}"}
        )

    refused = post({"hand_number": 1, "boards": boards})
    assert refused.status_code == 409 and refused.json()["code"] == "boards_not_confirmed"  # type: ignore[attr-defined]
    bad = post({"hand_number": 1, "boards": boards, "confirmed_seats": "all"})
    assert bad.status_code == 400  # type: ignore[attr-defined]
    done = post({"hand_number": 1, "boards": boards, "confirmed_seats": [b["seat"] for b in boards]})
    assert done.status_code == 201  # type: ignore[attr-defined]


def test_a_plain_dealers_page_has_no_boxes(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    assert 'name="confirmed"' not in client.get(reverse("dealer:table", args=[table.pk])).content.decode()


def test_the_director_turns_it_on_in_the_event_form(client_as_director: Client, event: Event) -> None:
    page = client_as_director.get(reverse("floor:edit", args=[event.slug])).content.decode()
    assert 'name="players_confirm_boards"' in page
    assert "Players confirm the boards before Record" in page
