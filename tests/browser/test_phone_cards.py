"""The dealer's phone (390×844, and 360 wide): keys of 24×24 px at least whose text stays inside,
a used card that still reads, the settlement shown above the dock once every board is full; a
badge that never breaks inside its word; five cards in a row on the desktop hand page."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL, QUEENS_UP
from dealer_page import wait_clear_of_dock
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from factories import make_table
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from vpt.rounds.photos import prepare_photo
from vpt.rounds.selectors import table_state
from vpt.rounds.services import attach_photo, record_hand
from vpt.tables.models import Table


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    return make_table(director, dealer_user, name="Keys Open", slug="keys-open", seed=11)


@pytest.fixture(params=[360, 390])
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": request.param, "height": 844})
    page = context.new_page()
    yield page
    context.close()


KEYS = """() => Array.from(document.querySelectorAll("[data-card-picker] .picker-suit button[data-card]"))
  .filter((key) => key.offsetParent !== null)
  .map((key) => {
    const box = key.getBoundingClientRect();
    return {card: key.dataset.card, width: box.width, height: box.height,
            spills: key.scrollWidth > key.clientWidth + 0.5 || key.scrollHeight > key.clientHeight + 0.5};
  })"""


def test_card_keys_are_big_enough_and_a_used_card_still_reads(
    phone: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    page = phone
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    keys = page.evaluate(KEYS)
    assert len(keys) == 52
    small = [key for key in keys if key["width"] < 24 or key["height"] < 24]
    assert small == []
    assert [key["card"] for key in keys if key["spills"]] == []

    page.locator("[data-card-picker] button[data-card='Th']").click()
    used = page.evaluate(
        """() => {
          const key = document.querySelector("[data-card-picker] button[data-card='Th']");
          const style = getComputedStyle(key);
          return {used: key.classList.contains("used"), opacity: style.opacity, line: style.textDecorationLine};
        }"""
    )
    assert used == {"used": True, "opacity": "1", "line": "line-through"}


def test_the_settlement_shows_above_the_dock_once_every_board_is_full(
    phone: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    page = phone
    seats = [seat.number for seat in table_state(table.pk).seats]
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    fieldset = page.locator(f"fieldset[data-seat='{seats[0]}']")
    fieldset.locator("[data-row-select]").first.click()
    for board in (JACKS, ACES_FULL, QUEENS_FOULED):
        for row in ("top", "middle", "bottom"):
            for card in board[row].split():
                page.locator(f"[data-card-picker] button[data-card='{card}']").click()
    expect(page.locator("#hand-preview .settlement li")).to_have_count(3)

    wait_clear_of_dock(page, "#hand-preview[data-state='scored'] .settlement")


def test_a_badge_never_breaks_inside_its_word(
    phone: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    dealer_user: User,
    password: str,
) -> None:
    table = make_table(
        director,
        dealer_user,
        name="Bust Open",
        slug="bust-open",
        seed=7,
        players=("Anastasia Villalobos-Hernández", "Benedikt Oberhuber", "Cid"),
    )
    event = table.event
    event.levels.update(chips_per_point=1000)
    state = table_state(table.pk)
    record_hand(
        state.table,
        hand_number=1,
        actor=director,
        boards={seat.number: board for seat, board in zip(state.seats, (JACKS, ACES_FULL, QUEENS_FOULED))},
    )
    page = phone
    # Every word of every badge on one line (a badge of several words may wrap between them).
    broken = """() => {
      const split = [];
      document.querySelectorAll(".badge").forEach((badge) => {
        const walker = document.createTreeWalker(badge, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (range.getClientRects().length > 1) { split.push(match[0]); }
          }
        }
      });
      return split;
    }"""
    hand = table.hands.get()
    login(page, live_server, director, password)
    found = {}
    for path in (f"/tables/{table.pk}/hands/1/", "/standings/bust-open/tables/1/", f"/floor/hands/{hand.pk}/"):
        page.goto(f"{live_server}{path}")
        assert page.locator(".badge").count() >= 1, path
        found[path] = page.evaluate(broken)
    assert found == {path: [] for path in found}


@pytest.mark.parametrize("width", [1024, 1280])
def test_five_cards_stay_in_one_row_on_the_desktop_hand_page(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    table: Table,
    width: int,
) -> None:
    """With the board photo beside the boards, as the director sees a hand a device photographed."""
    state = table_state(table.pk)
    boards = {seat.number: board for seat, board in zip(state.seats, (JACKS, ACES_FULL, QUEENS_FULL))}
    hand = record_hand(state.table, hand_number=1, actor=director, boards=boards)
    photo = io.BytesIO()
    Image.new("RGB", (800, 600), (10, 90, 40)).save(photo, format="JPEG")
    upload = SimpleUploadedFile("board.jpg", photo.getvalue(), "image/jpeg")
    attach_photo(hand, photo=prepare_photo(upload), actor=director)
    page.set_viewport_size({"width": width, "height": 900})
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/hands/{hand.pk}/")
    expect(page.locator("[data-hand-photo] img")).to_be_visible()
    # For each row of cards, how many different heights its cards sit at: 1 when none wrapped.
    tops = page.evaluate(
        """() => Array.from(document.querySelectorAll("[data-boards] .cards.small")).map((row) =>
             new Set(Array.from(row.children).map((card) => Math.round(card.getBoundingClientRect().top))).size)"""
    )
    assert tops == [1] * 9


def test_a_badge_that_wraps_stays_one_pill_on_the_desktop_hand_page(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    table: Table,
) -> None:
    """The player column of the director's hand page is narrow: "Fantasyland: 14 cards" went to
    two lines as two half pills ("Fantasyland: 14" and "cards"); it wraps as one box now."""
    state = table_state(table.pk)
    record_hand(
        state.table,
        hand_number=1,
        actor=director,
        boards={seat.number: board for seat, board in zip(state.seats, (QUEENS_UP, JACKS, ACES_FULL))},
    )
    state = table_state(table.pk)
    second = record_hand(
        state.table,
        hand_number=2,
        actor=director,
        boards={seat.number: board for seat, board in zip(state.seats, (JACKS, ACES_FULL, QUEENS_FULL))},
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/hands/{second.pk}/")
    badges = page.locator(".badge.fantasy")
    expect(badges.first).to_be_visible()
    pieces = badges.evaluate_all("(all) => all.map((badge) => badge.getClientRects().length)")
    assert pieces and pieces == [1] * len(pieces)
