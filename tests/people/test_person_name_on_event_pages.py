"""Event pages, slips and exports give the person's name, as the tour pages do; the typed
spelling ("jose perez") stays where the director edits it (the players page)."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import make_event, play
from pypdf import PdfReader

from vpt.events.models import Event, Player
from vpt.money.results import event_results_table
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def typed_lower(director: User) -> Event:
    make_event(director, ["José Pérez", "Ana", "Ben"], name="First Open")
    event = make_event(director, ["jose perez", "Cid", "Dora"], name="Second Open")
    player = Player.objects.select_related("person").get(event=event, name="jose perez")
    assert player.person is not None and player.person.name == "José Pérez"  # matched, typed otherwise
    return event


def test_event_pages_slips_and_exports_give_the_persons_name(
    client: Client, client_as_director: Client, director: User, typed_lower: Event
) -> None:
    table = Table.objects.get(event=typed_lower)
    hand = play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    standings = words(client.get(f"/standings/{typed_lower.slug}/").content.decode())
    player = Player.objects.get(event=typed_lower, name="jose perez")
    page = words(client.get(f"/standings/{typed_lower.slug}/players/{player.pk}/").content.decode())
    slip = " ".join(
        p.extract_text()
        for p in PdfReader(BytesIO(client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk])).content)).pages
    )
    export = client_as_director.get(reverse("floor:results-csv", args=[typed_lower.slug])).content.decode()

    for name, text in {"standings": standings, "player page": page, "slip": slip, "export": export}.items():
        assert "José Pérez" in text, name
        assert "jose perez" not in text, name
    assert "José Pérez" in [row.name for row in event_results_table(typed_lower, public=True).rows]


def test_the_directors_players_page_keeps_the_typed_spelling(client_as_director: Client, typed_lower: Event) -> None:
    page = client_as_director.get(reverse("floor:players", args=[typed_lower.slug])).content.decode()
    assert "jose perez" in page
