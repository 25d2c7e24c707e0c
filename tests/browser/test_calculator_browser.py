"""The score calculator in a real browser: tap cards into rows, watch the htmx preview."""

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

PHONE_PORTRAIT = {"width": 390, "height": 844}


def tap(page: Page, cards: str) -> None:
    for card in cards.split():
        page.locator(f'[data-card-picker] button[data-card="{card}"]').click()


def row(page: Page, field: str):  # type: ignore[no-untyped-def]
    return page.locator(f'[data-row]:has(input[name="{field}"])')


def test_tap_cards_see_foul_fix_it_see_settlement(
    page: Page, live_server: object, screenshot: Callable[[Page, str], Path]
) -> None:
    page.goto(f"{live_server}/tables/calculator/")
    expect(page.locator("[data-card-picker]")).to_be_visible()  # shown only with JavaScript
    expect(page.locator("#hand-preview")).to_have_attribute("data-state", "empty")
    page.fill("#id_p0-name", "Ana")
    page.fill("#id_p0-stack", "10000")
    page.fill("#id_p1-name", "Ben")
    page.fill("#id_p1-stack", "8000")

    # Tapping the row button selects it; a full row hands over to the next one with room.
    row(page, "p0-top").locator("[data-row-select]").click()
    expect(row(page, "p0-top").locator("[data-row-select]")).to_have_attribute("aria-pressed", "true")
    tap(page, "Qs Qh 2c  Kd Kc 8h 8s 3d  2h 5h 9h Jh Ah")
    tap(page, "Jc Jd 4s")
    # Ben sets his straight in the middle and two pair at the bottom: a foul.
    tap(page, "4c 5d 6h 7s 8c  Th Tc 7d 7c 5s")

    expect(page.locator("#id_p0-top")).to_have_value("Qs Qh 2c")
    expect(page.locator("#id_p1-bottom")).to_have_value("Th Tc 7d 7c 5s")
    expect(row(page, "p0-top").locator("[data-row-count]")).to_have_text("3/3")
    expect(page.locator('[data-card-picker] button[data-card="Qs"]')).to_be_disabled()
    expect(page.locator('[data-card-picker] button[data-card="Qs"]')).to_have_class(re.compile(r"\bused\b"))
    expect(page.locator('[data-card-picker] button[data-card="Qd"]')).to_be_enabled()
    ben = page.locator('#hand-preview [data-player="Ben"]')
    expect(ben).to_contain_text("Fouled")
    expect(page.locator('#hand-preview [data-player="Ana"] [data-points]')).to_have_text("+17 points")
    expect(page.locator("#hand-preview .settlement")).to_contain_text("Ben pays Ana 17 points · 1,700 chips")
    screenshot(page, "calculator_foul_tablet")

    # Take back a placed card by tapping it, and put it back.
    row(page, "p1-middle").locator('[data-row-cards] [data-remove="4"]').click()
    expect(page.locator("#id_p1-middle")).to_have_value("4c 5d 6h 7s")
    expect(page.locator('[data-card-picker] button[data-card="8c"]')).to_be_enabled()
    expect(ben).to_contain_text("Unfinished: fouled")
    tap(page, "8c")
    expect(page.locator("#id_p1-middle")).to_have_value("4c 5d 6h 7s 8c")

    # Typing works too. The two pair typed in the middle is still at the bottom: the second
    # place a card shows up is named, with its player and row.
    page.fill("#id_p1-middle", "10h 10c 7d 7c 5s")
    expect(page.locator("#hand-preview .errors")).to_have_text(
        "Ben, Bottom: Th is used twice: each card can be on the table only once"
    )
    expect(page.locator("#id_p1-bottom")).to_have_attribute("aria-invalid", "true")
    screenshot(page, "calculator_error_tablet")
    page.fill("#id_p1-bottom", "4c 5d 6h 7s 8c")

    # Fixed: the spec example, scored and settled.
    expect(page.locator("#hand-preview")).to_have_attribute("data-state", "scored")
    expect(page.locator("#id_p1-bottom")).not_to_have_attribute("aria-invalid", "true")
    expect(ben).not_to_contain_text("Fouled")
    expect(page.locator('#hand-preview [data-player="Ana"] [data-points]')).to_have_text("+9 points")
    expect(page.locator('#hand-preview [data-player="Ana"]')).to_contain_text("Stack 10,000 → 10,900")
    expect(page.locator("#hand-preview .settlement li")).to_have_text(["Ana – Ben: Ben pays Ana 9 points · 900 chips"])
    screenshot(page, "calculator_tablet")

    page.set_viewport_size(PHONE_PORTRAIT)
    expect(page.locator('[data-card-picker] button[data-card="As"]')).to_be_visible()
    box = page.locator('[data-card-picker] button[data-card="As"]').bounding_box()
    assert box is not None and box["width"] >= 40 and box["height"] >= 44  # a fingertip's worth
    screenshot(page, "calculator_phone")


def test_three_players_and_jokers(page: Page, live_server: object) -> None:
    page.goto(f"{live_server}/tables/calculator/")
    expect(page.locator('[data-player-slot="3"]')).to_be_hidden()
    expect(page.locator('[data-card-picker] button[data-card="JK"]').first).to_be_hidden()

    page.select_option("#id_players", "3")
    page.select_option("#id_variant", "joker-ultimate")

    expect(page.locator('[data-player-slot="3"]')).to_be_visible()
    jokers = page.locator('[data-card-picker] button[data-card="JK"]')
    expect(jokers.first).to_be_visible()
    row(page, "p2-top").locator("[data-row-select]").click()
    jokers.first.click()
    expect(page.locator("#id_p2-top")).to_have_value("JK")
    expect(jokers.nth(0)).to_be_disabled()
    expect(jokers.nth(1)).to_be_enabled()
    expect(page.locator("#hand-preview")).to_contain_text("unfinished: 1 of 3 cards")


def test_a_problem_marks_its_field_for_screen_readers(page: Page, live_server: object) -> None:
    page.goto(f"{live_server}/tables/calculator/")
    expect(page.locator("[data-card-picker]")).to_be_visible()
    field = page.locator("#id_chips_per_point")
    # 5,000 digits: more than a float holds, which an <input type=number> would empty ("required").
    field.fill("9" * 5000)

    problem = page.locator("#problem-chips_per_point")
    expect(problem).to_have_text("Chips per point: More than the largest allowed, 10^12.")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_attribute("aria-describedby", "problem-chips_per_point")

    field.fill("100")
    expect(problem).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")
