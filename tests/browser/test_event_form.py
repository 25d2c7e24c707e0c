"""New event: the slug follows the name as the director types, and seats per table offers only
what the chosen rule set allows (static/js/event-form.js, no inline script: the CSP forbids it)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from vpt.events.models import Event


def test_slug_follows_the_name_and_seats_follow_the_rule_set(
    page: Page, live_server: object, login: Callable[[Page, object, User, str], None], director: User, password: str
) -> None:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/events/new/")

    page.locator("#id_name").press_sequentially("Copa de Otoño 2026")
    expect(page.locator("#id_slug")).to_have_value("copa-de-otono-2026")

    seats = page.locator("#id_seats_per_table")
    expect(seats.locator("option[value='4']")).to_be_disabled()
    page.select_option("#id_variant", "classic")
    expect(seats.locator("option[value='4']")).to_be_enabled()
    page.select_option("#id_seats_per_table", "4")
    page.select_option("#id_variant", "regular")
    expect(seats.locator("option[value='4']")).to_be_disabled()
    expect(seats).to_have_value("3")  # 4 is not a regular table: the most it seats
    page.select_option("#id_variant", "classic")
    page.select_option("#id_seats_per_table", "4")

    # A slug the director typed stays when the name changes.
    page.locator("#id_slug").fill("otono")
    page.locator("#id_name").fill("Copa de Otoño 2026 B")
    expect(page.locator("#id_slug")).to_have_value("otono")

    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"{live_server}/floor/events/otono/")
    event = Event.objects.get()
    assert (event.name, event.variant, event.seats_per_table) == ("Copa de Otoño 2026 B", "classic", 4)
    assert errors == []
