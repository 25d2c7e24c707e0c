"""A hand on one phone screen (390×844): the deck stays in reach, rows fill in order, and the
whole 3-player page, preview included, is at most two screen heights."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED
from dealer_page import clear_of_dock
from django.contrib.auth.models import User
from factories import make_table
from playwright.sync_api import Browser, Page, expect

from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    # Long names: the legend's "· seat N · button" must wrap as a unit, inside the border.
    return make_table(
        director,
        dealer_user,
        name="Phone Open",
        slug="phone-open",
        seed=11,
        players=("Anastasia Villalobos", "Benedikt Oberhuber", "Cid"),
    )


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    yield page
    context.close()


def in_view(page: Page, selector: str) -> bool:
    """The element is wholly on screen, as it stands (no scrolling to it)."""
    return bool(
        page.evaluate(
            """(selector) => {
              const box = document.querySelector(selector).getBoundingClientRect();
              const inside = box.bottom <= window.innerHeight && box.right <= window.innerWidth;
              return box.top >= 0 && box.left >= 0 && inside;
            }""",
            selector,
        )
    )


def test_a_hand_is_tapped_in_on_a_phone_without_scrolling_to_the_deck(
    phone: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
    screenshot: Callable[[Page, str], Path],
) -> None:
    page = phone
    seats = [seat.number for seat in table_state(table.pk).seats]
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    expect(page.locator("[data-card-picker]")).to_be_visible()
    before = page.evaluate("document.documentElement.scrollHeight")
    screenshot(page, "phone_dealer_page_empty")

    # No legend wraps onto its fieldset's border: each legend lies inside its fieldset's box.
    for seat in seats:
        legend = page.locator(f"fieldset[data-seat='{seat}'] legend").bounding_box()
        fieldset = page.locator(f"fieldset[data-seat='{seat}']").bounding_box()
        assert legend and fieldset and legend["y"] >= fieldset["y"] and legend["height"] < 80

    # The first row is chosen already; every card goes into the highlighted row, in order.
    expect(page.locator(f"fieldset[data-seat='{seats[0]}'] .board-row").first).to_have_class("board-row selected")
    for seat, board in zip(seats, (JACKS, ACES_FULL, QUEENS_FOULED)):
        fieldset = page.locator(f"fieldset[data-seat='{seat}']")
        for row in ("top", "middle", "bottom"):
            input_ = fieldset.locator(f"input[name$='-{row}']")
            expect(input_.locator("xpath=ancestor::div[@data-row]")).to_have_class("board-row selected")
            assert clear_of_dock(page, "[data-dealer-form] .board-row.selected"), (
                f"seat {seat} {row}: the row to fill is off screen"
            )
            for card in board[row].split():
                selector = f"[data-card-picker] button[data-card='{card}']"
                assert in_view(page, selector), f"{card}: the deck is out of reach"
                page.locator(selector).click()
            expect(input_).to_have_value(board[row])
            if (seat, row) != (seats[-1], "bottom"):
                # The row is complete: focus moved on to the next row's button.
                focused = page.evaluate("document.activeElement.matches('[data-row-select]')")
                assert focused

    # The deck folds away once every row is full; the summary sits right above Record.
    preview = page.locator("#hand-preview")
    expect(preview.locator(".preview-player.is-fouled")).to_have_count(1)
    expect(preview).to_contain_text("Fouled")
    expect(page.locator("[data-card-picker] .picker-suit").first).to_be_hidden()
    assert in_view(page, "[data-record]")
    # An unfinished board also previews as fouled: wait for the last card's preview (the foul
    # question comes with complete boards only), then for the page to settle at its bottom.
    expect(page.locator("#hand-preview[data-foul-confirm]")).to_have_count(1)
    page.wait_for_function(
        """() => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              const summary = document.querySelector("#entry-preview").getBoundingClientRect();
              const record = document.querySelector("[data-record]").getBoundingClientRect();
              return summary.bottom <= record.top;
           }"""
    )
    after = page.evaluate("document.documentElement.scrollHeight")
    screenshot(page, "phone_dealer_page_full")
    print(f"phone page height: {before} px empty, {after} px with the preview")
    assert before <= 2 * PHONE["height"], before
    assert after <= 2 * PHONE["height"], after

    # Fix the fouled board by taking back its top and tapping it anew: the row opens the deck.
    third = page.locator(f"fieldset[data-seat='{seats[2]}']")
    for _ in range(3):
        third.locator("input[name$='-top'] >> xpath=.. >> [data-remove]").first.click()
    expect(page.locator("[data-card-picker] .picker-suit").first).to_be_visible()
    for _card in QUEENS_FOULED["bottom"].split()[:3]:
        third.locator("input[name$='-bottom'] >> xpath=.. >> [data-remove]").first.click()
    for row, cards in (("top", "2c 3d 5h"), ("bottom", "Qs Qh Qc")):
        third.locator(f"input[name$='-{row}'] >> xpath=.. >> [data-row-select]").click()
        for card in cards.split():
            page.locator(f"[data-card-picker] button[data-card='{card}']").click()
    expect(third.locator("input[name$='-top']")).to_have_value("2c 3d 5h")
    expect(third.locator("input[name$='-bottom']")).to_have_value("2h 2d Qs Qh Qc")
    # The preview of the fixed board (300 ms after the last tap): until it comes, the page shows
    # the fouled one, and Record would first ask about a foul that is no longer there.
    expect(page.locator("#hand-preview[data-foul-confirm]")).to_have_count(0)
    expect(page.locator("[data-ready]")).to_be_visible()
    page.locator("[data-record]").click()
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    screenshot(page, "phone_hand_result")
    assert Hand.objects.filter(table=table).count() == 1


def test_placed_cards_are_named_for_screen_readers_in_the_page_language(
    phone: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    page = phone
    seat = table_state(table.pk).seats[0].number
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    page.locator("[data-card-picker] button[data-card='Qh']").click()
    placed = page.locator(f"fieldset[data-seat='{seat}'] [data-row-cards] [data-remove]").first
    expect(placed).to_have_attribute("aria-label", "Take back queen of hearts")

    page.locator("button[name=language][value=es]").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    # The draft brought the queen back; its name is Spanish now.
    placed = page.locator(f"fieldset[data-seat='{seat}'] [data-row-cards] [data-remove]").first
    expect(placed).to_have_attribute("aria-label", "Quitar reina de corazones")
