"""A call to the floor from a player's phone (390×844): it shows on the director's tables
overview at its next poll; the director taps *On my way* and the player's page says so at its
next poll (Playwright's clock: polls happen only when the test moves time)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.urls import reverse
from factories import THREE, make_event
from page_clock import pause_clock
from playwright.sync_api import Browser, Page, expect

from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.seating.models import Seat

PHONE = {"width": 390, "height": 844}


def _next_poll(page: Page, path: str, ms: int) -> None:
    with page.expect_response(lambda response: path in response.url and response.request.method == "GET"):
        page.clock.run_for(ms)


def test_a_players_call_reaches_the_floor_and_on_my_way_comes_back(
    browser: Browser, live_server: object, director: User, password: str, login: Callable[..., None]
) -> None:
    event = make_event(director, THREE, name="Call Open")
    issue_player_links(event, actor=director)
    seat = Seat.objects.filter(table__event=event, entry__isnull=False).select_related("entry").order_by("number")[0]
    entry = seat.entry
    assert entry is not None
    me = reverse("public:me", args=[live_player_tokens([entry])[entry.pk]])
    overview = reverse("floor:tables-overview", args=[event.slug])

    player = browser.new_context(viewport=PHONE)
    floor = browser.new_context(viewport=PHONE)
    problems: list[str] = []
    try:
        phone = player.new_page()
        desk = floor.new_page()
        for page in (phone, desk):
            page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        login(desk, live_server, director, password)
        pause_clock(desk)
        desk.goto(f"{live_server}{overview}")
        expect(desk.locator("[data-floor-calls]")).to_have_count(0)

        pause_clock(phone)
        phone.goto(f"{live_server}{me}")
        phone.get_by_text("Call the floor").first.click()
        phone.get_by_label("I need to leave").check()
        phone.locator("input[name=note]").fill("back in 5")
        phone.locator("[data-call-floor]").click()
        expect(phone.locator("[data-me-call]")).to_have_attribute("data-me-call", "open")
        expect(phone.locator("[data-me-call]")).to_contain_text("waiting for an answer")

        _next_poll(desk, overview, 11_000)
        call = desk.locator("[data-floor-calls] li")
        expect(call).to_contain_text("I need to leave")
        expect(call).to_contain_text("back in 5")
        expect(call).to_contain_text(f"seat {seat.number}")
        desk.locator("[data-on-my-way]").click()
        expect(desk.locator("[data-floor-calls] li")).to_have_attribute("data-status", "on_the_way")

        _next_poll(phone, me, 6000)
        expect(phone.locator("[data-me-call]")).to_have_attribute("data-me-call", "on_the_way")
        expect(phone.locator("[data-me-call]")).to_contain_text("The floor is on the way.")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # The overview at phone size: calls, hand-for-hand and each table's pace and health fit.
        expect(desk.locator("[data-health]").first).to_be_visible()
        assert desk.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not problems, problems
    finally:
        player.close()
        floor.close()
