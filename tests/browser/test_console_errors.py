"""Public pages poll without a console error: the visibility filter is js/polling.js's job, since
the Content Security Policy refuses the eval htmx's own trigger filter needs."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from factories import make_table
from playwright.sync_api import Page

from vpt.tables.models import Table


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    return make_table(director, dealer_user, name="Quiet Open", slug="quiet-open", seed=3)


@pytest.mark.parametrize("path", ["/standings/quiet-open/", "/standings/quiet-open/tables/1/"])
def test_a_public_page_polls_with_no_console_error(page: Page, live_server: object, table: Table, path: str) -> None:
    errors: list[str] = []
    polls: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: polls.append(request.url) if request.headers.get("hx-request") else None)
    # The filter's refusal is an htmx event (htmx logs it as an error too): catch both.
    page.add_init_script(
        "document.addEventListener('htmx:evalDisallowedError', () => console.error('htmx:evalDisallowedError'))"
    )
    page.clock.install()
    page.goto(f"{live_server}{path}")

    for poll in (1, 2):
        with page.expect_response(lambda response: bool(response.request.headers.get("hx-request"))):
            page.clock.run_for(5_500)
        assert len(polls) == poll

    assert errors == []
