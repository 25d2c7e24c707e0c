"""The big screen at 1920×1080 (issue 19, part 6): no login or language links, everything on
one screen with a 20-level structure and ten paid places, and the panel rotating with the chip
leaders when asked."""

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from django.contrib.auth.models import User
from factories import make_event
from page_clock import pause_clock
from playwright.sync_api import Browser, expect

from vpt.events.payouts import default_percentages
from vpt.money.payout_services import set_payout_structure
from vpt.rounds.clock import start_clock

FULL_HD = {"width": 1920, "height": 1080}
NAMES = [f"Player {n:02d} with a rather long name" for n in range(1, 46)]


def test_the_big_screen_fits_full_hd_with_no_header_links(
    browser: Browser, live_server: object, director: User, screenshot: Callable[[object, str], Path]
) -> None:
    levels = [{"chips_per_point": 100 * n, "minutes": 20, "is_break": n % 5 == 0} for n in range(1, 21)]
    event = make_event(director, NAMES, name="Screen Open", levels=levels, buy_in=Decimal("100"), fee=Decimal("10"))
    set_payout_structure(event, percentages=default_percentages(len(NAMES)), unit=Decimal("1"), actor=director)
    start_clock(event, actor=director)
    context = browser.new_context(viewport=FULL_HD)
    page = context.new_page()
    pause_clock(page)

    page.goto(f"{live_server}/standings/screen-open/screen/?rotate=1")

    expect(page.locator("[data-players-left]")).to_have_text("45")
    expect(page.locator("[data-pool]")).to_have_text("4,500.00")
    expect(page.locator("[data-screen-payouts] tr")).to_have_count(10)
    expect(page.locator("[data-level]")).to_contain_text("Level 1")
    assert page.get_by_text("Log in").count() == 0
    assert page.locator("form.language-switch, .site-header, nav").count() == 0
    size = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= 1920 and size[1] <= 1080, size
    panel = page.locator("#screen-panel").bounding_box()
    assert panel is not None and panel["y"] + panel["height"] <= 1080
    screenshot(page, "big_screen_1920x1080")

    # The panel turns to the chip leaders at 15 s; its poll at 10 s is answered after that, and
    # the fresh panel must keep the leaders on show (the fake clock holds htmx's settle timer).
    page.evaluate("document.getElementById('screen-panel').dataset.before = ''")
    page.clock.run_for(15000)
    expect(page.locator("#screen-panel:not([data-before])")).to_have_count(1)  # the poll's panel
    expect(page.locator("[data-screen-part=standings]")).to_be_visible()
    expect(page.locator("[data-screen-part=payouts]")).to_be_hidden()
    expect(page.locator("[data-screen-leaders] tr")).to_have_count(10)
    screenshot(page, "big_screen_leaders")
    context.close()
