"""Fast edits supersede requests (hx-sync="this:replace"): htmx aborts the older one and logs
"htmx:sendAbort" with console.error. That is the design, not a failure, so no console error may
appear while a director or dealer types fast (static/js/htmx-aborts.js), and a real error still does.

Also the players list's search box (htmx): the table follows the typing, without console errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import ConsoleMessage, Page, expect

from vpt.events.entries import register_player
from vpt.events.services import create_event

# Two changes in one task: the second supersedes the first while it is in flight.
SUPERSEDE = """selector => {
  const form = document.querySelector(selector);
  form.dispatchEvent(new Event("change", {bubbles: true}));
  form.dispatchEvent(new Event("change", {bubbles: true}));
}"""


@pytest.fixture
def console_errors(page: Page) -> Iterator[list[str]]:
    errors: list[str] = []

    def note(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", note)
    yield errors


def test_superseded_calculator_requests_log_no_error(
    page: Page, live_server: object, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/tables/calculator/")
    expect(page.locator("[data-card-picker]")).to_be_visible()
    page.locator("#id_p0-stack").press_sequentially("123456789", delay=5)
    page.locator("#id_p0-name").press_sequentially("Anastasia", delay=5)
    with page.expect_request(lambda request: request.method == "POST"):
        page.evaluate(SUPERSEDE, "#calculator")
    page.locator("#id_p1-name").press_sequentially("Benedikt", delay=5)
    page.wait_for_load_state("networkidle")
    expect(page.locator("#hand-preview")).to_be_visible()

    assert console_errors == []
    # Other errors are still errors.
    page.evaluate("console.error('something else')")
    assert console_errors == ["something else"]


def test_player_search_follows_the_typing(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    console_errors: list[str],
) -> None:
    event = create_event(name="Search Open", slug="search-open", actor=director, levels=[100])
    for name in ("José Ruiz", "Ana Ruiz", "Ben Stone", "Benedikt Ober"):
        register_player(event, name=name, actor=director)
    page.set_viewport_size({"width": 360, "height": 740})
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/events/{event.slug}/players/")

    page.locator("#players-q").press_sequentially("ben", delay=20)
    expect(page.locator("[data-players] tbody tr")).to_have_count(2)
    page.locator("#players-q").fill("jose")
    expect(page.locator("[data-players] tbody tr")).to_have_count(1)
    expect(page.locator("[data-players] tbody tr")).to_contain_text("José Ruiz")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    page.goto(f"{live_server}/floor/events/{event.slug}/adjust/")
    page.locator("#adjust-q").press_sequentially("ruiz", delay=20)
    expect(page.locator("#id_entry option:not([value=''])")).to_have_count(2)
    assert console_errors == []
