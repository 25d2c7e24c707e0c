"""axe-core (bundled with axe-playwright-python: nothing is fetched) finds no serious or critical
accessibility violation on the dealer's page, the result page, the standings and the director's
tables overview, on a phone and on a tablet; and cards read out by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from boards import ACES_FULL, JACKS, QUEENS_FOULED
from django.contrib.auth.models import User
from factories import make_table, play
from playwright.sync_api import Browser, Page, expect

from vpt.events.models import Event
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 800, "height": 1280}}
BOARDS = [JACKS, ACES_FULL, QUEENS_FOULED]


@pytest.fixture
def event(director: User, dealer_user: User) -> Event:
    table = make_table(director, dealer_user, name="Axe Open", seed=5)
    play(table, BOARDS, director)
    return table.event


def serious(page: Page) -> list[str]:
    """The serious and critical violations axe finds on the page as it stands, one line each."""
    results: dict[str, Any] = Axe().run(page).response
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + "; ".join(" ".join(node["target"]) for node in violation["nodes"][:4])
        for violation in results["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_no_serious_accessibility_violations(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    dealer_user: User,
    password: str,
    event: Event,
    size: str,
) -> None:
    table = Table.objects.get(event=event)
    context = browser.new_context(viewport=VIEWPORTS[size])
    page = context.new_page()
    found: list[str] = []
    try:
        page.goto(f"{live_server}/standings/{event.slug}/")
        found += [f"standings: {line}" for line in serious(page)]

        login(page, live_server, dealer_user, password)
        page.goto(f"{live_server}/tables/{table.pk}/")
        found += [f"dealer page: {line}" for line in serious(page)]
        # With cards placed, the preview drawn and the deck folded away.
        seats = [seat.number for seat in table_state(table.pk).seats]
        page.locator("[data-card-picker] button[data-card='Qh']").click()
        page.locator("[data-check]").click()
        expect(page.locator("[data-blocking]")).to_be_visible()
        found += [f"dealer page with problems: {line}" for line in serious(page)]
        placed = page.locator(f"fieldset[data-seat='{seats[0]}'] [data-row-cards] [data-remove]").first
        expect(placed).to_have_attribute("aria-label", "Take back queen of hearts")

        page.goto(f"{live_server}/tables/{table.pk}/hands/1/")
        found += [f"result page: {line}" for line in serious(page)]

        page.context.clear_cookies()
        login(page, live_server, director, password)
        page.goto(f"{live_server}/floor/seating/{event.slug}/tables/")
        found += [f"tables overview: {line}" for line in serious(page)]
    finally:
        context.close()
    assert not found, "\n".join(found)


def test_axe_runs_offline_and_finds_what_is_wrong(browser: Browser) -> None:
    """The bundled axe-core needs no network: on a page made to fail, it names the failures."""
    context = browser.new_context(offline=True)
    page = context.new_page()
    try:
        page.set_content('<html lang="en"><title>t</title><main><img src="x.png"><button></button></main></html>')
        found = serious(page)
    finally:
        context.close()
    assert any(line.startswith("image-alt") for line in found), found
    assert any(line.startswith("button-name") for line in found), found
