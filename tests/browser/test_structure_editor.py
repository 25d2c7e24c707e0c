"""The structure editor (issue 19, part 7): a director inserts a break after level 3 in one
save, from the event page, and the structure reads right afterwards."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from vpt.events.models import Level
from vpt.events.services import create_event


def test_the_editor_inserts_a_break_after_level_3_in_one_save(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    director: User,
    password: str,
    screenshot: Callable[[Page, str], Path],
) -> None:
    levels = [{"chips_per_point": cpp, "minutes": 20} for cpp in (100, 200, 300, 400, 500, 600)]
    event = create_event(name="Editor Cup", slug="editor-cup", actor=director, levels=levels)
    login(page, live_server, director, password)
    page.goto(f"{live_server}/floor/events/editor-cup/")
    page.click("[data-structure-link]")

    # Level 1 is in force; level 3 is the form's second row.
    row = page.locator("[data-structure] tr[data-row='2']")
    expect(row.locator("input[name$='chips_per_point']")).to_have_value("300")
    row.locator("input[name$='break_after']").check()
    page.fill("input[name=break_minutes]", "15")
    page.click("[data-save-structure]")

    expect(page.locator("[role=status], .messages").first).to_contain_text("Level structure saved.")
    saved = [(lv.number, lv.is_break, lv.minutes) for lv in Level.objects.filter(event=event).order_by("number")]
    assert saved[:5] == [(1, False, 20), (2, False, 20), (3, False, 20), (4, True, 15), (5, False, 20)]
    assert len(saved) == 7
    expect(page.locator("[data-structure] tr[data-row='3'] input[name$='is_break']")).to_be_checked()
    screenshot(page, "structure_editor_break_after_level_3")
