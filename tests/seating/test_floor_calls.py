"""Calls to the floor (floor.md, "Calls"): from the dealer's device and from a player's own
page, one open call per table and per player, shown at the top of the director's tables
overview with *On my way* (shown back to the caller) and *Done*; audited; a player's calls are
limited per address."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from vpt.accounts.permissions import PlayerActor
from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.seating.calls import answer_floor_call, call_floor, close_floor_call, open_calls
from vpt.seating.models import FloorCall, Seat
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


def _me(entry: Entry) -> str:
    return reverse("public:me", args=[live_player_tokens([entry])[entry.pk]])


def _seated(table: Table) -> Entry:
    seat = Seat.objects.filter(table=table, entry__isnull=False).select_related("entry__player").order_by("number")[0]
    assert seat.entry is not None
    return seat.entry


def test_the_dealer_calls_once_and_the_director_answers(
    client: Client, table: Table, dealer_user: User, director: User
) -> None:
    client.force_login(dealer_user)
    page = client.get(reverse("dealer:table", args=[table.pk])).content.decode()
    assert 'data-floor-call="none"' in page and "Call the floor" in page

    url = reverse("dealer:call-floor", args=[table.pk])
    client.post(url, {"reason": "dispute", "note": "  seat 2  says   foul "})
    again = client.post(url, {"reason": "ruling"}, follow=True).content.decode()
    assert "You have called the floor already: the floor is on the way." in again
    call = FloorCall.objects.get()
    assert (call.reason, call.note, call.entry_id, call.status) == ("dispute", "seat 2 says foul", None, "open")

    director_client = Client()
    director_client.force_login(director)
    overview = director_client.get(reverse("floor:tables-overview", args=[table.event.slug])).content.decode()
    assert overview.index("data-floor-calls") < overview.index("data-overview")  # on top
    assert "A dispute" in overview and "the dealer" in overview and "data-on-my-way" in overview

    director_client.post(reverse("floor:floor-call", args=[call.pk, "on-my-way"]))
    fragment = client.get(url).content.decode()
    assert 'data-floor-call="on_the_way"' in fragment and "The floor is on the way." in fragment
    director_client.post(reverse("floor:floor-call", args=[call.pk, "done"]))
    assert open_calls(table.event) == []
    assert 'data-floor-call="none"' in client.get(url).content.decode()
    actions = list(AuditEntry.objects.filter(action__contains="floor").values_list("action", flat=True).order_by("id"))
    assert actions == ["seating.call_floor", "seating.answer_floor_call", "seating.close_floor_call"]


def test_another_tables_dealer_may_not_call_here(client: Client, table: Table) -> None:
    other = User.objects.create_user("other-dealer", password="x-long-password")
    client.force_login(other)
    answer = client.post(reverse("dealer:call-floor", args=[table.pk]), {"reason": "ruling"})
    assert answer.status_code in (302, 403)
    assert not FloorCall.objects.exists()


def test_reasons_and_notes_are_checked(table: Table, director: User) -> None:
    with pytest.raises(ServiceError) as refused:
        call_floor(table, actor=director, reason="leave")  # a player's reason
    assert refused.value.code == "invalid_reason"
    with pytest.raises(ServiceError) as long_note:
        call_floor(table, actor=director, reason="other", note="x" * 201)
    assert long_note.value.code == "note_too_long"
    assert not FloorCall.objects.exists()


def test_a_player_calls_from_their_page_and_sees_on_my_way(
    client: Client, table: Table, director: User, event: Event
) -> None:
    issue_player_links(event, actor=director)
    entry = _seated(table)
    me = _me(entry)
    assert "Call the floor" in client.get(me).content.decode()
    token = live_player_tokens([entry])[entry.pk]
    client.post(reverse("public:me-call", args=[token]), {"reason": "leave", "note": "5 minutes"})
    call = FloorCall.objects.get()
    assert (call.entry_id, call.table_id, call.seat_number) == (
        entry.pk,
        table.pk,
        Seat.objects.get(entry=entry).number,
    )
    assert "The floor is called: waiting for an answer." in client.get(me).content.decode()
    # The dealer's call is another one: one per table and one per player.
    table_call = call_floor(table, actor=director, reason="device")
    assert table_call.pk != call.pk and not table_call.repeated
    repeat = call_floor(None, actor=PlayerActor(entry_id=entry.pk, link_id=0), reason="ruling")
    assert repeat.pk == call.pk and repeat.repeated

    answer_floor_call(call, actor=director)
    assert "The floor is on the way." in client.get(me).content.decode()
    close_floor_call(call, actor=director)
    with pytest.raises(ServiceError) as done:
        close_floor_call(call, actor=director)
    assert done.value.code == "call_done"


def test_a_player_may_not_use_a_dealers_reason(client: Client, table: Table, director: User, event: Event) -> None:
    issue_player_links(event, actor=director)
    entry = _seated(table)
    token = live_player_tokens([entry])[entry.pk]
    answer = client.post(reverse("public:me-call", args=[token]), {"reason": "device"}, headers={"HX-Request": "true"})
    assert "Choose why you call the floor." in answer.content.decode()
    assert not FloorCall.objects.exists()


def test_anonymous_calls_are_limited_per_address(
    client: Client, table: Table, director: User, event: Event, settings: Settings
) -> None:
    settings.VPT_CALLS_PER_ADDRESS = 2
    issue_player_links(event, actor=director)
    entry = _seated(table)
    url = reverse("public:me-call", args=[live_player_tokens([entry])[entry.pk]])
    assert client.post(url, {"reason": "ruling"}).status_code == 302
    assert client.post(url, {"reason": "ruling"}).status_code == 302  # a repeat: the same call
    refused = client.post(url, {"reason": "ruling"}, headers={"HX-Request": "true"})
    assert refused.status_code == 429
    assert "Too many calls from this device" in refused.content.decode()
    assert FloorCall.objects.count() == 1
