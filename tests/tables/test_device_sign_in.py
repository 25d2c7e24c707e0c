"""Table sign-in by QR: the card, what a signed-in device may open, revoking and reissuing."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import hand_post
from pypdf import PdfReader

from vpt.audit.models import AuditEntry
from vpt.events.entries import register_player
from vpt.events.models import Event
from vpt.events.services import set_event_status
from vpt.rounds.models import Hand
from vpt.seating.services import open_table, seat_entry
from vpt.tables.models import Table, TableDevice
from vpt.tables.services import hash_token, issue_table_token, revoke_table_token

pytestmark = pytest.mark.django_db


def sign_in_path(token: str) -> str:
    return reverse("dealer:sign-in", args=[token])


def table_url(table: Table) -> str:
    return reverse("dealer:table", args=[table.pk])


@pytest.fixture
def other_table(event: Event, director: User) -> Table:
    other = open_table(event, actor=director)
    for name in ("Dan", "Eva"):
        seat_entry(register_player(event, name=name, actor=director), table=other, actor=director)
    return other


def test_only_a_hash_of_the_token_is_stored(table: Table, director: User) -> None:
    issued = issue_table_token(table, actor=director)
    assert len(issued.token) >= 43
    row = TableDevice.objects.get(table=table)
    assert row.token_hash == hash_token(issued.token) != issued.token
    assert issued.token not in str(list(TableDevice.objects.values()))
    assert AuditEntry.objects.filter(action="tables.sign_in_card_issued", table_number=table.number).count() == 1


def test_the_card_signs_a_device_in_for_that_table_only(
    client: Client, table: Table, other_table: Table, director: User
) -> None:
    token = issue_table_token(table, actor=director).token
    response = client.post(sign_in_path(token))
    assert response.status_code == 302 and response["Location"] == table_url(table)
    assert client.get(table_url(table)).status_code == 200
    # It records at its table: the hand is recorded by no user.
    response = client.post(table_url(table), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]))
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.recorded_by is None
    assert client.get(reverse("dealer:hand-result", args=[table.pk, 1])).status_code == 200
    slip = client.get(reverse("dealer:hand-slip", args=[hand.pk]))
    assert slip.status_code == 200 and slip["Content-Type"] == "application/pdf"
    # And nothing else.
    assert client.get(table_url(other_table)).status_code == 403
    assert client.post(table_url(other_table), {"hand_number": "1"}).status_code == 403
    for director_page in (
        reverse("floor:tables-overview", args=[table.event.slug]),
        reverse("floor:detail", args=[table.event.slug]),
        reverse("floor:dealers", args=[table.event.slug]),
        reverse("floor:hand-detail", args=[hand.pk]),
    ):
        assert client.get(director_page).status_code == 403, director_page
    assert client.get(reverse("dealer:mine")).status_code == 302  # to its table
    assert client.get(reverse("dealer:mine"))["Location"] == table_url(table)
    assert "_auth_user_id" not in client.session  # not a user login


def test_signing_in_ends_a_user_login_on_that_browser(client: Client, table: Table, director: User) -> None:
    client.force_login(director)
    token = issue_table_token(table, actor=director).token
    client.post(sign_in_path(token))
    assert client.get(reverse("floor:tables-overview", args=[table.event.slug])).status_code == 403


def test_a_bad_revoked_or_replaced_card_is_refused(client: Client, table: Table, director: User) -> None:
    assert client.post(sign_in_path("nonsense")).status_code == 403
    token = issue_table_token(table, actor=director).token
    client.post(sign_in_path(token))
    assert client.get(table_url(table)).status_code == 200

    revoke_table_token(table, actor=director)
    assert AuditEntry.objects.filter(action="tables.sign_in_revoked").count() == 1
    # The signed-in device is out at its next request, and the card no longer signs in.
    response = client.get(table_url(table))
    assert response.status_code == 302 and "/floor/accounts/login/" in response["Location"]
    refused = client.post(sign_in_path(token))
    assert refused.status_code == 403
    assert "does not work" in refused.content.decode()

    new = issue_table_token(table, actor=director).token
    other = Client()
    other.post(sign_in_path(new))
    assert other.get(table_url(table)).status_code == 200
    issue_table_token(table, actor=director)  # reissued: the card just used ends
    assert other.get(table_url(table)).status_code == 302
    assert Client().post(sign_in_path(new)).status_code == 403


def test_tokens_end_with_the_event(client: Client, table: Table, director: User) -> None:
    token = issue_table_token(table, actor=director).token
    client.post(sign_in_path(token))
    set_event_status(table.event, status=Event.Status.FINISHED, actor=director)
    assert client.get(table_url(table)).status_code == 302
    assert Client().post(sign_in_path(token)).status_code == 403
    with pytest.raises(Exception) as refused:
        issue_table_token(table, actor=director)
    assert getattr(refused.value, "code", "") == "event_finished"


def test_the_account_dealer_keeps_working(client: Client, table: Table, dealer_user: User, director: User) -> None:
    issue_table_token(table, actor=director)
    client.force_login(dealer_user)
    assert client.get(table_url(table)).status_code == 200


def test_the_director_prints_a_card_with_the_qr_of_the_sign_in_url(
    client_as_director: Client, table: Table, settings: Any
) -> None:
    settings.VPT_PUBLIC_URL = "https://vpt.example.org"
    url = reverse("floor:sign-in-card", args=[table.pk])
    assert client_as_director.get(url).status_code == 405
    response = client_as_director.post(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="sign-in-test-open-table{table.number}.pdf"'
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages).replace("\n", "")
    assert "Test Open" in text and "1" in text
    device = TableDevice.objects.get(table=table, revoked_at__isnull=True)
    start = text.index("https://vpt.example.org/tables/sign-in/")
    token = text[start:].split("/tables/sign-in/", 1)[1].split("/", 1)[0]
    assert hash_token(token) == device.token_hash
    # Printing again ends the first card.
    client_as_director.post(url)
    assert TableDevice.objects.filter(table=table, revoked_at__isnull=True).count() == 1
    assert TableDevice.objects.get(pk=device.pk).revoked_at is not None


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_no_card_is_printed_for_a_loopback_address(
    client_as_director: Client, table: Table, settings: Any, host: str
) -> None:
    """Opened as localhost with no VPT_PUBLIC_URL: the card's QR would open nothing on a tablet."""
    settings.VPT_PUBLIC_URL = ""
    for url in (
        reverse("floor:sign-in-card", args=[table.pk]),
        reverse("floor:sign-in-cards", args=[table.event.slug]),
    ):
        response = client_as_director.post(url, HTTP_HOST=host)

        assert response.status_code == 409 and response["Content-Type"].startswith("text/html")
        page = response.content.decode()
        assert "Sign-in cards not printed" in page
        assert "http://" + host + " is this laptop's own address" in page.replace("&#x27;", "'")
        assert "set VPT_PUBLIC_URL to that address and restart make run" in page
    assert not TableDevice.objects.filter(table=table).exists()
    dealers_page = client_as_director.get(reverse("floor:dealers", args=[table.event.slug]), HTTP_HOST=host)
    assert "data-loopback-warning" in dealers_page.content.decode()


