"""htmx polling with conditional GETs in a real browser: the browser revalidates the standings
fragment with the ETag it holds (Cache-Control: no-cache), the server answers 304 while nothing
changed, and the browser hands htmx the stored fragment (a 304 is never swapped in as an empty
page); a hand recorded elsewhere still shows up on the next poll."""

from __future__ import annotations

from unittest import mock

from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.http import HttpRequest
from factories import THREE, make_event, play
from page_clock import pause_clock
from playwright.sync_api import Page, Response, expect

from vpt import live
from vpt.events.models import Entry
from vpt.tables.models import Table


def test_polls_revalidate_and_keep_the_fragment(page: Page, live_server: object, director: User) -> None:
    event = make_event(director, THREE, name="Poll Open", seed=7)
    polls: list[tuple[int, str | None]] = []  # as the page sees them: a 304 comes back as the stored 200
    answers: list[bool] = []  # as the server answered: True for a 304
    original = live.not_modified

    def not_modified(request: HttpRequest, etag: str) -> bool:
        matched = original(request, etag)
        if request.headers.get("HX-Request") == "true":
            answers.append(matched)
        return matched

    def seen(response: Response) -> None:
        request = response.request
        if request.headers.get("hx-request") == "true" and "/standings/poll-open/" in request.url:
            polls.append((response.status, request.all_headers().get("if-none-match")))

    page.on("response", seen)
    patch = mock.patch("vpt.live.not_modified", not_modified)
    patch.start()
    # The page's clock stands still and moves only when the test moves it (next_poll).
    pause_clock(page)
    page.goto(f"{live_server}/standings/poll-open/")
    rows = page.locator("#standings-table tbody tr")
    expect(rows).to_have_count(3)
    page.evaluate("window.__notReloaded = true")

    # Three polls with nothing changed: revalidated, not modified, fragment kept.
    for _ in range(3):
        next_poll(page)
    patch.stop()
    assert all(etag for _status, etag in polls[1:]), polls  # the browser sent If-None-Match itself
    assert answers[1:3] == [True, True], answers  # and the server answered 304
    assert [status for status, _etag in polls] == [200, 200, 200]  # htmx got the stored fragment
    expect(rows).to_have_count(3)  # so the 304s did not empty it

    table = Table.objects.get(event=event)
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    leader = Entry.objects.filter(event=event).order_by("-stack").first()
    assert leader is not None
    next_poll(page)
    expect(rows.first).to_have_attribute("data-entry", str(leader.pk))
    assert page.evaluate("window.__notReloaded") is True


def next_poll(page: Page) -> None:
    """Move the page's clock on to its next poll (every 5 s, counted from when htmx settled the
    last answer, 20 ms after the swap), and wait for the poll's answer."""
    with page.expect_response(lambda response: response.request.headers.get("hx-request") == "true"):
        page.clock.run_for(6000)
