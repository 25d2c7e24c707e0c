"""A director types a returning player's name and picks them among the people offered; the
entry is linked to that person."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from vpt.events.entries import register_player
from vpt.events.models import Player
from vpt.events.services import create_event


def test_registration_offers_the_people_who_played_before(
    page: Page, live_server: object, login: Callable[[Page, object, User, str], None], director: User, password: str
) -> None:
    spring = create_event(name="Spring", slug="spring", actor=director, levels=[100])
    register_player(spring, name="José García", email="jose@example.org", actor=director)
    summer = create_event(name="Summer", slug="summer", actor=director, levels=[100])
    jose = Player.objects.get(event=spring).person

    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/events/summer/players/")
    page.locator("[data-register] input[name=name]").press_sequentially("jose g")
    offered = page.locator("[data-person-suggestions] label")
    expect(offered.first).to_contain_text("José García · jose@example.org")
    offered.first.click()
    page.locator("[data-register] button[type=submit]").click()

    expect(page.locator("[data-players]")).to_contain_text("jose g")
    assert Player.objects.get(event=summer).person == jose
