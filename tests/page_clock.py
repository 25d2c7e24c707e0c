"""The browser tests' fake clock, paused at once: polls and countdowns move only when a test
moves time (``page.clock.run_for``), however slow the machine."""

from __future__ import annotations

from playwright.sync_api import Error, Page


def pause_clock(page: Page) -> None:
    """Install the page's fake clock and pause it a second after the page's own now.

    ``pause_at`` refuses a moment the running fake clock has already passed ("Cannot
    fast-forward to the past"), which a second after a time read in Python can be on a loaded
    machine; reading the page's own clock and trying again on that refusal leaves no race.
    """
    page.clock.install()
    for _ in range(5):
        try:
            page.clock.pause_at(page.evaluate("Date.now()") + 1000)
            return
        except Error as error:
            if "past" not in str(error):
                raise
    raise AssertionError("the page's clock could not be paused")
