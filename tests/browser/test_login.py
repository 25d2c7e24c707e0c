from collections.abc import Callable

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect


def test_director_logs_in_and_out(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
) -> None:
    login(page, live_server, director, password)

    expect(page.locator(".nav-user")).to_have_text("director")
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
