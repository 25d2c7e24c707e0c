"""A director corrects a recorded hand and sees the differences before confirming."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL
from django.contrib.auth.models import User
from factories import make_event, play
from playwright.sync_api import Page, expect

from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table


def test_director_corrects_a_hand_and_sees_the_differences(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    screenshot: Callable[[Page, str], Path],
) -> None:
    event = make_event(director, [f"Player {number + 1}" for number in range(6)], name="Floor Cup", seed=4)
    table = Table.objects.get(event=event, number=1)
    seats = [seat.number for seat in table_state(table.pk).seats]
    hand = play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)

    page.set_viewport_size({"width": 1280, "height": 900})
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/seating/{event.slug}/tables/")
    # The next hand as stored: its number and the chips per point it was dealt at.
    next_hand = page.locator("[data-overview] tr[data-table='1'] [data-hand]")
    expect(next_hand).to_contain_text("next: 2")
    expect(next_hand).to_contain_text("100 a point")
    screenshot(page, "director_tables_overview")

    page.goto(f"{live_server}/floor/hands/{hand.pk}/")
    page.get_by_role("link", name="Correct", exact=True).click()
    # Typed before the page's scripts run, the boards would send no preview: wait for the load.
    page.wait_for_url(f"**/floor/hands/{hand.pk}/correct/")
    third = page.locator(f"fieldset[data-seat='{seats[2]}']")
    for row in ("top", "middle", "bottom"):
        third.locator(f"input[name$='-{row}']").fill(QUEENS_FOULED[row])
    expect(page.locator("#hand-preview .preview-player.is-fouled")).to_have_count(1)
    page.fill("input[name=reason]", "The third board was misread")
    page.locator("[data-dry-run]").click()

    diff = page.locator("[data-diff]")
    expect(diff).to_contain_text("Differences (nothing saved yet)")
    expect(diff.locator("[data-change='stack']")).to_have_count(3)
    hand.refresh_from_db()
    assert hand.version == 1
    screenshot(page, "director_correction_diff")

    page.locator("[data-confirm]").click()
    expect(page.locator(".messages")).to_contain_text("Hand corrected")
    assert Hand.objects.get(pk=hand.pk).version == 2
