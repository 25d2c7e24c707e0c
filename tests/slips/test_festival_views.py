"""The festival's PDFs from the database: bag labels and the advance list of the players still in."""

from __future__ import annotations

from decimal import Decimal

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import make_event, play

from vpt.events.models import Entry, Event
from vpt.slips import card_pages as card_pages_module
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director: User) -> Event:
    """Two tables of three, one hand played at table 1 so the stacks differ."""
    event = make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"], buy_in=Decimal("100"), fee=Decimal("10"))
    play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)
    return event


def _by_stack(event: Event) -> list[Entry]:
    entries = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).select_related("player", "seat__table")
    return sorted(entries, key=lambda e: (-e.stack, e.player.name.casefold()))


def test_advance_list_prints_every_player_by_stack_with_the_chips_proved(
    client_as_director: Client, event: Event, pdf_text, django_assert_max_num_queries
) -> None:
    with django_assert_max_num_queries(6):
        response = client_as_director.get(reverse("floor:advance-list", args=[event.slug]))

    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Advance list" in text
    assert "Chips in play: 60,000 · starting chips: 60,000 · equal" in text
    positions = []
    for entry in _by_stack(event):
        line = f"{entry.player.name} {entry.seat.table.number} {entry.seat.number} {entry.stack:,}"
        assert line in text
        positions.append(text.index(line))
    assert positions == sorted(positions)
    assert len({entry.stack for entry in _by_stack(event)}) > 1  # the hand moved chips


def test_bag_labels_one_per_player_with_the_qr_on_a_reachable_address(
    client_as_director: Client, event: Event, pdf_pages, settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.VPT_PUBLIC_URL = "http://192.168.1.20:8000"
    encoded: list[str] = []
    monkeypatch.setattr(card_pages_module, "draw_qr", lambda canvas, url, *a: encoded.append(url))

    response = client_as_director.get(reverse("floor:bag-labels", args=[event.slug]))

    pages = pdf_pages(response.content)
    entries = _by_stack(event)
    assert len(pages) == len(encoded) == 6
    for page, entry in zip(pages, entries):
        assert entry.player.name in page and f"{entry.stack:,}" in page and "My page" in page
        assert f"Table {entry.seat.table.number} · seat {entry.seat.number}" in page
    assert all(url.startswith("http://192.168.1.20:8000/me/") for url in encoded)


def test_bag_labels_on_localhost_say_why_they_have_no_qr_code(
    client_as_director: Client, event: Event, pdf_text, settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.VPT_PUBLIC_URL = ""
    encoded: list[str] = []
    monkeypatch.setattr(card_pages_module, "draw_qr", lambda canvas, url, *a: encoded.append(url))

    response = client_as_director.get(reverse("floor:bag-labels", args=[event.slug]), HTTP_HOST="127.0.0.1:8000")

    assert encoded == []
    text = " ".join(pdf_text(response.content).split())
    assert text.count("No QR code: http://127.0.0.1:8000 is this laptop's own address") == 6


def test_the_printables_page_links_them_and_only_a_director_prints(
    client: Client, client_as_director: Client, event: Event
) -> None:
    page = client_as_director.get(reverse("floor:printables", args=[event.slug])).content.decode()
    assert reverse("floor:bag-labels", args=[event.slug]) in page
    assert reverse("floor:advance-list", args=[event.slug]) in page
    client.logout()
    for name in ("floor:bag-labels", "floor:advance-list"):
        assert client.get(reverse(name, args=[event.slug])).status_code == 302
