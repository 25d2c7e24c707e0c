"""The director's tour page on a phone (390×844) and on the desk: each event's multiplier shown and
changed (a bad one refused in its row), the final's seats, *Issue final tickets* and the scaled
stacks, in Spanish too; no width that scrolls the page sideways."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from django.contrib.auth.models import User
from page_fit import scrolls_sideways
from playwright.sync_api import Browser, Page, expect
from tour_events import build_season

from vpt.events.entries import register_player
from vpt.events.models import Entry
from vpt.tours.models import TourEvent
from vpt.tours.services import set_tour_final

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


def test_the_tour_page_sets_multipliers_and_issues_the_final(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    screenshot: Callable[[Page, str], Path],
) -> None:
    tour, final, people = build_season(director)
    set_tour_final(tour, event=final, seats=3, chips_per_point=Decimal("5"), actor=director)
    register_player(final, name="Ben", person=people["Ben"], actor=director)

    phone = browser.new_context(viewport=PHONE)
    page = phone.new_page()
    try:
        login(page, live_server, director, password)
        page.goto(f"{live_server}/floor/tours/vpt/")
        row = page.locator('[data-tour-event="one"]')
        field = row.get_by_label("Multiplier of One")
        expect(field).to_have_value("1")
        expect(page.locator('[data-tour-event="two"]').get_by_label("Multiplier of Two")).to_have_value("1.005")
        assert not scrolls_sideways(page), "the tour page scrolls sideways at 390"

        field.fill("11")
        row.get_by_role("button", name="Set").click()
        row = page.locator('[data-tour-event="one"]')
        expect(row.get_by_role("alert")).to_contain_text("at most 10, not 11")
        expect(row.get_by_label("Multiplier of One")).to_have_attribute("aria-invalid", "true")
        assert TourEvent.objects.get(event__slug="one").multiplier == Decimal(1)

        row.get_by_label("Multiplier of One").fill("2")
        row.get_by_role("button", name="Set").click()
        expect(page.get_by_text("The points of One count × 2.")).to_be_visible()
        expect(page.locator('[data-tour-event="one"]').get_by_label("Multiplier of One")).to_have_value("2")
        assert TourEvent.objects.get(event__slug="one").multiplier == Decimal(2)

        # At x2 for "one": Ana 200 + 70.35, Ben 140 + 100.50, Cid 100 + 40.20, Dan 80 + 50.25.
        expect(page.locator("[data-final-seat]")).to_have_count(3)
        expect(page.locator("[data-final-seat]").first).to_contain_text("Ana")
        page.get_by_role("button", name="Issue final tickets").click()
        expect(page.get_by_text("3 tickets issued.")).to_be_visible()
        expect(page.get_by_role("button", name="Issue final tickets")).to_be_disabled()
        assert not scrolls_sideways(page), "the tour page scrolls sideways at 390 with the final's tickets"
        screenshot(page, "phone_tour_page")
    finally:
        phone.close()

    desk = browser.new_context(viewport=DESK)
    page = desk.new_page()
    try:
        login(page, live_server, director, password)
        page.set_extra_http_headers({"Accept-Language": "es"})
        page.goto(f"{live_server}/floor/tours/vpt/")
        expect(page.get_by_role("heading", name="La final del circuito")).to_be_visible()
        expect(page.get_by_label("Multiplicador de Two")).to_have_value("1.005")
        # Ben: (140 + 100.50) × 5 = 1,202.5 → 1,203 (half up) on the base of 10,000.
        expect(page.locator("[data-final-stack]")).to_contain_text("11.203")
        page.get_by_role("button", name="Escalar los stacks de la final").click()
        expect(page.get_by_text("1 stack inicial escalado.")).to_be_visible()
        assert Entry.objects.get(event=final).starting_stack == 11203
        assert not scrolls_sideways(page), "the tour page scrolls sideways on the desk"
        screenshot(page, "desk_tour_page_es")
    finally:
        desk.close()
