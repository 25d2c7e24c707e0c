"""Cards everyone can read (floor.md, "Cards people can read"): axe finds no serious violation on
the dealer's page, the player's page and the broadcast pages in either deck; every card element
on the pages that show cards has a screen-reader name; the four-colour deck is each device's
choice, kept in its browser; and the dealer's page, entered by keyboard alone (Tab, the arrow
keys, Enter), records a hand."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from boards import ACES_FULL, JACKS, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User
from django.urls import reverse
from factories import make_table, play
from playwright.sync_api import Browser, BrowserContext, Page, expect

from vpt.events.models import Entry
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table

TABLET = {"width": 800, "height": 1280}
FULL_HD = {"width": 1920, "height": 1080}
DECKS = ("two", "four")

# Every element drawn as a card, with no name a screen reader would say: the offenders' HTML.
UNNAMED_CARDS = """() => Array.from(document.querySelectorAll(".card")).filter((card) => {
  const name = (card.getAttribute("aria-label") || "").trim();
  const role = card.getAttribute("role") || card.tagName.toLowerCase();
  return !name || !["img", "button"].includes(role);
}).map((card) => card.outerHTML)"""


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    table = make_table(director, dealer_user, name="Deck Open", slug="deck-open", seed=5)
    issue_player_links(table.event, actor=director)
    return table


def serious(page: Page) -> list[str]:
    results: dict[str, Any] = Axe().run(page).response
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + "; ".join(" ".join(node["target"]) for node in violation["nodes"][:4])
        for violation in results["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def context_with_deck(browser: Browser, deck: str, viewport: dict[str, int]) -> BrowserContext:
    """A device that chose ``deck`` (kept in its localStorage) before opening any page."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(f"window.localStorage.setItem('vpt.deck', '{deck}')")
    return context


def my_page(table: Table) -> str:
    entry = Entry.objects.filter(event=table.event).first()
    assert entry is not None
    return reverse("public:me", args=[live_player_tokens([entry])[entry.pk]])


@pytest.fixture
def played(table: Table, director: User) -> Iterator[Table]:
    play(table, [QUEENS_UP, JACKS, ACES_FULL], director)
    yield table


@pytest.mark.parametrize("deck", DECKS)
def test_axe_in_both_decks(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    played: Table,
    deck: str,
) -> None:
    found: list[str] = []
    context = context_with_deck(browser, deck, TABLET)
    page = context.new_page()
    try:
        page.goto(f"{live_server}{my_page(played)}")
        expect(page.locator("html")).to_have_attribute("data-deck", deck)
        expect(page.locator(".card").first).to_be_visible()
        found += [f"player's page: {line}" for line in serious(page)]

        login(page, live_server, dealer_user, password)
        page.goto(f"{live_server}/tables/{played.pk}/")
        for card in ("Kc", "Qd", "2s", "Ah"):  # a card of each suit placed, next to the whole deck
            page.locator(f"[data-card-picker] button[data-card='{card}']").click()
        expect(page.locator("html")).to_have_attribute("data-deck", deck)
        found += [f"dealer's page: {line}" for line in serious(page)]
        page.keyboard.press("Tab")  # the focus ring drawn too
        found += [f"dealer's page, focused: {line}" for line in serious(page)]

        hd = context.new_page()
        hd.set_viewport_size(FULL_HD)
        for name in ("table/1/", "chips/", "clock/"):
            hd.goto(f"{live_server}/broadcast/{played.event.slug}/{name}")
            expect(hd.locator("html")).to_have_attribute("data-deck", deck)
            if name == "table/1/":
                expect(hd.locator(".broadcast-board .card")).to_have_count(39)
            found += [f"broadcast {name}: {line}" for line in serious(hd)]
    finally:
        context.close()
    assert not found, "\n".join(found)


def test_every_card_has_a_screen_reader_name(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    dealer_user: User,
    password: str,
    played: Table,
) -> None:
    hand = Hand.objects.get(table=played)
    slug = played.event.slug
    pages = [
        f"/standings/{slug}/tables/1/",
        my_page(played),
        f"/broadcast/{slug}/table/1/",
    ]
    seen: dict[str, int] = {}
    for url in pages:
        page.goto(f"{live_server}{url}")
        expect(page.locator(".card").first).to_be_visible()
        assert page.evaluate(UNNAMED_CARDS) == [], url
        seen[url] = page.locator(".card").count()

    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{played.pk}/hands/1/")
    page.goto(f"{live_server}/tables/{played.pk}/")
    seats = [seat.number for seat in table_state(played.pk).seats]
    page.locator(f"input[name='s{seats[0]}-top']").fill("Qh 10s")  # placed cards and the preview's
    page.locator("[data-check]").click()
    expect(page.locator(f"fieldset[data-seat='{seats[0]}'] [data-row-cards] .card")).to_have_count(2)
    assert page.evaluate(UNNAMED_CARDS) == []
    seen["dealer"] = page.locator(".card").count()
    expect(page.locator("[data-card-picker] [data-card='Qh']")).to_have_attribute("aria-label", "queen of hearts")

    page.context.clear_cookies()
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/hands/{hand.pk}/")
    expect(page.locator(".card").first).to_be_visible()
    assert page.evaluate(UNNAMED_CARDS) == []
    seen["hand detail"] = page.locator(".card").count()
    assert all(count >= 13 for count in seen.values()), seen

    page.set_extra_http_headers({"Accept-Language": "es"})
    page.context.clear_cookies()
    page.goto(f"{live_server}/broadcast/{slug}/table/1/")
    expect(page.locator(".broadcast-board .card[aria-label='reina de picas']")).to_have_count(1)


