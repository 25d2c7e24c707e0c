"""Bad Wi-Fi at the table: what the dealer enters stays on the device, and a hand sent while the
network is down is sent again (same key) and recorded exactly once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Route, expect

from vpt.events.entries import register_player
from vpt.events.services import create_event
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.seating.services import draw_seats
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer

BOARDS = [
    {"top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
    {"top": "3h 6d 9c", "middle": "Ts Js Qd Ks 2s", "bottom": "As Ad Ac 6c 6s"},
    {"top": "2c 3d 5h", "middle": "8h 8s 9h 9d Kc", "bottom": "Qs Qh Qc 2h 2d"},
]
# Retries back off up to 30 s; waiting for the result allows for a few of them.
RESULT_TIMEOUT = 90_000


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    event = create_event(name="Wi-Fi Open", slug="wifi-open", actor=director, levels=[100, 200])
    for name in ("Ana", "Ben", "Cid"):
        register_player(event, name=name, actor=director)
    draw_seats(event, actor=director, seed=3)
    table = Table.objects.get(event=event)
    assign_dealer(table, dealer=dealer_user, actor=director)
    return table


def type_hand(page: Page, table: Table) -> None:
    for seat, board in zip(table_state(table.pk).seats, BOARDS):
        for row in ("top", "middle", "bottom"):
            page.locator(f"input[name='s{seat.number}-{row}']").fill(board[row])
    expect(page.locator("[data-ready]")).to_be_visible()


def drafts(page: Page) -> list[str]:
    return list(page.evaluate("Object.keys(window.localStorage).filter((name) => name.startsWith('vpt:draft:'))"))


def test_offline_record_is_kept_and_sent_once_the_network_is_back(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
    screenshot: Callable[[Page, str], Path],
) -> None:
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_hand(page, table)
    assert drafts(page) == [f"vpt:draft:{table.pk}:1"]

    page.context.set_offline(True)
    page.locator("[data-record]").click()
    status = page.locator("[data-send-status]")
    expect(status).to_contain_text("Saved on this device, not sent yet.")
    screenshot(page, "dealer_offline_saved")
    key = page.locator("[data-hand-key]").input_value()
    assert len(key) == 36
    assert Hand.objects.filter(table=table).count() == 0

    page.context.set_offline(False)
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/", timeout=RESULT_TIMEOUT)
    expect(page.locator("[data-settlement]")).to_contain_text("pays")
    assert Hand.objects.filter(table=table).count() == 1
    assert drafts(page) == []


def test_a_lost_answer_is_sent_again_and_the_hand_is_recorded_once(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    """The hand reaches the server but its answer never comes back (the Wi-Fi drops mid-submit):
    the page sends it again with the same key; the table still has exactly one hand 1."""
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_hand(page, table)
    lost: list[str] = []

    def drop_first_answer(route: Route) -> None:
        request = route.request
        if request.method == "POST" and not lost and "record" in (request.post_data or ""):
            route.fetch()  # the server records the hand...
            lost.append(request.url)
            route.abort("internetdisconnected")  # ...and the answer is lost
        else:
            route.continue_()

    page.route(f"**/tables/{table.pk}/", drop_first_answer)
    page.locator("[data-record]").click()
    # The server knows the key: it answers the retry with the first result, not a second hand.
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/", timeout=RESULT_TIMEOUT)
    expect(page.locator("[data-hand-result]")).to_be_visible()
    assert lost
    assert Hand.objects.filter(table=table).count() == 1


def test_what_is_entered_survives_a_reload(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    seat = table_state(table.pk).seats[0].number
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    page.locator(f"input[name='s{seat}-top']").fill("Jc Jd 4s")
    page.locator("[data-card-picker] button[data-card='Th']").click()
    expect(page.locator(f"input[name='s{seat}-middle']")).to_have_value("Th")

    page.reload()
    expect(page.locator(f"input[name='s{seat}-top']")).to_have_value("Jc Jd 4s")
    expect(page.locator(f"input[name='s{seat}-middle']")).to_have_value("Th")
    expect(page.locator("[data-send-status]")).to_contain_text("Restored what was entered on this device.")
    # The deck knows: the restored cards are greyed out.
    expect(page.locator("[data-card-picker] button[data-card='Jc']")).to_be_disabled()
