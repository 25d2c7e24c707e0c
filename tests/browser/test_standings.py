"""The public standings update by themselves after a hand is recorded elsewhere, and the clock
display counts down in the browser."""

import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.utils import timezone
from factories import THREE, make_event, play
from page_clock import pause_clock
from playwright.sync_api import Page, expect

from vpt.events.models import Entry, Event
from vpt.rounds.clock import start_clock
from vpt.tables.models import Table


def live_open(director: User) -> Event:
    levels = [{"chips_per_point": 100, "minutes": 20}, {"chips_per_point": 200, "minutes": 20}]
    return make_event(director, THREE, name="Live Open", seed=7, levels=levels)


def test_standings_update_after_a_hand_is_recorded(
    page: Page, live_server: object, director: User, screenshot: Callable[[Page, str], Path]
) -> None:
    event = live_open(director)
    table = Table.objects.get(event=event)
    # The page's clock stands still until the test moves it to the next poll.
    pause_clock(page)
    page.goto(f"{live_server}/standings/live-open/")
    rows = page.locator("#standings-table tbody tr")
    expect(rows).to_have_count(3)
    expect(page.locator("#standings-table [data-chips]").first).to_have_text("10,000")
    page.evaluate("window.__notReloaded = true")

    # Another session (the dealer's) records a hand: the page is not touched.
    hand = play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    leader = Entry.objects.filter(event=event).order_by("-stack").first()
    assert leader is not None and leader.stack != 10000

    first = rows.first
    with page.expect_response(lambda response: response.request.headers.get("hx-request") == "true"):
        page.clock.run_for(5000)  # the next poll
    expect(first).to_have_attribute("data-entry", str(leader.pk))
    expect(first.locator("[data-chips]")).to_have_text(f"{leader.stack:,}")
    assert page.evaluate("window.__notReloaded") is True  # swapped in place, no reload
    assert hand.number == 1
    screenshot(page, "standings_after_hand")


def test_find_my_seat_and_the_player_page(page: Page, live_server: object, director: User) -> None:
    live_open(director)
    ana = Entry.objects.select_related("seat__table").get(player__name="Ana")

    page.goto(f"{live_server}/standings/live-open/")
    page.fill("#find-name", "ana")

    found = page.locator(".found")
    expect(found).to_contain_text(f"table {ana.seat.table.number}, seat {ana.seat.number}")
    expect(page).to_have_url(re.compile(r"\?q=ana$"))
    found.get_by_role("link", name="Ana").click()
    expect(page.locator("h1")).to_have_text("Ana")
    expect(page.locator("svg.chart")).to_be_visible()


def test_the_clock_counts_down_in_the_browser_and_survives_a_refresh(
    page: Page, live_server: object, director: User, screenshot: Callable[[Page, str], Path]
) -> None:
    event = live_open(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(seconds=30))
    pause_clock(page)

    page.goto(f"{live_server}/standings/live-open/clock/")
    time = page.locator("[data-time]")
    expect(page.locator("[data-level]")).to_have_text("Level 1")
    expect(time).to_have_text(re.compile(r"^19:[23]\d$"))  # 20 minutes, started 30 s ago
    first = time.text_content()
    page.clock.run_for(1000)
    expect(time).not_to_have_text(first or "")
    page.reload()
    expect(time).to_have_text(re.compile(r"^19:[23]\d$"))
    expect(page.locator("[data-next]")).to_have_text("Next: level 2, 200 chips per point")
    screenshot(page, "clock_display")
