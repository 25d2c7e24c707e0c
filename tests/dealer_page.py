"""Typing a hand on the dealer's page, as the browser tests do: one place for the field names
(`s<seat>-<row>`) the page and the Table API share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

ROWS = ("top", "middle", "bottom")


def type_boards(page: Any, seat_numbers: Iterable[int], boards: Iterable[Mapping[str, str]]) -> None:
    """Fill each seat's three rows on `page` (a Playwright page or locator), seats in the order
    given, each with its board's cards. On a phone the page offers the card keys first: its
    *Type the cards* is tapped to show the fields."""
    toggle = page.locator("[data-type-toggle]")
    if toggle.count() and toggle.first.is_visible() and toggle.first.get_attribute("aria-pressed") == "false":
        toggle.first.click()
    for seat, board in zip(seat_numbers, boards):
        for row in ROWS:
            page.locator(f"input[name='s{seat}-{row}']").fill(board[row])


# Whether the element `selector` names is on screen and clear of the entry dock (the bar with
# Record and the card keys that stays at the bottom of a phone's screen).
_CLEAR_OF_DOCK = """(selector) => {
  const element = document.querySelector(selector);
  const dock = document.querySelector("[data-entry-dock]").getBoundingClientRect();
  if (!element) { return false; }
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= dock.top + 1;
}"""


def clear_of_dock(page: Any, selector: str) -> bool:
    """The element is on screen and not under the dock, as the page stands now."""
    return bool(page.evaluate(_CLEAR_OF_DOCK, selector))


def wait_clear_of_dock(page: Any, selector: str) -> None:
    """Wait until the element is on screen and clear of the dock (it may arrive, then scroll)."""
    page.wait_for_function(_CLEAR_OF_DOCK, arg=selector)
