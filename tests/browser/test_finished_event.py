"""A finished event everywhere (issue 26, item 3): after an ICM deal the big screen shows the
deal's places and prizes, from the results, and "Finished" where the clock was: no level, no
"the clock has not started", no payout row that nobody wins; the clock page says the same."""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User
from factories import make_event
from page_clock import pause_clock
from playwright.sync_api import Browser, expect

from vpt.events.entries import adjust_chips
from vpt.events.models import Entry
from vpt.money.deals import apply_deal
from vpt.money.payout_services import set_payout_structure
from vpt.money.results import event_results_table

FULL_HD = {"width": 1920, "height": 1080}


def entry(name: str) -> Entry:
    return Entry.objects.get(player__name=name)


def test_the_big_screen_after_an_icm_deal_shows_the_deals_places_and_no_clock(
    browser: Browser, live_server: object, director: User
) -> None:
    event = make_event(
        director,
        ["Ana Lopez Fernandez", "Ben Okafor-Whitfield", "Cid Campeador Vivar"],
        name="Deal Open",
        buy_in=Decimal("100"),
        fee=Decimal("10"),
    )
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1.00"), actor=director)
    adjust_chips(entry("Ana Lopez Fernandez"), amount=5000, reason="stacks", actor=director)
    adjust_chips(entry("Ben Okafor-Whitfield"), amount=-2500, reason="stacks", actor=director)
    adjust_chips(entry("Cid Campeador Vivar"), amount=-2500, reason="stacks", actor=director)
    event.refresh_from_db()
    apply_deal(event, kind="icm", tables_in_play=1, actor=director)
    expected = [(row.place, row.name, f"{row.prize:,.2f}") for row in event_results_table(event).placed_rows()]
    assert [place for place, _name, _prize in expected] == [1, 2, 2]  # Ben and Cid tie for 2nd

    for viewport in (FULL_HD, {"width": 390, "height": 844}, {"width": 360, "height": 740}):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        pause_clock(page)
        page.goto(f"{live_server}/standings/deal-open/screen/")

        expect(page.locator("[data-time]")).to_have_text("Finished")
        expect(page.locator("[data-level]")).to_have_text("")
        expect(page.locator("[data-state]")).to_have_text("")
        assert page.get_by_text("The clock has not started").count() == 0
        assert page.locator("[data-players-left], [data-screen-payouts]").count() == 0
        rows = page.locator("[data-screen-results] tr")
        expect(rows).to_have_count(3)
        shown = [tuple(cell.strip() for cell in row.split("\t")) for row in rows.all_inner_texts()]
        assert shown == [(str(place), name, prize) for place, name, prize in expected], shown
        expect(page.locator("[data-screen-results] h2")).to_have_text("Results: deal (ICM)")
        page.clock.run_for(12000)  # the panel's poll and the clock's resync keep it so
        expect(page.locator("[data-time]")).to_have_text("Finished")
        expect(page.locator("[data-screen-results] tr")).to_have_count(3)

        page.goto(f"{live_server}/standings/deal-open/clock/")
        expect(page.locator("[data-time]")).to_have_text("Finished")
        assert page.get_by_text("Level 1").count() == 0
        context.close()