def test_a_public_url_prints_the_card_whatever_host_the_director_typed(
    client_as_director: Client, table: Table, settings: Any
) -> None:
    settings.VPT_PUBLIC_URL = "http://192.168.1.20:8000"
    response = client_as_director.post(reverse("floor:sign-in-card", args=[table.pk]), HTTP_HOST="127.0.0.1:8000")

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="sign-in-test-open-table{table.number}.pdf"'
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages).replace("\n", "")
    assert "http://192.168.1.20:8000/tables/sign-in/" in text
    dealers_page = client_as_director.get(reverse("floor:dealers", args=[table.event.slug]), HTTP_HOST="127.0.0.1")
    assert "data-loopback-warning" not in dealers_page.content.decode()


def test_cards_for_every_table_and_refusals(
    client_as_director: Client, table: Table, other_table: Table, dealer_user: User
) -> None:
    response = client_as_director.post(reverse("floor:sign-in-cards", args=[table.event.slug]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="sign-in-test-open.pdf"'  # a download
    assert len(PdfReader(io.BytesIO(response.content)).pages) == 2
    assert TableDevice.objects.filter(revoked_at__isnull=True).count() == 2
    client = Client()
    client.force_login(dealer_user)
    assert client.post(reverse("floor:sign-in-card", args=[table.pk])).status_code == 403
    assert client.post(reverse("floor:revoke-token", args=[table.pk])).status_code == 403
    response = client_as_director.post(reverse("floor:revoke-token", args=[table.pk]), follow=True)
    assert "no longer works" in response.content.decode()
    assert TableDevice.objects.filter(table=table, revoked_at__isnull=True).count() == 0


def test_a_signed_in_device_is_named_in_the_header_and_the_audit_log(
    client: Client, table: Table, director: User
) -> None:
    client_as_director = Client()
    client_as_director.force_login(director)
    client.post(sign_in_path(issue_table_token(table, actor=director).token))

    page = client.get(table_url(table)).content.decode()

    assert f'href="{table_url(table)}" data-device>Table 1 · device</a>' in page
    assert ">Log in</a>" not in page
    client.post(table_url(table), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]))
    log = client_as_director.get(reverse("floor:audit", args=[table.event.slug])).content.decode()
    assert re.search(r'data-action="rounds.hand_recorded"><td>[^<]*</td><td>Table 1 · device</td>', log)
    history = client_as_director.get(reverse("floor:hand-detail", args=[Hand.objects.get().pk])).content.decode()
    assert " · Table 1 · device · Table 1, hand 1 recorded" in history
    assert "Recorded by Table 1 · device, " in history
