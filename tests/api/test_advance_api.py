"""GET /api/events/<slug>/advance from the database: the shape, a hidden person hidden, ETag and 304."""

from __future__ import annotations

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from factories import make_event, play

from vpt.events.models import Entry, Event
from vpt.people.models import Person
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director: User) -> Event:
    """Flight 1A of a main event, one hand played."""
    event = make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"], slug="main-1a")
    main = Event.objects.create(name="Main", slug="main", advance={"kind": "survivors"})
    Event.objects.filter(pk=event.pk).update(main_event=main)
    play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)
    return Event.objects.get(pk=event.pk)


def test_the_advance_json_by_stack_with_seats_and_an_etag(client: Client, event: Event) -> None:
    hidden = Entry.objects.filter(event=event).select_related("player").get(player__name="Ben")
    Person.objects.filter(pk=hidden.player.person_id).update(hidden=True)

    first = client.get("/api/events/main-1a/advance")
    again = client.get("/api/events/main-1a/advance", HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200 and first["ETag"] and again.status_code == 304
    body = first.json()
    assert set(body) == {"event", "main_event", "status", "chips_in_play", "rows"}
    assert body["event"] == "main-1a" and body["main_event"] == "main" and body["chips_in_play"] == 60_000
    assert len(body["rows"]) == 6
    assert set(body["rows"][0]) == {"name", "entry_id", "person_id", "stack", "table", "seat", "bag_count", "withdrawn"}
    stacks = [row["stack"] for row in body["rows"]]
    assert stacks == sorted(stacks, reverse=True)
    by_entry = {row["entry_id"]: row for row in body["rows"]}
    assert by_entry[hidden.pk]["name"] == "Hidden player"
    seat = Entry.objects.select_related("seat__table").get(pk=hidden.pk).seat
    assert (by_entry[hidden.pk]["table"], by_entry[hidden.pk]["seat"]) == (seat.table.number, seat.number)
    assert all(row["bag_count"] is None and row["withdrawn"] is False for row in body["rows"])


def test_an_unknown_event_is_a_json_404(client: Client, db: None) -> None:
    assert client.get("/api/events/nope/advance").status_code == 404


def test_an_event_that_is_not_a_flight_has_no_advance_list(client: Client, director: User) -> None:
    make_event(director, ["Ana", "Ben"], slug="alone")

    answer = client.get("/api/events/alone/advance")

    assert answer.status_code == 404 and answer["Content-Type"].startswith("application/json")
