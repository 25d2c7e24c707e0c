"""A main event's flights page on a phone and on the desk: the flights, *Start Day 2*, the Day 2
seat list shown there and on the public page, and no page that scrolls sideways."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management import call_command
from page_fit import scrolls_sideways
from playwright.sync_api import Browser, Page, expect

from vpt.events.models import Entry, Event

SIZES = ({"width": 390, "height": 844}, {"width": 360, "height": 780}, {"width": 1280, "height": 900})


def test_the_flights_page_starts_day2_and_shows_the_seats(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    screenshot: Callable[[Page, str], Path],
) -> None:
    quiet = io.StringIO()
    call_command("create_main_event", "fest", name="Primavera", flights="1A,1B", advance="0.4", stdout=quiet)
    for seed in (1, 2):
        call_command("simulate_event", flight_of="fest", players=8, seed=seed, finish=True, stdout=quiet)
    problems = []
    for size in SIZES:
        context = browser.new_context(viewport=size)
        page = context.new_page()
        try:
            login(page, live_server, director, password)
            page.goto(f"{live_server}/floor/events/fest/flights/")
            expect(page.locator("[data-flights] tbody tr")).to_have_count(2)
            if size["width"] == 390:
                page.get_by_label("Seed").fill("5")
                page.get_by_role("button", name="Start Day 2").click()
                expect(page.get_by_text("Day 2 started at")).to_be_visible()
            seats = Entry.objects.filter(event=Event.objects.get(slug="fest")).count()
            assert seats > 0
            expect(page.locator("[data-day2-seats] tbody tr")).to_have_count(seats)
            if scrolls_sideways(page):
                problems.append(f"flights {size['width']}px")
            if size["width"] == 390:
                screenshot(page, "phone_flights_day2")
            page.goto(f"{live_server}/standings/fest/day2/")
            expect(page.locator("[data-day2-seat]")).to_have_count(seats)
            if scrolls_sideways(page):
                problems.append(f"day2 {size['width']}px")
        finally:
            context.close()
    assert not problems, problems
