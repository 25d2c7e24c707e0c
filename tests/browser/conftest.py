"""Playwright (sync API) against Django's live_server, driving the system Chromium.

Fixtures: `browser` (session), `page` (fresh context, 800x1280 tablet portrait), `screenshot`
and `login` (callables; fixtures because test modules are not importable packages).
Every test in this folder is marked `browser`. Without Chromium the tests skip with the reason,
unless VPT_REQUIRE_BROWSER=1 (CI), where a missing browser fails the run.
"""

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Page, expect, sync_playwright

# Playwright's sync API runs an event loop in the test thread; Django would otherwise treat the
# test's ORM calls as made from async code and raise SynchronousOnlyOperation.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
TABLET_PORTRAIT = {"width": 800, "height": 1280}

# A slow machine is not a failure: `expect` retries a condition until it holds, and CI shares two
# cores between two test workers, their live servers and Chromium. Playwright's 5 s default was
# seen to run out there for a preview that takes a fraction of a second on a quiet machine.
expect.set_options(timeout=20_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = f"Chromium not found at {CHROMIUM}: install it with `apt-get install chromium`"
        if os.environ.get("VPT_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=TABLET_PORTRAIT)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screenshot() -> Callable[[Page, str], Path]:
    """`screenshot(page, name)` saves a full-page PNG to tests/browser/artifacts/<name>.png."""

    def save(page: Page, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


@pytest.fixture
def login() -> Callable[[Page, object, User, str], None]:
    """`login(page, live_server, user, password)` signs `user` in for the page's browser: the
    password is checked, and the session a sign-in makes is set as the browser's cookie. The
    sign-in form itself is driven as a person would in test_login.py (and by the test client in
    tests/accounts); doing it again for each of some fifty browser tests cost two page loads
    apiece."""

    def sign_in(page: Page, live_server: object, user: User, password: str) -> None:
        assert user.check_password(password), f"{user.get_username()}: wrong password"
        client = Client()
        client.force_login(user)
        name = settings.SESSION_COOKIE_NAME
        page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": str(live_server)}])

    return sign_in
