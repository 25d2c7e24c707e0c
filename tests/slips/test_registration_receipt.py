"""The registration receipt: what a player takes from the registration desk, with the QR code and
address of their private page (issued like the seat cards'), for a director only; on a loopback
address it prints no QR code and says why; after the event has finished, no link at all."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event, PlayerLink
from vpt.events.player_links import live_player_tokens
from vpt.events.services import create_event
from vpt.money.cash_services import mark_entry_paid
from vpt.seating.services import draw_seats
from vpt.slips import registration_receipt as receipt_module

pytestmark = pytest.mark.django_db

LAN = "http://192.168.1.20:8000"


@pytest.fixture
def spring(director: User) -> Event:
    event = create_event(
        name="Spring Open", slug="spring", actor=director, levels=[100], buy_in=Decimal("100"), fee=Decimal("10")
    )
    for name in ("Ana", "Ben", "Cid"):
        register_player(event, name=name, actor=director)
    return event


def entry_of(event: Event, name: str) -> Entry:
    return Entry.objects.get(event=event, player__name=name)


def receipt_url(event: Event, name: str) -> str:
    return reverse("floor:registration-receipt", args=[event.slug, entry_of(event, name).pk])


@pytest.fixture
def qr_targets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    encoded: list[str] = []
    draw_qr = receipt_module.draw_qr
    monkeypatch.setattr(
        receipt_module, "draw_qr", lambda canvas, url, *a: (encoded.append(url), draw_qr(canvas, url, *a))
    )
    return encoded


def test_the_receipt_prints_the_registration_and_the_players_own_link(
    client_as_director: Client, director: User, spring: Event, pdf_text, qr_targets: list[str], settings
) -> None:
    settings.VPT_PUBLIC_URL = LAN
    ana = entry_of(spring, "Ana")
    mark_entry_paid(ana, method="cash", actor=director)
    registered = timezone.localtime(ana.created_at).strftime("%Y-%m-%d %H:%M")

    response = client_as_director.get(receipt_url(spring, "Ana"), HTTP_HOST="127.0.0.1:8000")

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    token = live_player_tokens([ana])[ana.pk]
    me = f"{LAN}/me/{token}/"
    assert qr_targets == [me]
    text = pdf_text(response.content)
    for line in [
        "Spring Open",
        "Registration receipt",
        "Ana",
        "Buy-in 100.00",
        "Fee 10.00",
        "Total 110.00",
        "Paid by Cash",
        f"At the desk {director.username}",
        f"Registered {registered}",
        "Seat not drawn yet",
        "Your page: your seat, chips and hands",
        me,
    ]:
        assert line in text, line
    assert "No QR code" not in text
    # Issued the way the seat cards issue links: every entry without one gets one, once.
    assert PlayerLink.objects.filter(entry__event=spring).count() == 3
    assert client_as_director.get(f"/me/{token}/").status_code == 200
    client_as_director.get(receipt_url(spring, "Ana"))
    assert live_player_tokens([ana])[ana.pk] == token


def test_the_receipt_prints_the_seat_once_drawn_and_not_paid_yet(
    client_as_director: Client, director: User, spring: Event, pdf_text, settings
) -> None:
    settings.VPT_PUBLIC_URL = LAN
    draw_seats(spring, actor=director, seed=1)
    seat = entry_of(spring, "Ben").seat

    text = pdf_text(client_as_director.get(receipt_url(spring, "Ben")).content)

    assert f"Seat table {seat.table.number}, seat {seat.number}" in text
    assert "Paid by not paid yet" in text and "At the desk" not in text


def test_on_a_loopback_address_the_receipt_has_no_qr_code_and_says_why(
    client_as_director: Client, spring: Event, pdf_text, qr_targets: list[str], settings
) -> None:
    settings.VPT_PUBLIC_URL = ""

    response = client_as_director.get(receipt_url(spring, "Ana"), HTTP_HOST="127.0.0.1:8000")

    assert response.status_code == 200 and qr_targets == []
    text = " ".join(pdf_text(response.content).split())
    assert "Registration receipt" in text and "/me/" not in text
    assert "No QR code: http://127.0.0.1:8000 is this laptop's own address" in text
    assert not PlayerLink.objects.exists()


def test_a_finished_events_receipt_has_no_link(
    client_as_director: Client, spring: Event, pdf_text, qr_targets: list[str], settings
) -> None:
    settings.VPT_PUBLIC_URL = LAN
    Event.objects.filter(pk=spring.pk).update(status=Event.Status.FINISHED)

    text = pdf_text(client_as_director.get(receipt_url(spring, "Ana")).content)

    assert qr_targets == [] and "/me/" not in text and "No QR code" not in text
    assert "The event has finished: no new player links; those given open until it is closed." in " ".join(text.split())
    assert not PlayerLink.objects.exists()


def test_only_a_director_prints_a_receipt(client: Client, dealer_user: User, spring: Event) -> None:
    url = receipt_url(spring, "Ana")
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(dealer_user)
    assert client.get(url).status_code == 403
    many = reverse("floor:registration-receipts", args=[spring.slug]) + f"?entry={entry_of(spring, 'Ana').pk}"
    assert client.get(many).status_code == 403
    assert not PlayerLink.objects.exists()


def test_an_entry_of_another_event_or_a_bad_format_is_refused(
    client_as_director: Client, director: User, spring: Event
) -> None:
    other = create_event(name="Other", slug="other", actor=director, levels=[100])
    assert (
        client_as_director.get(
            reverse("floor:registration-receipt", args=[other.slug, entry_of(spring, "Ana").pk])
        ).status_code
        == 404
    )
    assert client_as_director.get(receipt_url(spring, "Ana") + "?format=letter").status_code == 400
    assert client_as_director.get(reverse("floor:registration-receipts", args=[spring.slug])).status_code == 400


def test_thermal_paper_and_spanish(client_as_director: Client, director: User, pdf_text, page_sizes, settings) -> None:
    settings.VPT_PUBLIC_URL = LAN
    event = create_event(
        name="Abierto", slug="abierto", actor=director, levels=[100], language="es", buy_in=Decimal("1200")
    )
    register_player(event, name="Ana", actor=director)

    response = client_as_director.get(receipt_url(event, "Ana") + "?format=thermal80")

    assert page_sizes(response.content)[0][0] == 226.8  # 80 mm
    text = pdf_text(response.content)
    assert "Recibo de inscripción" in text and "Buy-in 1.200,00" in text and "Asiento sin sortear" in text


def test_registering_links_the_receipt_from_the_message_and_the_players_row(
    client_as_director: Client, spring: Event
) -> None:
    response = client_as_director.post(reverse("floor:register", args=[spring.slug]), {"name": "Dee"}, follow=True)

    page = response.content.decode()
    url = receipt_url(spring, "Dee")
    assert re.search(rf'Dee registered\. <a href="{re.escape(url)}" data-registration-receipt>', page)
    assert page.count(f'href="{url}"') == 2  # the message and Dee's row
    for name in ("Ana", "Ben", "Cid"):
        assert f'href="{receipt_url(spring, name)}"' in page


def test_a_csv_import_links_every_imported_players_receipt(
    client_as_director: Client, spring: Event, pdf_pages, settings
) -> None:
    settings.VPT_PUBLIC_URL = LAN
    upload = SimpleUploadedFile("players.csv", b"Name\nEva\nFay\n", content_type="text/csv")

    page = client_as_director.post(reverse("floor:import", args=[spring.slug]), {"file": upload}, follow=True)

    eva, fay = entry_of(spring, "Eva"), entry_of(spring, "Fay")
    url = reverse("floor:registration-receipts", args=[spring.slug]) + f"?entry={eva.pk}&amp;entry={fay.pk}"
    assert f'<a href="{url}" data-registration-receipts>Print their registration receipts</a>' in page.content.decode()
    pages = pdf_pages(client_as_director.get(url.replace("&amp;", "&")).content)
    assert len(pages) == 2
    assert "Eva" in pages[0] and "Fay" in pages[1] and all("/me/" in text for text in pages)
