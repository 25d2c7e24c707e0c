"""A flight's end-of-day page: the players still in by stack, their seats, the chips proved."""

from __future__ import annotations

from decimal import Decimal

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import make_event, play

from vpt.events.models import Entry, Event
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director: User) -> Event:
    event = make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"], buy_in=Decimal("100"), fee=Decimal("10"))
    play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)
    return event


def test_the_end_of_day_lists_the_stacks_and_proves_the_chips(
    client_as_director: Client, event: Event, django_assert_max_num_queries
) -> None:
    with django_assert_max_num_queries(12):
        response = client_as_director.get(reverse("floor:end-of-day", args=[event.slug]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "Chips in play: 60,000 · starting chips: 60,000" in html and "they differ" not in html
    assert "6 players advance" in html
    entries = sorted(
        Entry.objects.filter(event=event).select_related("player", "seat__table"),
        key=lambda e: (-e.stack, e.player.name.casefold()),
    )
    positions = [html.index(f"<td>{entry.player.name}</td>") for entry in entries]
    assert positions == sorted(positions)
    assert f"{entries[0].stack:,}" in html
    assert reverse("floor:adjust", args=[event.slug]) + f"?q={entries[0].player.name}" in html
    assert reverse("floor:bag-labels", args=[event.slug]) in html


def test_chips_that_differ_are_flagged(client_as_director: Client, event: Event) -> None:
    Entry.objects.filter(pk=Entry.objects.filter(event=event).first().pk).update(stack=1)

    html = client_as_director.get(reverse("floor:end-of-day", args=[event.slug])).content.decode()

    assert 'class="badge danger">they differ' in html


def test_in_spanish_and_for_directors_only(client: Client, client_as_director: Client, event: Event) -> None:
    html = client_as_director.get(
        reverse("floor:end-of-day", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Fin del día" in html and "6 jugadores pasan al día 2" in html and "coinciden" in html
    client.logout()
    assert client.get(reverse("floor:end-of-day", args=[event.slug])).status_code == 302
