"""The director's Check-in page: search by folded name or by a scanned link, Paid checks the
player in, no-shows once the event started, the CSV export neutralises a hostile name."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.audit.models import AuditEntry
from vpt.events.checkin_selectors import token_in
from vpt.events.models import Event, Payment, Registration
from vpt.events.player_links import hash_token
from vpt.events.registrations import register_online
from vpt.events.services import create_event


@pytest.fixture
def open_event(director: User) -> Event:
    return create_event(name="Door Night", slug="door", actor=director, self_registration=True, buy_in=Decimal("30"))


def _page(client: Client, query: str = "") -> str:
    return client.get(reverse("floor:checkin", args=["door"]), {"q": query}).content.decode()


def test_search_as_you_type_with_folded_names(client_as_director: Client, open_event: Event) -> None:
    register_online(open_event, name="José García")
    register_online(open_event, name="Ana Ruiz")
    html = client_as_director.get(
        reverse("floor:checkin", args=["door"]), {"q": "GARCIA jose"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "José García" in html and "Ana Ruiz" not in html and html.lstrip().startswith('<div id="checkin-list"')


def test_a_scanned_link_finds_its_registration(client_as_director: Client, open_event: Event) -> None:
    register_online(open_event, name="Ana")
    ben, token = register_online(open_event, name="Ben")
    html = _page(client_as_director, f"http://192.168.1.5:8000/me/{token}/")
    assert f'data-registration-row="{ben.pk}"' in html and "<strong>Ana</strong>" not in html
    assert "No registration of this event has that link." in _page(client_as_director, "/me/" + "x" * 24 + "/")
    assert token_in(token) == token


def test_a_token_of_letters_alone_is_a_link_and_a_long_name_still_a_name(
    client_as_director: Client, open_event: Event
) -> None:
    """One token in about 150 is all letters: pasted alone it still finds its registration, and
    a 24-letter name typed at the door still finds its player."""
    ben, _ = register_online(open_event, name="Ben")
    letters = "eYBwGZSHwvFmpKBXqmdNVAuw"
    Registration.objects.filter(pk=ben.pk).update(token_hash=hash_token(letters))
    long_name, _ = register_online(open_event, name="Maximilianbartholomewxyz")

    assert f'data-registration-row="{ben.pk}"' in _page(client_as_director, letters)
    html = _page(client_as_director, "maximilianbartholomewxyz")
    assert f'data-registration-row="{long_name.pk}"' in html and f'data-registration-row="{ben.pk}"' not in html


def test_paid_checks_the_player_in(client_as_director: Client, open_event: Event) -> None:
    ana, _ = register_online(open_event, name="Ana")
    response = client_as_director.post(reverse("floor:checkin-action", args=["door", ana.pk]), {"method": "cash"})
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.status == "checked_in" and ana.entry is not None
    assert Payment.objects.get(entry=ana.entry).amount == Decimal("30.00")
    assert AuditEntry.objects.filter(action="events.check_in").count() == 1
    assert f'data-checked-in-row="{ana.pk}"' in _page(client_as_director)


def test_a_refused_check_in_is_a_message(client_as_director: Client, open_event: Event) -> None:
    ana, _ = register_online(open_event, name="Ana")
    response = client_as_director.post(
        reverse("floor:checkin-action", args=["door", ana.pk]), {"method": "beans"}, follow=True
    )
    assert "Choose how it was paid" in response.content.decode()
    assert Registration.objects.get(pk=ana.pk).status == "registered"


def test_no_shows_are_listed_once_the_event_started(client_as_director: Client, open_event: Event) -> None:
    register_online(open_event, name="Ana")
    assert "To check in" in _page(client_as_director)
    Event.objects.filter(pk=open_event.pk).update(status=Event.Status.RUNNING)
    html = _page(client_as_director)
    assert "No-shows (registered, not checked in)" in html and "Ana" in html


def test_the_csv_neutralises_a_hostile_name(client_as_director: Client, open_event: Event) -> None:
    register_online(open_event, name='=HYPERLINK("http://evil")')
    text = client_as_director.get(reverse("floor:registrations-csv", args=["door"])).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][1] == '\'=HYPERLINK("http://evil")'


def test_only_directors(client: Client, open_event: Event) -> None:
    assert client.get(reverse("floor:checkin", args=["door"])).status_code == 302
