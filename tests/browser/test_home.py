import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_home_switches_to_spanish(page: Page, live_server: object, screenshot: Callable[[Page, str], Path]) -> None:
    page.goto(f"{live_server}/")
    expect(page.locator("h1")).to_have_text("Welcome to VPT Director")

    page.get_by_role("button", name="Español").click()

    expect(page.locator("h1")).to_have_text("Bienvenido a VPT Director")
    expect(page.get_by_role("link", name="Calculadora de puntos")).to_have_attribute(
        "href", re.compile(r"/tables/calculator/$")
    )
    assert screenshot(page, "home_es").exists()
