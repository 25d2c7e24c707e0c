"""GET /api/events/<slug>/flights from the database: the shape, ETag and 304, Day 2's seats."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from vpt.events.models import Entry, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def main(capsys: Any) -> Event:
    call_command("create_main_event", "fest", name="Festival Main", flights="1A,1B", advance="0.4")
    capsys.readouterr()
    return Event.objects.get(slug="fest")


def test_the_flights_json_and_its_etag(client: Client, main: Event) -> None:
    first = client.get("/api/events/fest/flights")
    again = client.get("/api/events/fest/flights", HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200 and first["ETag"] and again.status_code == 304
    body = first.json()
    assert set(body) == {"event", "policy", "advance", "prize_pool", "flights", "day2"}
    assert body["event"] == "fest" and body["policy"] == "best_stack" and body["day2"] is None
    assert body["advance"] == {"kind": "fraction", "value": 0.4}
    assert body["prize_pool"] == "0.00"
    assert [f["slug"] for f in body["flights"]] == ["fest-1a", "fest-1b"]
    assert set(body["flights"][0]) == {"slug", "name", "status", "entries", "advancing"}


def test_day2_seats_and_a_new_etag_after_the_flights(capsys: Any, client: Client, main: Event) -> None:
    before = client.get("/api/events/fest/flights")["ETag"]
    for seed in (1, 2):
        call_command("simulate_event", flight_of="fest", players=8, seed=seed, finish=True)
    call_command("start_day2", "fest", seed=3)

    answer = client.get("/api/events/fest/flights", HTTP_IF_NONE_MATCH=before)

    assert answer.status_code == 200
    body = answer.json()
    assert all(f["status"] == "finished" and f["entries"] == 8 for f in body["flights"])
    assert body["day2"]["started"] is True
    seats = [seat for table in body["day2"]["tables"] for seat in table["seats"]]
    assert len(seats) == Entry.objects.filter(event=main).count() > 0
    assert set(seats[0]) == {"seat", "name", "entry_id", "person_id", "flight", "stack"}
    assert {seat["flight"] for seat in seats} <= {"fest-1a", "fest-1b"}
    assert sum(f["advancing"] for f in body["flights"]) >= len(seats)


def test_an_event_that_is_not_a_main_event_is_a_404(client: Client, main: Event) -> None:
    assert client.get("/api/events/fest-1a/flights").status_code == 404
    assert client.get("/api/events/nope/flights").status_code == 404
