"""The stream's JSON and pages (floor.md, "The featured table"): the shape of
``/api/events/<slug>/tables/<n>/live``, its 304 while nothing changed, the chip leaders, a hidden
person as "Hidden player", and pages with nothing to click that the site alone may frame."""

from __future__ import annotations

import json
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User
from django.test import Client
from factories import THREE, make_event, play

from vpt.events.models import Event
from vpt.people.services import set_person_hidden
from vpt.rounds.selectors import table_state
from vpt.standings.broadcast import hand_for_hand_on
from vpt.tables.featured import set_table_featured
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def stream(director: User) -> Table:
    table = Table.objects.get(event=make_event(director, THREE, name="Stream Open", buy_in="100.00", fee="10.00"))
    set_table_featured(table, featured=True, actor=director)
    return table


def live_url(table: Table) -> str:
    return f"/api/events/{table.event.slug}/tables/{table.number}/live"


def test_the_live_json_before_any_hand(client: Client, stream: Table) -> None:
    state = table_state(stream.pk)
    body = client.get(live_url(stream)).json()
    assert body == {
        "event": "stream-open",
        "table": 1,
        "featured": True,
        "level": 1,
        "chips_per_point": 100,
        "button": state.button_seat,
        "hand_for_hand": False,
        "players": [
            {
                "seat": seat.number,
                "name": seat.occupant.player.name,
                "entry_id": seat.entry_id,
                "stack": 10000,
                "fantasyland_cards": 0,
            }
            for seat in state.seats
        ],
        "last_hand": None,
    }


def test_the_live_json_after_a_hand(client: Client, stream: Table, director: User) -> None:
    seats = table_state(stream.pk).seats
    names = [seat.occupant.player.name for seat in seats]
    hand = play(stream, [QUEENS_UP, JACKS, ACES_FULL], director)
    body = client.get(live_url(stream)).json()
    last = body["last_hand"]
    assert last["number"] == hand.number == 1
    assert [board["seat"] for board in last["boards"]] == [seat.number for seat in seats]
    first = last["boards"][0]
    assert first == {
        "seat": seats[0].number,
        "top": "Qs Qh 2c",
        "middle": "Kd Kc 8h 8s 3d",
        "bottom": "2h 5h 9h Jh Ah",
        "fouled": False,
        "royalties": {"top": 7, "middle": 0, "bottom": 4, "total": 11},
        "fantasyland_cards_next": 14,
    }
    assert [board["fouled"] for board in last["boards"]] == [False, False, False]
    assert [(e["a"], e["b"]) for e in last["exchanges"]] == [
        (names[0], names[1]),
        (names[0], names[2]),
        (names[1], names[2]),
    ]
    assert set(last["exchanges"][0]) == {"a", "b", "points", "chips_due", "chips_paid", "capped", "skipped"}
    assert sum(player["stack"] for player in body["players"]) == 30000
    fantasyland = {player["seat"]: player["fantasyland_cards"] for player in body["players"]}
    assert fantasyland[seats[0].number] == 14


def test_the_live_json_answers_304_while_nothing_changed(client: Client, stream: Table, director: User) -> None:
    first = client.get(live_url(stream))
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    again = client.get(live_url(stream), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    play(stream, [JACKS, ACES_FULL, QUEENS_FULL], director)
    fresh = client.get(live_url(stream), HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    assert fresh.json()["last_hand"]["number"] == 1


def test_a_304_costs_one_query(client: Client, stream: Table, django_assert_num_queries: Any) -> None:
    etag = client.get(live_url(stream))["ETag"]
    with django_assert_num_queries(1):
        assert client.get(live_url(stream), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_no_such_table_is_a_json_404(client: Client, stream: Table) -> None:
    response = client.get(f"/api/events/{stream.event.slug}/tables/9/live")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")


def test_a_hidden_person_is_hidden_player(client: Client, stream: Table, director: User) -> None:
    seats = table_state(stream.pk).seats
    hidden = seats[1].occupant
    assert hidden.player.person is not None
    set_person_hidden(hidden.player.person, hidden=True, actor=director)
    play(stream, [JACKS, ACES_FULL, QUEENS_FULL], director)
    text = client.get(live_url(stream)).content.decode()
    assert hidden.player.name not in text
    body = json.loads(text)
    assert {player["entry_id"]: player["name"] for player in body["players"]}[hidden.pk] == "Hidden player"
    assert body["last_hand"]["exchanges"][0]["b"] == "Hidden player"  # seat 2 of the hand
    page = client.get(f"/broadcast/{stream.event.slug}/table/1/").content.decode()
    assert hidden.player.name not in page
    leaders = client.get(f"/api/events/{stream.event.slug}/chip-leaders").content.decode()
    assert hidden.player.name not in leaders and "Hidden player" in leaders


def test_the_chip_leaders(client: Client, stream: Table, director: User) -> None:
    play(stream, [JACKS, ACES_FULL, QUEENS_FULL], director)
    body = client.get(f"/api/events/{stream.event.slug}/chip-leaders").json()
    stacks = [leader["stack"] for leader in body["leaders"]]
    assert stacks == sorted(stacks, reverse=True) and sum(stacks) == 30000
    assert (body["players_left"], body["average_stack"], body["pool"]) == (3, 10000, "300.00")
    assert set(body) == {"event", "players_left", "average_stack", "pool", "next_pay_jump", "leaders"}


def test_hand_for_hand_is_read_defensively(stream: Table) -> None:
    """Until the event has a hand-for-hand field (issue 29), it is off; with one, it is read."""
    event = Event.objects.get(pk=stream.event_id)
    assert hand_for_hand_on(event) is False
    event.hand_for_hand = True  # type: ignore[attr-defined]
    assert hand_for_hand_on(event) is True


@pytest.mark.parametrize("page", ["table/1/", "chips/", "clock/"])
def test_broadcast_pages_have_nothing_to_click(client: Client, stream: Table, page: str) -> None:
    response = client.get(f"/broadcast/{stream.event.slug}/{page}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<a " not in html and "<nav" not in html and '<header class="site-header' not in html
    assert "<button" not in html and "<form" not in html
    assert 'data-deck-default="four"' in html
    assert response["X-Frame-Options"] == "SAMEORIGIN"  # the director's previews
    assert "frame-ancestors 'self'" in response["Content-Security-Policy"]


def test_card_names_come_in_the_readers_language(client: Client, stream: Table) -> None:
    html = client.get(f"/broadcast/{stream.event.slug}/table/1/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    names = json.loads(html.split('id="broadcast-cards" type="application/json">')[1].split("</script>")[0])
    assert (names["Qh"], names["Td"], len(names)) == ("reina de corazones", "diez de diamantes", 52)
