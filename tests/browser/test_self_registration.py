"""Registration by the players, on phones (390×844): a player registers from the public event
page and gets their link at once; the event fills; the next player is waitlisted; the first
cancels and the waitlisted player's page says registered; the director checks both in at the
door (one by scanning their link's QR URL into the search, one by name), draws seats, and the
players' pages show their seats. Then late registration closes at the level set."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.cache import cache
from playwright.sync_api import Browser, Page, expect

from vpt.events.models import Event, Registration
from vpt.events.services import create_event
from vpt.events.structure import advance_level
from vpt.seating.models import Seat

PHONE = {"width": 390, "height": 844}


def _register(page: Page, live_server: object, name: str) -> str:
    page.goto(f"{live_server}/standings/door-night/")
    page.locator("[data-register-link]").click()
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Register").click()
    page.wait_for_url(re.compile(r"/me/[A-Za-z0-9_-]{24}/$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    return page.url


def test_register_waitlist_cancel_check_in_and_seats(
    browser: Browser, live_server: object, director: User, password: str, login: Callable[..., None]
) -> None:
    cache.clear()
    event = create_event(
        name="Door Night",
        slug="door-night",
        actor=director,
        self_registration=True,
        capacity=2,
        buy_in=Decimal("20"),
        levels=[100, 200],
        registration_closes_after_level=1,
    )
    phones = [browser.new_context(viewport=PHONE) for _ in range(4)]
    ana, ben, cid, desk = (context.new_page() for context in phones)
    try:
        ana_url = _register(ana, live_server, "Ana Ruiz")
        expect(ana.locator("[data-my-status]")).to_have_text("Registered")
        expect(ana.locator("[data-qr] svg")).to_be_visible()
        ben_url = _register(ben, live_server, "Ben Ortiz")  # the event is full now
        expect(ben.locator("[data-my-status]")).to_have_text("Registered")
        _register(cid, live_server, "Cid Núñez")
        expect(cid.locator("[data-my-status]")).to_have_text("Waitlisted, number 1")

        ana.get_by_role("button", name="Cancel my registration").click()
        expect(ana.locator("[data-my-status]")).to_have_text("Cancelled")
        cid.reload()
        expect(cid.locator("[data-my-status]")).to_have_text("Registered")
        expect(cid.locator("[data-promoted]")).to_be_visible()

        login(desk, live_server, director, password)
        desk.goto(f"{live_server}/floor/events/door-night/check-in/")
        search = desk.locator("#checkin-q")
        search.fill(ben_url)  # the phone's QR, scanned into the search
        rows = desk.locator("[data-to-check-in] [data-registration-row]")
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text("Ben Ortiz")
        rows.first.locator("select").select_option("card")
        rows.first.get_by_role("button", name="Paid: check in").click()
        expect(desk.locator("[data-checked-in]")).to_contain_text("Ben Ortiz")

        desk.locator("#checkin-q").fill("cid nunez")  # by name, folded
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text("Cid Núñez")
        rows.first.get_by_role("button", name="Paid: check in").click()
        expect(desk.locator("[data-checked-in]")).to_contain_text("Cid Núñez")
        assert desk.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        desk.goto(f"{live_server}/floor/seating/door-night/")
        desk.get_by_role("button", name=re.compile("Draw seats")).first.click()
        expect(desk.locator("body")).to_contain_text("Ben Ortiz")
        assert Seat.objects.filter(table__event=event, entry__isnull=False).count() == 2

        for page, url, name in ((ben, ben_url, "Ben Ortiz"), (cid, cid.url, "Cid Núñez")):
            page.goto(url)
            seat = Seat.objects.get(entry__player__name=name)
            expect(page.locator("[data-my-seat] [data-table]")).to_have_text(str(seat.table.number))
            expect(page.locator("[data-my-seat] [data-seat]")).to_have_text(str(seat.number))
        assert Registration.objects.get(name="Ana Ruiz").status == "cancelled"
        assert ana_url != ben_url

        # Late registration: closed after level 1; the page says so, a registration is refused.
        advance_level(Event.objects.get(pk=event.pk), actor=director)
        late = phones[0].new_page()
        late.goto(f"{live_server}/standings/door-night/")
        expect(late.locator('[data-registration-state="closed"]')).to_have_text("Registration closed")
        late.goto(f"{live_server}/standings/door-night/register/")
        expect(late.locator("[data-registration-closed]")).to_contain_text("Registration closed after level 1.")
        assert Registration.objects.filter(event=event).count() == 3
    finally:
        for context in phones:
            context.close()
