"""The target's cash desk pays an entry by ticket, on a phone (390×844) and on the desk: the row
of a player who holds one says so with *Ticket* chosen, *Paid* uses it, a player without one is
refused with a message, and the player's tickets page cancels a held ticket for cash after a
confirmation. No page scrolls sideways (festival.md, "Satellites and tickets")."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from factories import make_event
from playwright.sync_api import Browser, Page, expect

from vpt.events.models import Entry, Event, Payment, Ticket
from vpt.events.tickets import issue_ticket

SIZES = {"phone390": (390, 844), "desktop": (1280, 900)}


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.fixture
def main(director: User) -> Event:
    """ "Main" (300 + 30) with Ana and Bea, each holding a ticket to it won in "Sat", and Cid, who
    holds none."""
    main = make_event(
        director, ["Ana", "Bea", "Cid"], name="Main", buy_in=Decimal("300"), fee=Decimal("30"), draw=False
    )
    satellite = make_event(director, ["Ana", "Bea"], name="Sat", draw=False)
    Event.objects.filter(pk=satellite.pk).update(target=main)
    for won_by in Entry.objects.filter(event=satellite).select_related("player__person"):
        assert won_by.player.person is not None
        issue_ticket(person=won_by.player.person, event=main, actor=director, won_in=satellite, won_by=won_by)
    return main


@pytest.mark.parametrize("size", list(SIZES))
def test_the_desk_pays_an_entry_by_ticket(
    size: str,
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    main: Event,
    screenshot: Callable[[Page, str], Path],
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        login(page, live_server, director, password)
        page.goto(f"{live_server}/floor/events/main/cash/")
        ana = page.locator("tr[data-entry='Ana']")
        expect(ana.locator("[data-holds-ticket]")).to_have_text("holds 1 ticket")
        expect(ana.locator("select[name=method]")).to_have_value("ticket")
        assert fits(page)

        ana.get_by_role("button", name="Paid 330.00").click()

        expect(page.get_by_text("Cash desk saved: Ana.")).to_be_visible()
        ana = page.locator("tr[data-entry='Ana']")
        expect(ana.locator("[data-paid]")).to_contain_text("Ticket")
        expect(ana.locator("[data-paid-ticket]")).to_have_text("won in Sat")
        expect(page.locator("[data-line='paid-by-ticket']")).to_have_text("330.00")
        expect(page.locator("[data-balance]")).to_contain_text("It adds up")
        assert Ticket.objects.get(person__name="Ana").entry_id == Entry.objects.get(event=main, player__name="Ana").pk

        cid = page.locator("tr[data-entry='Cid']")
        expect(cid.locator("select[name=method]")).to_have_value("cash")
        cid.locator("select[name=method]").select_option("ticket")
        cid.get_by_role("button", name="Paid 330.00").click()
        expect(page.get_by_text("Cid holds no ticket to Main: choose another way to pay.")).to_be_visible()
        assert not Payment.objects.filter(entry__player__name="Cid").exists()
        assert fits(page)
        if size == "phone390":
            screenshot(page, "phone_cash_desk_ticket")

        # Bea takes the cash instead: her tickets page, Cancel for cash, confirm.
        page.goto(f"{live_server}/floor/events/sat/cash/")
        page.locator("[data-tickets-awarded] a", has_text="Bea").click()
        expect(page.locator("h1")).to_have_text("Tickets of Bea")
        page.get_by_role("button", name="Cancel for cash").click()
        expect(page.locator("[data-confirm-text]")).to_contain_text("pay them 330.00 in cash instead")
        assert fits(page)
        page.locator("[data-confirm-yes]").click()
        expect(page.get_by_text("Bea's ticket to Main is cancelled: pay 330.00 in cash.")).to_be_visible()
        expect(page.locator("[data-ticket]")).to_have_attribute("data-status", "cancelled")
        assert fits(page)
        page.goto(f"{live_server}/floor/events/sat/cash/")
        expect(page.locator("[data-line='tickets-cashed']")).to_have_text("330.00")
        expect(page.locator("[data-balance]")).to_contain_text("It adds up")
    finally:
        context.close()
