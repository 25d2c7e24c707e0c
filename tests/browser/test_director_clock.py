"""The director's clock controls count down like the big screen, and keep the director's menu."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from vpt.events.services import create_event
from vpt.rounds.clock import start_clock


def seconds_shown(text: str) -> int:
    minutes, seconds = map(int, text.split(":"))
    return minutes * 60 + seconds


def test_the_clock_controls_count_down_and_go_on_after_a_pause(
    page: Page, live_server: object, login: Callable[[Page, object, User, str], None], director: User, password: str
) -> None:
    event = create_event(
        name="Clock Open", slug="clock-open", actor=director, levels=[{"chips_per_point": 100, "minutes": 15}]
    )
    start_clock(event, actor=director)
    login(page, live_server, director, password)
    page.clock.install()
    page.goto(f"{live_server}/floor/events/clock-open/clock/")
    time = page.locator("#clock-controls [data-time]")
    expect(time).to_have_text(re.compile(r"^1[45]:\d\d$"))
    expect(page.locator("nav.floor-nav")).to_contain_text("Clock controls")
    expect(page.locator(".event-nav")).to_have_count(0)

    first = time.text_content() or ""
    page.clock.run_for(5000)
    expect(time).not_to_have_text(first)
    # At least the 5 s run, and more if the machine was slow (the page's clock also flows on
    # its own): the window is relative to what the page showed, not to when the clock started.
    assert seconds_shown(first) - seconds_shown(time.text_content() or "") >= 5

    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    paused = time.text_content() or ""
    page.clock.run_for(5000)
    expect(time).to_have_text(paused)
    page.get_by_role("button", name="Resume").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    page.clock.run_for(3000)
    expect(time).not_to_have_text(paused)
