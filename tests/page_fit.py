"""Whether a page fits its window, as the browser tests at phone sizes ask it."""

from __future__ import annotations

from typing import Any


def scrolls_sideways(page: Any) -> bool:
    """The page (a Playwright page) is wider than its window: it would scroll sideways."""
    return bool(page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth"))
