"""The pages work under the Content Security Policy: no inline script or style is refused.

The browser reports each refusal as a `securitypolicyviolation` event (collected from the
first script on) and a console error; either fails the test.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from factories import make_table
from playwright.sync_api import Page, expect

from vpt.tables.models import Table

COLLECT_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline") + " "
                              + (event.sourceFile || "") + ":" + event.lineNumber);
});
"""


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    return make_table(director, dealer_user, name="Policy Open", slug="policy-open", seed=3)


@pytest.fixture
def watched(page: Page) -> Callable[[], list[str]]:
    """`watched()` returns every CSP refusal seen so far on `page`."""
    console: list[str] = []
    page.add_init_script(COLLECT_VIOLATIONS)
    page.on(
        "console", lambda message: console.append(message.text) if "Content Security Policy" in message.text else None
    )

    def violations() -> list[str]:
        return console + list(page.evaluate("window.__cspViolations || []"))

    return violations


def test_dealer_page_standings_and_calculator_run_under_the_policy(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
    watched: Callable[[], list[str]],
) -> None:
    login(page, live_server, dealer_user, password)
    assert watched() == []

    page.goto(f"{live_server}/tables/{table.pk}/")
    expect(page.locator("[data-card-picker]")).to_be_visible()  # drawn by card-picker.js
    # Typing posts the form for a preview that htmx swaps in: its fragment must pass too.
    with page.expect_response(lambda response: response.request.method == "POST") as preview:
        page.locator("fieldset[data-seat] input[name$='-top']").first.fill("Qs Qh 2c")
    assert preview.value.status == 200
    page.wait_for_load_state("networkidle")
    assert watched() == []

    page.goto(f"{live_server}/standings/policy-open/")
    expect(page.locator("main")).to_contain_text("Ana")
    assert watched() == []

    page.goto(f"{live_server}/tables/calculator/")
    expect(page.locator("[data-card-picker]").first).to_be_visible()
    assert watched() == []
