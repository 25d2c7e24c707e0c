"""A sign-in card signs in one device (the director can allow more), the Dealers page lists
the signed-in devices and signs one out, and a card ends for good when the event finishes."""

from __future__ import annotations

import logging

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.events.models import Event
from vpt.events.services import set_event_status
from vpt.log_redaction import RedactTokens, redact
from vpt.tables.models import Table, TableSignIn
from vpt.tables.services import end_sign_in_cards, issue_table_token

pytestmark = pytest.mark.django_db

TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1"


def card_path(token: str) -> str:
    return reverse("dealer:sign-in", args=[token])


def table_page(table: Table) -> str:
    return reverse("dealer:table", args=[table.pk])


def browser(user_agent: str = TABLET) -> Client:
    return Client(headers={"User-Agent": user_agent})


def test_opening_the_card_asks_first_and_signs_nothing_in(table: Table, director: User) -> None:
    token = issue_table_token(table, actor=director).token
    tablet = browser()

    page = tablet.get(card_path(token))

    assert page.status_code == 200 and "data-sign-in-confirm" in page.content.decode()
    assert page["Referrer-Policy"] == "same-origin"
    assert TableSignIn.objects.count() == 0
    assert tablet.get(table_page(table)).status_code == 302  # not signed in


def test_a_second_browser_with_the_same_card_is_refused(table: Table, director: User) -> None:
    token = issue_table_token(table, actor=director).token
    tablet, phone = browser(TABLET), browser(PHONE)

    assert tablet.post(card_path(token)).status_code == 302
    refused = phone.post(card_path(token))
    again = tablet.post(card_path(token))  # the same browser scanning again keeps its place

    assert refused.status_code == 409
    assert (
        "This card has already signed in a device at Table 1. Ask the tournament director to sign that device "
        "out on the Dealers page, or to print a card for more devices." in refused.content.decode()
    )
    assert phone.get(table_page(table)).status_code == 302
    assert again.status_code == 302 and tablet.get(table_page(table)).status_code == 200
    assert TableSignIn.objects.count() == 1


def test_a_card_printed_for_two_devices_signs_in_two(client_as_director: Client, table: Table) -> None:
    printed = client_as_director.post(reverse("floor:sign-in-card", args=[table.pk]), {"devices": "2"})
    assert printed.status_code == 200
    token = table.devices.get(revoked_at__isnull=True)
    assert token.max_devices == 2
    issued = issue_table_token(table, actor=User.objects.get(username="director"), devices=2).token

    assert browser().post(card_path(issued)).status_code == 302
    assert browser(PHONE).post(card_path(issued)).status_code == 302
    assert browser().post(card_path(issued)).status_code == 409


def test_the_director_sees_the_devices_and_signs_one_out(client_as_director: Client, table: Table) -> None:
    director = User.objects.get(username="director")
    token = issue_table_token(table, actor=director).token
    tablet = browser()
    tablet.post(card_path(token))

    page = client_as_director.get(reverse("floor:dealers", args=[table.event.slug])).content.decode()
    assert "Chrome on Android, signed in" in page and "Sign out this device" in page
    signed_in = TableSignIn.objects.get()
    answer = client_as_director.post(reverse("floor:sign-out-device", args=[signed_in.pk]), follow=True)

    assert "Table 1: the device was signed out." in answer.content.decode()
    assert tablet.get(table_page(table)).status_code == 302  # out at its next request
    phone = browser(PHONE)
    assert phone.post(card_path(token)).status_code == 302  # the card's place is free again
    assert phone.get(table_page(table)).status_code == 200


def test_a_card_ends_for_good_when_the_event_finishes(table: Table, director: User) -> None:
    token = issue_table_token(table, actor=director).token
    tablet = browser()
    tablet.post(card_path(token))

    set_event_status(table.event, status=Event.Status.FINISHED, actor=director)
    assert end_sign_in_cards(table.event, actor=director) == 1  # what the floor's status page calls next
    set_event_status(table.event, status=Event.Status.RUNNING, actor=director)  # reopened
    assert end_sign_in_cards(table.event, actor=director) == 0  # not finished: nothing to end

    assert tablet.get(table_page(table)).status_code == 302
    assert browser(PHONE).post(card_path(token)).status_code == 403
    fresh = issue_table_token(table, actor=director).token  # a reopened event needs new cards
    assert browser(PHONE).post(card_path(fresh)).status_code == 302


def test_log_lines_never_hold_a_token(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("vpt.test.redaction")
    logger.addFilter(RedactTokens())
    try:
        with caplog.at_level(logging.WARNING, logger="vpt.test.redaction"):
            logger.warning("Forbidden: %s", "/tables/sign-in/S3cr3t-T0ken_abc/")
    finally:
        logger.filters.clear()

    assert caplog.messages == ["Forbidden: /tables/sign-in/[token]/"]
    assert redact('"POST /tables/sign-in/S3cr3t-T0ken_abc/ HTTP/1.1" 302') == (
        '"POST /tables/sign-in/[token]/ HTTP/1.1" 302'
    )
