"""The public Day 2 seat list: every table with its seats, a hidden person hidden, in Spanish."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import redirect_stdout
from typing import Any

import pytest
from built_once import clear_caches, shared_transaction
from django.core.management import call_command
from django.test import Client

from vpt.events.models import Entry, Event
from vpt.people.models import Person


@pytest.fixture(scope="module")
def flights_played(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """A main event of two flights, both played through, Day 2 not started: built once for the
    module (tests/built_once.py); what each test does after is undone after it."""
    with django_db_blocker.unblock(), shared_transaction(), redirect_stdout(io.StringIO()):
        call_command("create_main_event", "fest", name="Festival Main", flights="1A,1B", advance="0.4")
        for seed in (1, 2):
            call_command("simulate_event", flight_of="fest", players=8, seed=seed, finish=True)
        yield


@pytest.fixture
def main(flights_played: None, db: None) -> Event:
    clear_caches()
    return Event.objects.get(slug="fest")


def test_before_day2_the_page_says_so(client: Client, main: Event) -> None:
    html = client.get("/standings/fest/day2/").content.decode()
    assert "Day 2 has not started" in html
    assert client.get("/standings/fest-1a/day2/").status_code == 404
    assert client.get("/standings/nope/day2/").status_code == 404


def test_the_seats_by_table_with_a_hidden_person_hidden(capsys: Any, client: Client, main: Event) -> None:
    call_command("start_day2", "fest", seed=3)
    entries = list(Entry.objects.filter(event=main).select_related("player", "seat__table", "flight"))
    hidden = entries[0]
    Person.objects.filter(pk=hidden.player.person_id).update(hidden=True)

    html = client.get("/standings/fest/day2/").content.decode()

    assert html.count("data-day2-seat>") == len(entries)
    assert "Hidden player" in html and f"<td>{hidden.player.name}</td>" not in html
    shown = entries[1]
    assert f"<td>{shown.player.name}</td>" in html and shown.flight.name in html
    es = client.get("/standings/fest/day2/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Asientos del día 2" in es


def test_a_live_page_304_until_day2_starts(capsys: Any, client: Client, main: Event) -> None:
    client.get("/standings/fest/day2/")  # the first answer sets the CSRF cookie, part of the tag
    etag = client.get("/standings/fest/day2/")["ETag"]
    again = client.get("/standings/fest/day2/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304

    call_command("start_day2", "fest", seed=3)
    after = client.get("/standings/fest/day2/", HTTP_IF_NONE_MATCH=etag)

    assert after.status_code == 200 and after["ETag"] != etag
    html = after.content.decode()
    assert "Day 2 has not started" not in html
    assert html.count("data-day2-seat>") == Entry.objects.filter(event=main).count()
