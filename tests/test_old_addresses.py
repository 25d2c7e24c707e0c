"""Every address a user had before the pages moved into their audience apps still answers: the
director's and the dealer's old addresses redirect (308, method kept) to the page's new one,
which answers; the public and API addresses never moved."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from vpt.tables.models import Table
from vpt.tours.models import Tour

pytestmark = pytest.mark.django_db


def old_and_new(table: Table, tour: Tour, person_id: int) -> list[tuple[str, str]]:
    slug, t = table.event.slug, table.pk
    return [
        ("/events/", "/floor/events/"),
        ("/events/new/", "/floor/events/new/"),
        (f"/events/{slug}/", f"/floor/events/{slug}/"),
        (f"/events/{slug}/players/", f"/floor/events/{slug}/players/"),
        (f"/events/{slug}/clock/", f"/floor/events/{slug}/clock/"),
        (f"/events/{slug}/audit/", f"/floor/events/{slug}/audit/"),
        (f"/events/{slug}/payouts/", f"/floor/events/{slug}/payouts/"),
        (f"/events/{slug}/cash/", f"/floor/events/{slug}/cash/"),
        (f"/events/{slug}/player-links/", f"/floor/events/{slug}/player-links/"),
        (f"/seating/{slug}/", f"/floor/seating/{slug}/"),
        (f"/seating/{slug}/tables/", f"/floor/seating/{slug}/tables/"),
        (f"/seating/{slug}/balancing/", f"/floor/seating/{slug}/balancing/"),
        (f"/tables/event/{slug}/dealers/", f"/floor/tables/event/{slug}/dealers/"),
        (f"/hands/event/{slug}/", f"/floor/hands/event/{slug}/"),
        ("/people/manage/", "/floor/people/"),
        ("/tours/manage/", "/floor/tours/"),
        (f"/tours/manage/{tour.slug}/", f"/floor/tours/{tour.slug}/"),
        (f"/slips/events/{slug}/", f"/floor/slips/events/{slug}/"),
        (f"/slips/events/{slug}/table-list.pdf", f"/floor/slips/events/{slug}/table-list.pdf"),
        (f"/slips/tables/{t}/slips.pdf", f"/floor/slips/tables/{t}/slips.pdf"),
        ("/accounts/lockouts/", "/floor/accounts/lockouts/"),
        ("/calculator/", "/tables/calculator/"),
    ]


UNMOVED = [
    "/",
    "/standings/{slug}/",
    "/standings/{slug}/tables/1/",
    "/standings/{slug}/payouts/",
    "/standings/{slug}/clock/",
    "/standings/{slug}/screen/",
    "/slips/events/{slug}/results.pdf",
    "/slips/tables/{table}/history.pdf",
    "/tables/",
    "/tables/{table}/",
    "/tours/{tour}/",
    "/people/{person}/",
    "/api/events/{slug}/standings",
    "/api/events/{slug}/results",
    "/api/events/{slug}/tables",
    "/api/events/{slug}/hands",
    "/api/tours/{tour}/leaderboard",
    "/api/people/{person}/stats",
]


@pytest.fixture
def tour(director: User, table: Table) -> Tour:
    return Tour.objects.create(name="Season", slug="season")


def test_each_old_address_redirects_to_its_page_which_answers(
    client_as_director: Client, table: Table, tour: Tour
) -> None:
    person_id = table.event.entries.first().player.person_id  # type: ignore[attr-defined]
    for old, new in old_and_new(table, tour, person_id):
        moved = client_as_director.get(old + "?x=1")
        assert (moved.status_code, moved["Location"]) == (308, new + "?x=1"), old
        assert client_as_director.get(new).status_code == 200, new


def test_a_post_to_an_old_address_keeps_its_method(client_as_director: Client, table: Table) -> None:
    moved = client_as_director.post(f"/events/{table.event.slug}/clock/start/")
    assert (moved.status_code, moved["Location"]) == (308, f"/floor/events/{table.event.slug}/clock/start/")


def test_the_old_login_address_still_signs_in(client: Client, director: User, password: str) -> None:
    moved = client.post("/accounts/login/", {"username": director.username, "password": password})
    assert (moved.status_code, moved["Location"]) == (308, "/floor/accounts/login/")
    assert client.post(moved["Location"], {"username": director.username, "password": password}).status_code == 302


def test_the_public_and_api_addresses_did_not_move(client_as_director: Client, table: Table, tour: Tour) -> None:
    person_id = table.event.entries.first().player.person_id  # type: ignore[attr-defined]
    for pattern in UNMOVED:
        url = pattern.format(slug=table.event.slug, table=table.pk, tour=tour.slug, person=person_id)
        assert client_as_director.get(url).status_code == 200, url
