"""Hand-for-hand on the pages: the director's switch and suggestion on the tables overview, the
dealer's page and the Table API naming the tables still playing, the big screen's clock and
every player's page saying "Hand-for-hand"."""

from __future__ import annotations

from decimal import Decimal

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import by_seat, make_event

from vpt.audit.models import AuditEntry
from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.money.payout_services import set_payout_structure
from vpt.rounds.clock import start_clock
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db

NINE = ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay", "Gus", "Hal", "Ivo"]


@pytest.fixture
def room(director: User) -> Event:
    event = make_event(director, NINE, slug="bubble", seats_per_table=3)
    set_payout_structure(event, percentages=["40", "25", "15", "10", "6", "4"], unit=Decimal("1"), actor=director)
    start_clock(event, actor=director)
    return Event.objects.get(pk=event.pk)


def _play(table: Table, director: User) -> None:
    state = table_state(table.pk)
    boards = by_seat(table, [JACKS, ACES_FULL, QUEENS_FULL])
    record_hand(state.table, hand_number=state.next_hand_number, boards=boards, actor=director)


def test_the_director_switches_it_on_from_the_overview(client_as_director: Client, room: Event) -> None:
    url = reverse("floor:tables-overview", args=[room.slug])
    page = client_as_director.get(url).content.decode()
    assert "data-hand-for-hand-on" in page and "data-hand-for-hand=" not in page  # 9 left, not a bubble

    # Two out: 7 left = 6 paid + 1, the money bubble is suggested.
    Entry.objects.filter(pk__in=Entry.objects.filter(event=room).values("pk")[:2]).update(status="eliminated")
    page = client_as_director.get(url).content.decode()
    assert 'data-hand-for-hand="suggested"' in page and "The money bubble" in page

    answer = client_as_director.post(reverse("floor:hand-for-hand", args=[room.slug]), {"on": "1"})
    assert answer.status_code == 302
    page = client_as_director.get(url).content.decode()
    assert 'data-hand-for-hand="on"' in page and "Hand-for-hand: round 1" in page
    assert "Still playing this round: tables 1, 2, 3." in page
    assert AuditEntry.objects.filter(event_id=room.pk, action="rounds.start_hand_for_hand").exists()

    client_as_director.post(reverse("floor:hand-for-hand", args=[room.slug]), {"on": "0"})
    assert not Event.objects.get(pk=room.pk).hand_for_hand


def test_the_switch_is_for_directors_only(client: Client, room: Event) -> None:
    answer = client.post(reverse("floor:hand-for-hand", args=[room.slug]), {"on": "1"})
    assert answer.status_code in (302, 403)
    assert not Event.objects.get(pk=room.pk).hand_for_hand


def test_the_dealer_page_and_the_api_name_the_tables_still_playing(
    client_as_director: Client, room: Event, director: User
) -> None:
    client_as_director.post(reverse("floor:hand-for-hand", args=[room.slug]), {"on": "1"})
    one, _two, three = Table.objects.filter(event=room).order_by("number")
    _play(one, director)

    page = client_as_director.get(reverse("dealer:table", args=[one.pk])).content.decode()
    assert 'data-cannot-deal="hand_for_hand"' in page
    assert "Hand-for-hand: waiting for tables 2, 3." in page
    assert "data-table-wait" in page and 'data-waiting="2,3"' in page
    result = client_as_director.get(reverse("dealer:hand-result", args=[one.pk, 1])).content.decode()
    assert "Hand-for-hand: waiting for tables 2, 3." in result

    data = client_as_director.get(reverse("api:table", args=[one.pk])).json()
    assert (data["can_deal"], data["why_not"], data["hand_for_hand"], data["waiting_for"]) == (
        False,
        "hand_for_hand",
        True,
        [2, 3],
    )
    _play(Table.objects.get(pk=_two.pk), director)
    assert client_as_director.get(reverse("api:table", args=[one.pk])).json()["waiting_for"] == [3]
    _play(three, director)
    data = client_as_director.get(reverse("api:table", args=[one.pk])).json()
    assert (data["can_deal"], data["why_not"], data["waiting_for"]) == (True, None, [])


def test_the_clock_and_every_players_page_say_hand_for_hand(
    client: Client, client_as_director: Client, room: Event, director: User
) -> None:
    issue_player_links(room, actor=director)
    entry = Entry.objects.filter(event=room).first()
    assert entry is not None
    me = reverse("public:me", args=[live_player_tokens([entry])[entry.pk]])
    assert "data-hand-for-hand" not in client.get(me).content.decode()
    client_as_director.post(reverse("floor:hand-for-hand", args=[room.slug]), {"on": "1"})

    assert "Hand-for-hand" in client.get(me).content.decode()
    clock = client.get(reverse("public:clock_json", args=[room.slug])).json()
    assert (clock["state_text"], clock["hand_for_hand"]) == ("Hand-for-hand", True)
    assert "Hand-for-hand" in client.get(reverse("public:screen", args=[room.slug])).content.decode()
