"""Hand-for-hand on a dealer's phone (390×844): the table that has played its hand of the round
says which tables it waits for; one poll after another table records, it names the ones left;
one poll after the last one records, the next hand is there to enter (Playwright's clock: polls
happen only when the test moves time)."""

from __future__ import annotations

from collections.abc import Callable

from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from factories import by_seat, make_event
from page_clock import pause_clock
from playwright.sync_api import Browser, Page, expect

from vpt.rounds.clock import start_clock
from vpt.rounds.hand_for_hand import start_hand_for_hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table

PHONE = {"width": 390, "height": 844}
NINE = ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay", "Gus", "Hal", "Ivo"]


def _play(table: Table, director: User) -> None:
    state = table_state(table.pk)
    boards = by_seat(table, [JACKS, ACES_FULL, QUEENS_FULL])
    record_hand(state.table, hand_number=state.next_hand_number, boards=boards, actor=director)


def _next_poll(page: Page) -> None:
    """Move the page's clock to the wait script's next poll and wait for the Table API's answer."""
    with page.expect_response(lambda response: "/api/tables/" in response.url):
        page.clock.run_for(5500)


def test_the_waiting_table_deals_one_poll_after_the_last_table_records(
    browser: Browser, live_server: object, director: User, password: str, login: Callable[..., None]
) -> None:
    event = make_event(director, NINE, name="Bubble Open", seats_per_table=3)
    start_clock(event, actor=director)
    start_hand_for_hand(event, actor=director)
    one, two, three = Table.objects.filter(event=event).order_by("number")
    _play(one, director)

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    try:
        login(page, live_server, director, password)
        pause_clock(page)
        page.goto(f"{live_server}/tables/{one.pk}/")
        waiting = page.locator('[data-cannot-deal="hand_for_hand"]')
        expect(waiting).to_have_text("Hand-for-hand: waiting for tables 2, 3.")
        expect(page.locator("#hand-entry")).to_have_count(0)

        _play(two, director)
        with page.expect_navigation():
            _next_poll(page)
        expect(waiting).to_have_text("Hand-for-hand: waiting for table 3.")

        _next_poll(page)  # nothing changed: the page stays
        expect(waiting).to_have_text("Hand-for-hand: waiting for table 3.")

        _play(three, director)
        with page.expect_navigation():
            _next_poll(page)
        expect(page.locator("#hand-entry")).to_be_visible()
        expect(page.locator("[data-hand-number]")).to_have_text("Hand 2")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not problems, problems
    finally:
        context.close()
