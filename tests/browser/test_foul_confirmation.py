"""A fouled board on the dealer's page: the row that breaks the order is marked and the reason
given, and Record asks once more before it records the foul."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED
from dealer_page import type_boards
from django.contrib.auth.models import User
from factories import make_table
from playwright.sync_api import Page, expect

from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    return make_table(director, dealer_user, name="Foul Open", slug="foul-open", seed=11)


@pytest.mark.parametrize("size", [(360, 740), (390, 844), (1280, 800)], ids=lambda size: f"{size[0]}x{size[1]}")
def test_record_asks_once_more_before_a_fouled_board_is_recorded(
    size: tuple[int, int],
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    seats = [seat.number for seat in table_state(table.pk).seats]
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_boards(page, seats, [JACKS, ACES_FULL, QUEENS_FOULED])

    fouled = page.locator("#hand-preview .preview-player.is-fouled")
    expect(fouled).to_have_count(1)
    name = fouled.get_attribute("data-player")
    expect(fouled.locator("[data-foul-reason]")).to_have_text(
        "middle, two pair, nines and eights, is weaker than top, three of a kind, queens"
    )
    expect(fouled.locator("tr[data-breaks-order]")).to_have_attribute("data-row", "middle")
    # Marked where its cards were entered too: on a phone the preview's own rows are folded.
    marked = page.locator("[data-dealer-form] .board-row[data-breaks-order]")
    expect(marked).to_have_count(1)
    expect(marked).to_be_visible()
    expect(marked.locator("input")).to_have_attribute("name", f"s{seats[2]}-middle")

    record = page.locator("[data-record]")
    record.click()
    expect(record).to_have_text(f"Record with {name}'s foul?")
    assert page.url.endswith(f"/tables/{table.pk}/")
    assert not Hand.objects.filter(table=table).exists()

    record.click()
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    assert Hand.objects.filter(table=table).count() == 1


def test_fixing_the_foul_puts_record_back(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    seats = [seat.number for seat in table_state(table.pk).seats]
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_boards(page, seats, [JACKS, ACES_FULL, QUEENS_FOULED])
    expect(page.locator("#hand-preview[data-foul-confirm]")).to_have_count(1)
    record = page.locator("[data-record]")
    record.click()
    expect(record).to_contain_text("foul?")

    third = page.locator(f"fieldset[data-seat='{seats[2]}']")
    third.locator("input[name$='-top']").fill("2c 3d 5h")
    third.locator("input[name$='-bottom']").fill("Qs Qh Qc 2h 2d")
    expect(page.locator("#hand-preview .preview-player.is-fouled")).to_have_count(0)
    expect(record).to_have_text("Record hand 1")
