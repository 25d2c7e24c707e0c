"""A flight's end of the day on a phone and on the desk: the stacks, the chips proved, the links
to print and to adjust, and no page that scrolls sideways."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from factories import make_event, play
from page_fit import scrolls_sideways
from playwright.sync_api import Browser, Page, expect

from vpt.tables.models import Table

SIZES = ({"width": 360, "height": 780}, {"width": 390, "height": 844}, {"width": 1280, "height": 900})
NAMES = ["Anastasia Villalobos-Hernández", "Benedikt Oberhuber", "Cid", "Dan", "Eva", "Fay"]


def test_the_end_of_day_fits_every_size_and_links_to_the_chip_adjustment(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    screenshot: Callable[[Page, str], Path],
) -> None:
    event = make_event(director, NAMES, name="Main Event Día 1A de Primavera", slug="main-1a", seed=4)
    play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)
    problems = []
    for size in SIZES:
        context = browser.new_context(viewport=size)
        page = context.new_page()
        try:
            login(page, live_server, director, password)
            page.goto(f"{live_server}/floor/events/{event.slug}/end-of-day/")
            expect(page.locator("[data-chips-proof]")).to_contain_text("Chips in play: 60,000")
            expect(page.locator("[data-advancing] tbody tr")).to_have_count(6)
            if scrolls_sideways(page):
                problems.append(f"{size['width']}px")
            if size["width"] == 390:
                screenshot(page, "phone_end_of_day")
                page.locator("[data-advancing] tbody tr").first.get_by_role("link").click()
                page.wait_for_url(lambda url: "/adjust/" in url)
        finally:
            context.close()
    assert not problems, problems
