"""One click no longer breaks a table, removes a level, moves to the next level, opens a table or
finishes the event: each asks first, says what will happen, and works without JavaScript.

With JavaScript (htmx) the confirmation replaces the clicked button's form; without it the
first POST answers with a confirmation page. The director taps through at the narrowest phone
width; each confirmation is then seen to fit at every width (360, 390 and a desktop).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from factories import make_event
from playwright.sync_api import Browser, Page, expect

from vpt.events.models import Event, Level
from vpt.seating.models import Seat
from vpt.seating.services import open_table
from vpt.tables.models import Table

SIZES = {"phone360": (360, 740), "phone390": (390, 844), "desktop": (1280, 900)}


@pytest.fixture
def event(director: User) -> Event:
    players = [f"Player {number + 1}" for number in range(7)]
    event = make_event(director, players, name="Confirm Cup", seed=5, levels=[100, 200, 300])  # tables of 2, 2, 3
    open_table(event, actor=director)  # table 4, empty: a table of three can be broken
    return event


@pytest.fixture(params=[True, False], ids=["htmx", "no-js"])
def javascript(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


@pytest.fixture
def sized_page(browser: Browser, javascript: bool) -> Iterator[Page]:
    width, height = SIZES["phone360"]
    context = browser.new_context(viewport={"width": width, "height": height}, java_script_enabled=javascript)
    page = context.new_page()
    yield page
    context.close()


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def confirm_panel(
    page: Page, javascript: bool, url_part: str, screenshot: Callable[[str], object] | None = None
) -> None:
    """The confirmation is inline with htmx (same page), a page of its own without; it fits at
    every width (``screenshot(size)`` is taken at each), and the page is left at the phone's."""
    panel = page.locator("[data-confirm-panel]")
    expect(panel).to_be_visible()
    if javascript:
        assert url_part in page.url  # still the page the director was on
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        assert fits(page), f"the confirmation is wider than the page at {size}"
        if screenshot:
            screenshot(size)
    width, height = SIZES["phone360"]
    page.set_viewport_size({"width": width, "height": height})


def test_break_and_open_a_table_ask_first(
    sized_page: Page,
    javascript: bool,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    event: Event,
    screenshot: Callable[[Page, str], Path],
) -> None:
    page = sized_page
    three = next(t for t in Table.objects.filter(event=event) if t.seat_set.filter(entry__isnull=False).count() == 3)
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/seating/{event.slug}/")

    page.locator(f"tr[data-table='{three.number}'] [data-break]").click()

    confirm_panel(
        page,
        javascript,
        f"/floor/seating/{event.slug}/",
        lambda size: screenshot(page, f"confirm_break_{size}_{'htmx' if javascript else 'nojs'}"),
    )
    expect(page.locator("[data-confirm-text]")).to_contain_text(f"Break table {three.number}: its 3 players move to")
    assert Table.objects.get(pk=three.pk).status == Table.Status.OPEN
    page.locator("[data-confirm-yes]").click()
    expect(page.locator(".messages")).to_contain_text("broken")
    assert Table.objects.get(pk=three.pk).status == Table.Status.BROKEN
    assert not Seat.objects.filter(table=three, entry__isnull=False).exists()

    page.locator("[data-open-table] button").click()
    confirm_panel(page, javascript, f"/floor/seating/{event.slug}/")
    expect(page.locator("[data-confirm-text]")).to_contain_text("Open table 5: a new table with 3 empty seats.")
    assert not Table.objects.filter(event=event, number=5).exists()
    page.locator("[data-confirm-cancel]").click()
    expect(page.locator("[data-confirm-panel]")).to_have_count(0)
    assert not Table.objects.filter(event=event, number=5).exists()
    page.locator("[data-open-table] button").click()
    page.locator("[data-confirm-yes]").click()
    expect(page.locator("[data-seating]")).to_be_visible()
    assert Table.objects.filter(event=event, number=5, status=Table.Status.OPEN).exists()


def test_levels_and_finishing_ask_first(
    sized_page: Page,
    javascript: bool,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    event: Event,
) -> None:
    page = sized_page
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/events/{event.slug}/")

    page.locator("tr[data-level='3'] [data-remove-level] button").click()
    confirm_panel(page, javascript, f"/floor/events/{event.slug}/")
    expect(page.locator("[data-confirm-text]")).to_have_text("Remove level 3 (300 chips per point), the last level.")
    assert Level.objects.filter(event=event).count() == 3
    page.locator("[data-confirm-yes]").click()
    expect(page.locator("tr[data-level='3']")).to_have_count(0)
    assert Level.objects.filter(event=event).count() == 2

    page.locator("[data-next-level] button").click()
    confirm_panel(page, javascript, f"/floor/events/{event.slug}/")
    expect(page.locator("[data-confirm-text]")).to_have_text(
        "Move from level 1 (100 chips per point) to level 2 (200 chips per point)."
    )
    event.refresh_from_db()
    assert event.current_level is not None and event.current_level.number == 1
    page.locator("[data-confirm-yes]").click()
    expect(page.locator("tr[data-level='2'] .badge")).to_be_visible()
    event.refresh_from_db()
    assert event.current_level is not None and event.current_level.number == 2

    page.select_option("#event-status", "finished")
    page.locator("[data-status-form] button").click()
    confirm_panel(page, javascript, f"/floor/events/{event.slug}/")
    expect(page.locator("[data-confirm-text]")).to_have_text("Finish Confirm Cup: no more hands can be recorded.")
    event.refresh_from_db()
    assert event.status != Event.Status.FINISHED
    page.locator("[data-confirm-yes]").click()
    expect(page.locator("[data-status]")).to_have_text("Finished")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
