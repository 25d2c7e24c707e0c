"""The stream's pages in a real browser at 1920×1080 (floor.md, "The featured table"): the
table's page is transparent and has no link, shows the boards of the hand just recorded within
one poll of its JSON (Playwright's clock: time moves only when the test moves it), redraws in
place (no reload) and is answered 304 while nothing changed. A screenshot of each broadcast page
goes to /work/tools/screens/ when that folder exists (the note on the issue), else to artifacts."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from unittest import mock

import pytest
from boards import ACES_FULL, JACKS, QUEENS_UP
from django.contrib.auth.models import User
from django.http import HttpRequest
from factories import THREE, make_event, play
from page_clock import pause_clock
from playwright.sync_api import Browser, Page, expect

from vpt import live
from vpt.events.models import Event
from vpt.rounds.selectors import table_state
from vpt.tables.featured import set_table_featured
from vpt.tables.models import Table

FULL_HD = {"width": 1920, "height": 1080}
SCREENS = Path("/work/tools/screens")
TRANSPARENT = "rgba(0, 0, 0, 0)"


@pytest.fixture
def stream(director: User) -> Table:
    event = make_event(director, THREE, name="Stream Open", buy_in="100.00", fee="10.00", seed=3)
    table = Table.objects.get(event=event)
    set_table_featured(table, featured=True, actor=director)
    return table


@pytest.fixture
def hd(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=FULL_HD)
    yield context.new_page()
    context.close()


def save(page: Page, name: str) -> None:
    folder = SCREENS if SCREENS.is_dir() else Path(__file__).parent / "artifacts"
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), omit_background=True)


def next_poll(page: Page) -> None:
    """Move the page's clock on by one poll (every 2 s) and wait for the poll's answer."""
    with page.expect_response(lambda response: "/live" in response.url or "/chip-leaders" in response.url):
        page.clock.run_for(2100)


def test_the_table_page_shows_the_hand_just_recorded_within_one_poll(
    hd: Page, live_server: object, stream: Table, director: User
) -> None:
    answers: list[bool] = []  # as the server answered the JSON: True for a 304
    original = live.not_modified

    def not_modified(request: HttpRequest, etag: str) -> bool:
        matched = original(request, etag)
        if request.path.endswith("/live"):
            answers.append(matched)
        return matched

    page = hd
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    pause_clock(page)
    page.goto(f"{live_server}/broadcast/{stream.event.slug}/table/1/")
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == TRANSPARENT
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == TRANSPARENT
    assert page.evaluate("[window.innerWidth, window.innerHeight]") == [1920, 1080]
    assert page.locator("a, button, input, nav, form").count() == 0
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    expect(page.locator("html")).to_have_attribute("data-deck", "four")
    expect(page.locator(".broadcast-board")).to_have_count(3)  # the players, no hand yet
    expect(page.locator(".broadcast-board .card")).to_have_count(0)
    page.evaluate("window.__notReloaded = true")

    with mock.patch("vpt.live.not_modified", not_modified):
        next_poll(page)
        next_poll(page)
        assert answers[-1] is True, answers  # revalidated with its ETag: 304, nothing changed

        seats = table_state(stream.pk).seats
        play(stream, [QUEENS_UP, JACKS, ACES_FULL], director)
        next_poll(page)
    first = page.locator(f".broadcast-board[data-seat='{seats[0].number}']")
    expect(first.locator(".card")).to_have_count(13)
    expect(first.locator(".card").first).to_have_attribute("aria-label", "queen of spades")
    expect(first).to_contain_text("Fantasyland next hand: 14 cards")
    expect(first).to_contain_text("Royalties 11")
    expect(page.locator(".broadcast-board .card")).to_have_count(39)
    expect(page.locator("[data-part='hand']")).to_have_text("Hand 1")
    expect(page.locator("[data-part='exchanges'] li").first).to_contain_text("pays")
    # A club and a diamond in the four-colour deck: green and blue, each with its symbol.
    club = page.locator(".broadcast-board .card.suit-clubs").first
    diamond = page.locator(".broadcast-board .card.suit-diamonds").first
    assert club.evaluate("e => getComputedStyle(e).color") == "rgb(25, 105, 44)"
    assert diamond.evaluate("e => getComputedStyle(e).color") == "rgb(23, 70, 184)"
    assert "♣" in club.inner_text() and "♦" in diamond.inner_text()
    assert page.evaluate("window.__notReloaded") is True  # updated in place, no reload
    assert page.locator("a").count() == 0
    assert not problems, problems
    save(page, "broadcast-table")


def test_the_chip_leaders_and_the_clock(hd: Page, live_server: object, stream: Table, director: User) -> None:
    page = hd
    play(stream, [QUEENS_UP, JACKS, ACES_FULL], director)
    pause_clock(page)
    page.goto(f"{live_server}/broadcast/{stream.event.slug}/chips/")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == TRANSPARENT
    assert page.locator("a, button, input").count() == 0
    expect(page.locator("[data-part='leaders'] li")).to_have_count(3)
    expect(page.locator("[data-part='players-left']")).to_have_text("3")
    expect(page.locator("[data-part='average']")).to_have_text("10,000")
    expect(page.locator("[data-part='pool']")).to_have_text("300.00")
    page.evaluate("window.__notReloaded = true")
    next_poll(page)
    assert page.evaluate("window.__notReloaded") is True
    save(page, "broadcast-chips")

    Event.objects.filter(pk=stream.event_id).update(status=Event.Status.RUNNING)
    page.goto(f"{live_server}/broadcast/{stream.event.slug}/clock/")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == TRANSPARENT
    assert page.locator("a, button, input").count() == 0
    expect(page.locator("[data-level]")).not_to_be_empty()
    expect(page.locator("[data-hand-for-hand]")).to_be_hidden()  # not on
    with page.expect_response(lambda response: "clock.json" in response.url):
        page.clock.run_for(2100)  # the broadcast clock resyncs every 2 s
    save(page, "broadcast-clock")


def test_the_director_previews_each_source(
    hd: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    stream: Table,
) -> None:
    page = hd
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/events/{stream.event.slug}/broadcast/")
    expect(page.locator("[data-source]")).to_have_count(3)
    frame = page.frame_locator("iframe").first
    expect(frame.locator(".broadcast-board")).to_have_count(3)  # the site may frame its own pages
    save(page, "director-broadcast-page")
