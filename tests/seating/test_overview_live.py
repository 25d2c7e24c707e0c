"""The director's tables overview polls every 10 s and costs nothing while nothing changed: 304
per director while the event's version and the minute are the same; a table that went idle
still stands out as the minutes pass."""

from __future__ import annotations

import datetime
from unittest import mock

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import make_event, play

from vpt.events.models import Event
from vpt.tables.models import Table

HTMX = {"HX-Request": "true"}


@pytest.fixture
def event(director: User) -> Event:
    return make_event(director, [f"P{n}" for n in range(6)], name="Floor Cup", seed=3)


def url(event: Event) -> str:
    return reverse("floor:tables-overview", args=[event.slug])


def play_table_one(event: Event, director: User) -> None:
    play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)


def test_the_overview_polls_every_10_seconds(client_as_director: Client, event: Event) -> None:
    html = client_as_director.get(url(event)).content.decode()
    assert 'hx-trigger="every 10s"' in html


def test_an_unchanged_overview_is_not_modified(client_as_director: Client, event: Event, director: User) -> None:
    client_as_director.get(url(event))  # the page: the director's CSRF cookie, which the ETag names
    with mock.patch("django.utils.timezone.now", return_value=timezone.now()):  # one minute
        first = client_as_director.get(url(event), headers=HTMX)
        again = client_as_director.get(url(event), headers={"If-None-Match": first["ETag"], **HTMX})

    assert first["Cache-Control"] == "private, no-store"  # a director's page: never stored
    assert again.status_code == 304

    play_table_one(event, director)
    fresh = client_as_director.get(url(event), headers={"If-None-Match": first["ETag"], **HTMX})
    assert fresh.status_code == 200
    assert "next: 2" in fresh.content.decode()


def test_the_etag_is_per_director(client_as_director: Client, event: Event) -> None:
    etag = client_as_director.get(url(event), headers=HTMX)["ETag"]
    other_director = User.objects.create_user("floor2", is_staff=True)
    other = Client()
    other.force_login(other_director)

    assert other.get(url(event), headers={"If-None-Match": etag, **HTMX}).status_code == 200


def test_the_minute_is_in_the_etag_so_idle_tables_stand_out(
    client_as_director: Client, event: Event, director: User
) -> None:
    play_table_one(event, director)
    first = client_as_director.get(url(event), headers=HTMX)
    assert 'class="stale"' not in first.content.decode()

    later = timezone.now() + datetime.timedelta(minutes=30)
    with mock.patch("django.utils.timezone.now", return_value=later):
        after = client_as_director.get(url(event), headers={"If-None-Match": first["ETag"], **HTMX})

    assert after.status_code == 200
    assert 'class="stale"' in after.content.decode()


def test_a_message_waiting_is_shown_even_if_unchanged(client_as_director: Client, event: Event) -> None:
    first = client_as_director.get(url(event))
    etag = client_as_director.get(url(event))["ETag"]  # the CSRF cookie is set by now
    # A refused assignment changes nothing, but its message must reach the director.
    table = Table.objects.get(event=event, number=1)
    inactive = User.objects.create_user("gone", is_active=False)
    client_as_director.post(reverse("floor:assign-dealer", args=[table.pk]), {"dealer": inactive.pk})

    again = client_as_director.get(url(event), headers={"If-None-Match": etag})
    assert first.status_code == 200
    assert again.status_code == 200
