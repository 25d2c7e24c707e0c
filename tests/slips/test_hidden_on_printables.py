"""A hidden person is "Hidden player" on every document that leaves the director's hands (the
hand slip, the table list, seat cards, move slips); the director's own exports keep the name."""

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

from vpt.events.models import Entry, Event
from vpt.people.services import set_person_hidden
from vpt.seating.services import move_player, open_table
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db

SECRET = "Zelda Quiet"


def pdf_text(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() or "" for page in PdfReader(BytesIO(pdf)).pages))


@pytest.fixture
def hidden_event(director: User) -> Event:
    event = make_event(director, ["Ana", "Ben", SECRET], name="Quiet Open")
    entry = Entry.objects.select_related("player__person").get(player__name=SECRET)
    assert entry.player.person is not None
    set_person_hidden(entry.player.person, hidden=True, actor=director)
    return event


def test_documents_for_the_room_hide_the_name(client_as_director: Client, hidden_event: Event, director: User) -> None:
    table = Table.objects.get(event=hidden_event)
    hand = play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    slip = pdf_text(client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk])).content)
    table_slips = pdf_text(client_as_director.get(reverse("floor:table-slips", args=[table.pk])).content)
    table_list = pdf_text(client_as_director.get(reverse("floor:table-list", args=[hidden_event.slug])).content)
    cards = pdf_text(client_as_director.get(reverse("floor:seat-cards", args=[hidden_event.slug])).content)
    open_table(hidden_event, actor=director)
    move_player(
        Entry.objects.get(player__name=SECRET), to_table=Table.objects.get(event=hidden_event, number=2), actor=director
    )
    moves = pdf_text(client_as_director.get(reverse("floor:move-slips", args=[hidden_event.slug])).content)

    for name, text in {
        "slip": slip,
        "table slips": table_slips,
        "table list": table_list,
        "seat cards": cards,
        "move slips": moves,
    }.items():
        assert SECRET not in text, name
        assert "Hidden player" in text, name


def test_the_directors_own_export_keeps_the_name(client_as_director: Client, hidden_event: Event) -> None:
    export = client_as_director.get(reverse("floor:results-csv", args=[hidden_event.slug])).content.decode()
    assert SECRET in export
