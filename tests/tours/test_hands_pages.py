"""`GET /api/events/<slug>/hands` a page at a time (issue 27): the pages of one walk, joined, are
the whole list; each page has the spec's shape plus ``"next"``, its own ETag, and a bounded
number of queries; a change to one hand leaves the other pages' tags as they were."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from built_once import clear_caches, shared_transaction
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from factories import make_director

from vpt.events.models import Event
from vpt.rounds.corrections import apply_void
from vpt.rounds.hands_json import event_hands_data
from vpt.rounds.models import Hand
from vpt.tours.event_simulation import simulate_event


def walk(client: Client, url: str) -> list[dict[str, Any]]:
    """Every page from ``url`` on, following ``next``."""
    pages = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.json()
        assert set(page) == {"event", "hands", "next"}
        assert response.get("Link") == (f'<{page["next"]}>; rel="next"' if page["next"] else None)
        pages.append(page)
        url = page["next"]
        assert len(pages) < 100, "the walk does not end"
    return pages


@pytest.fixture(scope="module")
def spring(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """40 hands at two tables, simulated once for the module (tests/built_once.py); what each
    test does after is undone after it."""
    with django_db_blocker.unblock(), shared_transaction():
        event = simulate_event(
            players=7, hands=40, seed=5, actor=make_director("hands-director"), slug="spring", reentry=False
        )
        assert Hand.objects.filter(event=event).values("table").distinct().count() >= 2
        yield


@pytest.fixture
def event(spring: None, db: None) -> Event:
    clear_caches()
    return Event.objects.get(slug="spring")


def test_the_pages_joined_are_the_whole_list(client: Client, event: Event) -> None:
    whole = json.loads(json.dumps(event_hands_data(event)))  # what the endpoint sent before pages
    assert len(whole["hands"]) == Hand.objects.filter(event=event).count()
    for limit in ("", "7", "1", "500"):
        pages = walk(client, "/api/events/spring/hands" + (f"?limit={limit}" if limit else ""))
        assert [hand for page in pages for hand in page["hands"]] == whole["hands"], limit
        assert all(page["event"] == "spring" for page in pages)
        assert [len(page["hands"]) for page in pages[:-1]] == [int(limit or 100)] * (len(pages) - 1)
        assert 0 < len(pages[-1]["hands"]) <= int(limit or 100)
    assert len(walk(client, "/api/events/spring/hands")) == 1  # up to 100 hands: one page, as before
    assert walk(client, "/api/events/spring/hands?after=999:0") == [{"event": "spring", "hands": [], "next": None}]


def test_a_page_costs_the_same_queries_however_far_in(client: Client, event: Event) -> None:
    counts = []
    for url in ("/api/events/spring/hands?limit=5", "/api/events/spring/hands?after=2:5&limit=5"):  # 2 tables
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts == [4, 4]  # the event, then the page's hands, boards (with their people) and exchanges


def test_each_page_has_its_own_etag_kept_while_it_reads_the_same(client: Client, event: Event, director: User) -> None:
    first = client.get("/api/events/spring/hands?limit=5")
    assert client.get("/api/events/spring/hands?limit=5", headers={"If-None-Match": first["ETag"]}).status_code == 304
    last = Hand.objects.filter(event=event).order_by("-table__number", "-number").first()
    assert last is not None and last.table.number != 1
    pages = walk(client, "/api/events/spring/hands?limit=5")
    tags = {}
    for url in ["/api/events/spring/hands?limit=5"] + [page["next"] for page in pages[:-1]]:
        tags[url] = client.get(url)["ETag"]
    assert len(set(tags.values())) == len(tags)

    apply_void(last, actor=director, reason="misdeal", seen=None)  # the event's version moves on

    changed = []
    for url, tag in tags.items():
        response = client.get(url, headers={"If-None-Match": tag})
        if response.status_code != 304:
            assert response.status_code == 200 and response["ETag"] != tag
            changed.append([(h["table"], h["number"], h["status"]) for h in response.json()["hands"]])
    assert len(changed) == 1 and (last.table.number, last.number, "void") in changed[0]


def test_a_bad_page_is_a_short_400(client: Client, event: Event) -> None:
    for query in ("after=1", "after=x:1", "after=" + "9" * 100_000 + ":1", "limit=-3", "limit=ten"):
        response = client.get(f"/api/events/spring/hands?{query}")
        assert response.status_code == 400, query
        assert response.json()["code"] == "bad_page"
        assert len(response.content) < 1024
