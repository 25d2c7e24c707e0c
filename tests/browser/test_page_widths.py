"""No page of the dealer's or the public's scrolls sideways on a phone or a small tablet.

Each page is opened at 360, 390 and 768 px wide, and the document must be no wider than the
window: `document.documentElement.scrollWidth <= window.innerWidth`.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from factories import make_table, play
from playwright.sync_api import Browser, Page

from vpt.events.entries import adjust_chips
from vpt.events.models import Entry, Event
from vpt.money.payout_services import set_payout_structure
from vpt.rounds.clock import start_clock
from vpt.tables.models import Table
from vpt.tours.services import add_event_to_tour, create_tour

WIDTHS = (360, 390, 768)
HANDS = [
    {"top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
    {"top": "3h 6d 9c", "middle": "Ts Js Qd Ks 2s", "bottom": "As Ad Ac 6c 6s"},
    # Fouled: the result page shows a "Fouled" badge and a Fantasyland one for the aces.
    {"top": "Qs Qh Qc", "middle": "8h 8s 9h 9d Kc", "bottom": "2c 3d 5h 2h 2d"},
]


@pytest.fixture
def event(director: User, dealer_user: User) -> Event:
    table = make_table(
        director,
        dealer_user,
        ("Anastasia Villalobos-Hernández", "Benedikt Oberhuber", "Cid"),
        name="Phone Width Open de Primavera",
        slug="phone-width",
        seed=7,
        levels=[{"chips_per_point": 1000, "minutes": 20}, {"chips_per_point": 2000, "minutes": 20}],
    )
    play(table, HANDS, director)
    event = table.event
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1"), actor=director)
    start_clock(event, actor=director)
    tour = create_tour(slug="phone-tour", name="Circuito Vamos Poker de Primavera 2026", actor=director)
    add_event_to_tour(tour, event=event, actor=director)
    return event


def _too_wide(page: Page) -> str:
    """'' when the page fits its window, else the widths and the widest elements that stick out."""
    return str(
        page.evaluate(
            """() => {
              const limit = window.innerWidth;
              const width = document.documentElement.scrollWidth;
              if (width <= limit) { return ""; }
              const out = [];
              document.querySelectorAll("body *").forEach((el) => {
                const box = el.getBoundingClientRect();
                if (box.right > limit + 0.5) {
                  const name = el.tagName.toLowerCase() + "." + String(el.className).replace(/ /g, ".");
                  out.push(name + ":" + Math.round(box.right));
                }
              });
              return width + " > " + limit + ": " + out.slice(0, 8).join(", ");
            }"""
        )
    )


@pytest.mark.slow
def test_no_page_scrolls_sideways(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    dealer_user: User,
    password: str,
    event: Event,
    screenshot: Callable[[Page, str], Path],
) -> None:
    table = Table.objects.get(event=event)
    entry = Entry.objects.filter(event=event).order_by("pk").first()
    assert entry is not None
    public = [
        "/",
        f"/standings/{event.slug}/",
        f"/standings/{event.slug}/tables/{table.number}/",
        f"/standings/{event.slug}/players/{entry.player_id}/",
        f"/standings/{event.slug}/payouts/",
        f"/standings/{event.slug}/clock/",
        "/tours/phone-tour/",
        "/tours/phone-tour/?screen=big",
        f"/people/{entry.player.person_id}/",
    ]
    dealer = ["/tables/", f"/tables/{table.pk}/", f"/tables/{table.pk}/hands/1/", "/tables/calculator/"]
    problems = []
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 844})
        page = context.new_page()
        try:
            for path in public:
                page.goto(f"{live_server}{path}")
                if problem := _too_wide(page):
                    problems.append(f"{width}px {path}: {problem}")
            login(page, live_server, dealer_user, password)
            for path in dealer:
                page.goto(f"{live_server}{path}")
                page.wait_for_load_state("load")
                if problem := _too_wide(page):
                    problems.append(f"{width}px {path}: {problem}")
                if width == 390:
                    screenshot(page, f"phone_{path.strip('/').replace('/', '_') or 'home'}")
            # A dealer with one table goes straight to it: the list of tables, as a director sees it.
            page.context.clear_cookies()
            login(page, live_server, director, password)
            page.goto(f"{live_server}/tables/")
            if problem := _too_wide(page):
                problems.append(f"{width}px /tables/ (director): {problem}")
            if width == 390:
                screenshot(page, "phone_my_tables_director")
        finally:
            context.close()
    assert not problems, "\n".join(problems)


def test_director_pages_fit_a_phone(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    event: Event,
    screenshot: Callable[[Page, str], Path],
) -> None:
    """The director walks the floor with a phone: every page of the director's, not only the
    tables overview (the level structure, the chip adjustments and the deal calculator were
    wider than a phone: their tables' visually hidden labels escaped the scrolling box)."""
    hand = event.hands.get()
    entry = Entry.objects.filter(event=event).order_by("pk").first()
    assert entry is not None
    adjust_chips(entry, amount=-1500, reason="Penalty: a card exposed before the deal", actor=director)
    pages = [
        "/floor/events/",
        "/floor/events/new/",
        f"/floor/events/{event.slug}/",
        f"/floor/events/{event.slug}/edit/",
        f"/floor/events/{event.slug}/structure/",
        f"/floor/events/{event.slug}/adjust/",
        f"/floor/events/{event.slug}/payouts/",
        f"/floor/events/{event.slug}/deal/",
        f"/floor/events/{event.slug}/cash/",
        f"/floor/events/{event.slug}/clock/",
        f"/floor/events/{event.slug}/audit/",
        f"/floor/events/{event.slug}/players/",
        f"/floor/events/{event.slug}/player-links/",
        f"/floor/seating/{event.slug}/",
        f"/floor/seating/{event.slug}/tables/",
        f"/floor/seating/{event.slug}/balancing/",
        f"/floor/hands/event/{event.slug}/",
        f"/floor/hands/{hand.pk}/",
        f"/floor/hands/{hand.pk}/correct/",
        f"/floor/hands/{hand.pk}/void/",
        f"/floor/tables/event/{event.slug}/dealers/",
        f"/floor/slips/events/{event.slug}/",
        "/floor/people/",
        "/floor/tours/",
        "/floor/tours/phone-tour/",
        "/floor/accounts/lockouts/",
    ]
    problems = []
    for width in (360, 390):
        context = browser.new_context(viewport={"width": width, "height": 844})
        page = context.new_page()
        try:
            login(page, live_server, director, password)
            for path in pages:
                response = page.goto(f"{live_server}{path}")
                assert response is not None and response.ok, f"{path}: {response and response.status}"
                if problem := _too_wide(page):
                    problems.append(f"{width}px {path}: {problem}")
                if width == 390:
                    screenshot(page, f"phone_director_{path.strip('/').replace('/', '_')}")
        finally:
            context.close()
    assert not problems, "\n".join(problems)
