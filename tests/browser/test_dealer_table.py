"""A dealer records a hand on a tablet by tapping cards; a second submit of it is refused."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL
from dealer_page import type_boards
from django.contrib.auth.models import User
from factories import make_table
from playwright.sync_api import Browser, Page, expect

from vpt.events.models import Entry
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    return make_table(director, dealer_user, name="Tablet Open", slug="tablet-open", seed=11)


def tap_board(page: Page, seat: int, board: dict[str, str]) -> None:
    """Choose the seat's top row, then tap its 13 cards: each full row hands over to the next."""
    fieldset = page.locator(f"fieldset[data-seat='{seat}']")
    fieldset.locator("[data-row-select]").first.click()
    for row in ("top", "middle", "bottom"):
        for card in board[row].split():
            page.locator(f"[data-card-picker] button[data-card='{card}']").click()
    expect(fieldset.locator("input[name$='-bottom']")).to_have_value(board["bottom"])


def test_dealer_taps_a_hand_sees_the_foul_fixes_it_and_records(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
    screenshot: Callable[[Page, str], Path],
) -> None:
    seats = [seat.number for seat in table_state(table.pk).seats]
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    expect(page.locator("[data-hand-number]")).to_have_text("Hand 1")
    expect(page.locator("[data-card-picker]")).to_be_visible()
    screenshot(page, "dealer_table_page_tablet")

    tap_board(page, seats[0], JACKS)
    # A used card is greyed out and cannot be tapped again.
    expect(page.locator("[data-card-picker] button[data-card='Jc']")).to_be_disabled()
    tap_board(page, seats[1], ACES_FULL)
    tap_board(page, seats[2], QUEENS_FOULED)

    preview = page.locator("#hand-preview")
    expect(preview.locator(".preview-player.is-fouled")).to_have_count(1)
    expect(preview).to_contain_text("Fouled")
    screenshot(page, "dealer_foul_preview")

    # Fix the fouled board by typing (the keyboard path).
    third = page.locator(f"fieldset[data-seat='{seats[2]}']")
    for row in ("top", "middle", "bottom"):
        third.locator(f"input[name$='-{row}']").fill(QUEENS_FULL[row])
    expect(preview.locator(".preview-player.is-fouled")).to_have_count(0)
    expect(page.locator("[data-ready]")).to_be_visible()

    page.locator("[data-record]").click()
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    settlement = page.locator("[data-settlement]")
    expect(settlement).to_contain_text("pays")
    expect(page.locator("[data-next]")).to_have_text("Enter hand 2")
    expect(page.locator("[data-print-slip]")).to_be_visible()
    screenshot(page, "dealer_hand_result")
    assert Hand.objects.filter(table=table).count() == 1
    for entry in Entry.objects.all():
        expect(page.locator(f"[data-board='{entry}'] [data-stack-after]")).to_have_text(f"{entry.stack:,}")


def test_second_submit_of_the_same_hand_is_refused(
    page: Page,
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    seats = [seat.number for seat in table_state(table.pk).seats]
    other_context = browser.new_context(viewport={"width": 800, "height": 1280})
    other = other_context.new_page()
    try:
        for tab in (page, other):
            login(tab, live_server, dealer_user, password)
            tab.goto(f"{live_server}/tables/{table.pk}/")
            type_boards(tab, seats, [JACKS, ACES_FULL, QUEENS_FULL])
            expect(tab.locator("[data-ready]")).to_be_visible()

        # The first device records with Enter (keyboard fast path)...
        page.locator(f"input[name='s{seats[2]}-bottom']").press("Enter")
        page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
        stacks = sorted(Entry.objects.values_list("stack", flat=True))

        # ...the second device, still showing hand 1, submits it too.
        other.locator("[data-record]").click()
        alert = other.locator("[data-conflict]")
        expect(alert).to_contain_text("Already recorded")
        expect(alert).to_contain_text("it was not recorded twice")
        expect(other.locator("[data-hand-number]")).to_have_text("Hand 2")
        assert Hand.objects.filter(table=table).count() == 1
        assert sorted(Entry.objects.values_list("stack", flat=True)) == stacks
    finally:
        other_context.close()
