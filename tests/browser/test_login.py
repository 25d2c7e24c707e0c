"""The sign-in form, driven as a person does it (the other browser tests sign in through the
`login` fixture, which sets the session a sign-in makes): on a phone, a wrong password keeps the
director on the form with the reason, the right one takes them to the page they asked for, and
they can log out."""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect


def test_director_logs_in_on_a_phone_after_a_wrong_password_and_out(
    browser: Browser, live_server: object, director: User, password: str
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(f"{live_server}/floor/events/new/")  # a director's page: the form first
        assert "/floor/accounts/login/" in page.url

        page.fill("input[name=username]", director.get_username())
        page.fill("input[name=password]", "not the password")
        page.click("main form button[type=submit]")
        expect(page.locator("main")).to_contain_text("Please enter a correct")
        assert "/floor/accounts/login/" in page.url

        page.fill("input[name=password]", password)
        page.click("main form button[type=submit]")
        page.wait_for_url(f"{live_server}/floor/events/new/")
        expect(page.locator("input[name=name]")).to_be_visible()
        expect(page.locator(".nav-user")).to_have_text("director")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        page.get_by_role("button", name="Log out").click()
        expect(page.get_by_role("link", name="Log in")).to_be_visible()
    finally:
        context.close()
