"""On a phone (390x844): a table's device signs in by its QR card's URL, records a hand, reopens
it to fix a mistake, records it again; it cannot open another table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from factories import make_event
from playwright.sync_api import Browser, Page, expect

from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table
from vpt.tables.services import issue_table_token

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def tables(director: User) -> list[Table]:
    event = make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"], name="Phone Open")
    return list(Table.objects.filter(event=event).order_by("number"))


def tap_boards(page: Page, table: Table, boards: list[dict[str, str]]) -> None:
    """Tap each seat's 13 cards, top row first (the phone shows the deck, not the text fields)."""
    for seat, board in zip(table_state(table.pk).seats, boards, strict=True):
        fieldset = page.locator(f"fieldset[data-seat='{seat.number}']")
        fieldset.locator("[data-row-select]").first.click()
        for row in ("top", "middle", "bottom"):
            for card in board[row].split():
                page.locator(f"[data-card-picker] button[data-card='{card}']").click()
        expect(fieldset.locator("input[name$='-bottom']")).to_have_value(board["bottom"])


def clear_boards(page: Page, table: Table) -> None:
    """Empty the pre-filled rows (the reopened hand's boards) through the page's own fields."""
    for seat in table_state(table.pk).seats:
        for row in ("top", "middle", "bottom"):
            page.locator(f"input[name='s{seat.number}-{row}']").evaluate(
                "(input) => { input.value = ''; input.dispatchEvent(new Event('input', {bubbles: true})); }"
            )


def test_qr_sign_in_record_reopen_and_record_again(
    phone: Page,
    live_server: object,
    director: User,
    tables: list[Table],
    screenshot: Callable[[Page, str], Path],
) -> None:
    table, other = tables
    token = issue_table_token(table, actor=director).token

    phone.goto(f"{live_server}/tables/sign-in/{token}/")
    phone.locator("[data-sign-in-confirm] button").click()  # the card's page asks first
    phone.wait_for_url(f"{live_server}/tables/{table.pk}/")
    expect(phone.locator("[data-hand-number]")).to_have_text("Hand 1")
    # A mistake: the first two players' boards swapped.
    tap_boards(phone, table, [ACES_FULL, JACKS, QUEENS_FULL])
    phone.locator("[data-record]").click()
    phone.wait_for_url(f"{live_server}/tables/{table.pk}/hands/1/")
    screenshot(phone, "phone_device_result_with_reopen")

    phone.locator("[data-reopen] button[type=submit]").click()
    phone.wait_for_url(f"{live_server}/tables/{table.pk}/?reopened=1")
    expect(phone.locator("[data-hand-number]")).to_have_text("Hand 2")
    first_seat = table_state(table.pk).seats[0].number
    expect(phone.locator(f"input[name='s{first_seat}-top']")).to_have_value(ACES_FULL["top"])
    screenshot(phone, "phone_device_reopened_hand")
    clear_boards(phone, table)
    tap_boards(phone, table, [JACKS, ACES_FULL, QUEENS_FULL])
    phone.locator("[data-record]").click()
    phone.wait_for_url(f"{live_server}/tables/{table.pk}/hands/2/")

    assert [(hand.number, hand.status) for hand in Hand.objects.filter(table=table).order_by("number")] == [
        (1, "void"),
        (2, "recorded"),
    ]
    fixed = Hand.objects.get(table=table, number=2).boards.order_by("position")
    assert [board.top for board in fixed] == [JACKS["top"], ACES_FULL["top"], QUEENS_FULL["top"]]
    response = phone.goto(f"{live_server}/tables/{other.pk}/")
    assert response is not None and response.status == 403