def test_the_deck_is_each_devices_choice(browser: Browser, live_server: object, played: Table) -> None:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/standings/{played.event.slug}/tables/1/")
        expect(page.locator("html")).to_have_attribute("data-deck", "two")  # the pages' default
        club = page.locator(".card.suit-clubs").first
        assert club.evaluate("e => getComputedStyle(e).color") == "rgb(17, 17, 17)"
        toggle = page.locator("[data-deck-toggle]")
        expect(toggle).to_have_attribute("aria-pressed", "false")
        toggle.click()
        expect(page.locator("html")).to_have_attribute("data-deck", "four")
        expect(toggle).to_have_attribute("aria-pressed", "true")
        assert club.evaluate("e => getComputedStyle(e).color") == "rgb(25, 105, 44)"
        page.reload()  # kept by this browser
        expect(page.locator("html")).to_have_attribute("data-deck", "four")
        page.locator("[data-deck-toggle]").click()
        page.goto(f"{live_server}/broadcast/{played.event.slug}/table/1/")
        expect(page.locator("html")).to_have_attribute("data-deck", "two")  # the choice beats the default
    finally:
        context.close()
    fresh = browser.new_context(viewport=FULL_HD)
    try:
        screen = fresh.new_page()
        screen.goto(f"{live_server}/standings/{played.event.slug}/screen/")
        expect(screen.locator("html")).to_have_attribute("data-deck", "four")  # the big screen's default
    finally:
        fresh.close()


def focused(page: Page) -> dict[str, Any]:
    return page.evaluate(
        """() => {
          const e = document.activeElement;
          const suits = Array.from(document.querySelectorAll("[data-card-picker] .picker-suit"));
          const suit = e.closest ? e.closest(".picker-suit") : null;
          return {
            card: e.dataset ? e.dataset.card || null : null,
            row: suit ? suits.indexOf(suit) : -1,
            column: suit ? Array.from(suit.querySelectorAll("[data-card]")).indexOf(e) : -1,
            select: Boolean(e.matches && e.matches("[data-row-select]")),
            record: Boolean(e.matches && e.matches("[data-record]")),
            visible: e.matches ? e.matches(":focus-visible") : false,
          };
        }"""
    )


SUITS = "shdc"  # the picker's rows
RANKS = "AKQJT98765432"  # its columns


def key_to(page: Page, card: str) -> None:
    """Move the keyboard's focus to ``card`` in the deck with the arrow keys alone."""
    for _ in range(40):
        now = focused(page)
        if now["card"] == card:
            return
        assert now["row"] >= 0, now
        row = SUITS.index(card[1])
        if now["row"] != row:
            page.keyboard.press("ArrowDown" if row > now["row"] else "ArrowUp")
            continue
        page.keyboard.press("ArrowRight" if RANKS.index(card[0]) > RANKS.index(now["card"][0]) else "ArrowLeft")
    raise AssertionError(f"the arrows did not reach {card}: {focused(page)}")


def test_the_dealer_records_a_hand_by_keyboard_alone(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    seats = [seat.number for seat in table_state(table.pk).seats]
    boards = [JACKS, ACES_FULL, QUEENS_FULL]
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    expect(page.locator("[data-card-picker]")).to_be_visible()
    # The page opens with the focus in the first seat's top row's text box (dealer.js): one
    # Shift+Tab back is that row's button, and Enter chooses it.
    first_row = f"id_s{seats[0]}-top"
    assert page.evaluate("document.activeElement.id") == first_row
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-controls')") == first_row
    assert focused(page)["select"] and focused(page)["visible"], focused(page)
    page.keyboard.press("Enter")  # the row chosen, the focus goes on into the deck
    assert focused(page)["card"] == "As" and focused(page)["visible"], focused(page)  # focus ring shown
    for seat, board in zip(seats, boards):
        for row in ("top", "middle", "bottom"):
            for card in board[row].split():
                key_to(page, card)
                page.keyboard.press("Enter")
        expect(page.locator(f"input[name='s{seat}-bottom']")).to_have_value(board["bottom"])
        for row in ("top", "middle"):
            expect(page.locator(f"input[name='s{seat}-{row}']")).to_have_value(board[row])
    # Every row full: the focus goes on to Record once the last card's preview has settled
    # (htmx settles 20 ms after the swap that shows "Ready"), the last card's Enter did not
    # press it, and Enter records.
    expect(page.locator("[data-ready]")).to_be_visible()
    expect(page.locator("[data-record]")).to_be_focused()
    assert f"/tables/{table.pk}/hands/" not in page.url
    assert Hand.objects.filter(table=table).count() == 0
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    assert Hand.objects.filter(table=table).count() == 1
