"""Bad Wi-Fi at the table: what the dealer enters stays on the device, and a hand sent while the
network is down is sent again (same key) and recorded exactly once.

With JavaScript, Record sends the hand through the Table API (``POST /api/tables/<id>/hands``,
JSON, the browser's session and CSRF token): these tests watch that endpoint."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from dealer_page import type_boards
from django.contrib.auth.models import User
from factories import make_table
from playwright.sync_api import Page, Request, Route, expect

from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table

BOARDS = [JACKS, ACES_FULL, QUEENS_FULL]
# Retries back off up to 30 s; waiting for the result allows for a few of them.
RESULT_TIMEOUT = 90_000


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    return make_table(director, dealer_user, name="Wi-Fi Open", slug="wifi-open", seed=3)


def type_hand(page: Page, table: Table) -> None:
    type_boards(page, [seat.number for seat in table_state(table.pk).seats], BOARDS)
    expect(page.locator("[data-ready]")).to_be_visible()


def api_posts(page: Page, table: Table) -> list[dict[str, object]]:
    """The JSON bodies the page sends to the table API, as they are sent (a list filled as it goes)."""
    bodies: list[dict[str, object]] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and request.url.endswith(f"/api/tables/{table.pk}/hands"):
            bodies.append(json.loads(request.post_data or "null"))

    page.on("request", seen)
    return bodies


def form_records(page: Page, table: Table) -> list[str]:
    """The page's own form POSTs of Record (the path without the API), as they are sent."""
    posts: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and request.url.endswith(f"/tables/{table.pk}/"):
            body = request.post_data or ""
            if "record" in body:
                posts.append(body)

    page.on("request", seen)
    return posts


def drafts(page: Page) -> list[str]:
    return list(page.evaluate("Object.keys(window.localStorage).filter((name) => name.startsWith('vpt:draft:'))"))


def seat_fields(seat: int, **given: Any) -> dict[str, Any]:
    """One seat's board in the device's JSON: every field of the seat, as the page holds it."""
    return {
        "seat": seat,
        "top": "",
        "middle": "",
        "bottom": "",
        "sat_out": False,
        "dealt": "",
        "unfinished": False,
    } | given


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
    sent = api_posts(page, table)
    native = form_records(page, table)
    seats = [seat.number for seat in table_state(table.pk).seats]  # payment order, as the page shows them

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
    assert Hand.objects.get(table=table).key == key
    assert drafts(page) == []
    # Every try went to the API with the device's key and the page's boards; no form POST.
    assert sent and native == []
    for body in sent:
        assert body["hand_number"] == 1 and body["key"] == key
        assert body["boards"] == [seat_fields(seat, **board) for seat, board in zip(seats, BOARDS)]


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
    page.clock.install()  # time runs, and the test can also move it on
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_hand(page, table)
    lost: list[int] = []
    answers: list[int] = []
    native = form_records(page, table)

    def drop_first_answer(route: Route) -> None:
        request = route.request
        if request.method == "POST" and not lost:
            response = route.fetch()  # the server records the hand...
            lost.append(response.status)
            route.abort("internetdisconnected")  # ...and the answer is lost
        else:
            response = route.fetch()
            answers.append(response.status)
            route.fulfill(response=response)

    page.route(f"**/api/tables/{table.pk}/hands", drop_first_answer)
    page.locator("[data-record]").click()
    expect(page.locator("[data-send-status]")).to_contain_text("No connection: trying again in a few seconds.")
    page.clock.run_for(2000)  # the first retry's delay
    # The server knows the key: it answers the retry with the first result, not a second hand.
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    expect(page.locator("[data-hand-result]")).to_be_visible()
    assert lost == [201]
    assert answers == [200]
    assert native == []
    assert Hand.objects.filter(table=table).count() == 1
    assert drafts(page) == []


def test_a_bad_card_is_named_next_to_the_form_and_nothing_changes(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
    screenshot: Callable[[Page, str], Path],
) -> None:
    """The API refuses the boards (400): its message, naming the seat, the row and the card, shows
    above the form; the page stays, with everything typed, and nothing is recorded or posted again."""
    seats = [seat.number for seat in table_state(table.pk).seats]
    page.clock.install()  # time runs, and the test can also move it on
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_boards(page, seats, BOARDS)
    bad = page.locator(f"input[name='s{seats[1]}-middle']")
    bad.fill("Ts Js Qd Ks Zz")  # no such card
    expect(page.locator("#entry-preview [role=alert]").first).to_be_visible()
    sent = api_posts(page, table)
    native = form_records(page, table)
    key = page.locator("[data-hand-key]").input_value()
    url = page.url

    with page.expect_response(lambda response: response.url.endswith(f"/api/tables/{table.pk}/hands")) as answer:
        page.locator("[data-record]").click()
    assert answer.value.status == 400
    alert = page.locator("[data-api-error]")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text(f"seat {seats[1]}, middle")
    expect(alert).to_contain_text("Zz")
    expect(bad).to_have_attribute("aria-invalid", "true")
    screenshot(page, "dealer_api_bad_card")

    assert page.url == url
    expect(bad).to_have_value("Ts Js Qd Ks Zz")
    expect(page.locator("[data-hand-key]")).to_have_value(key)
    assert len(sent) == 1 and native == []
    assert Hand.objects.filter(table=table).count() == 0
    page.clock.run_for(60_000)  # a minute later, past every retry delay: a refused hand is not sent again
    assert len(sent) == 1 and native == []

    # Fixed, it goes with the same key and is recorded once.
    bad.fill(BOARDS[1]["middle"])
    expect(page.locator("[data-ready]")).to_be_visible()
    page.locator("[data-record]").click()
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    assert list(Hand.objects.filter(table=table).values_list("key", flat=True)) == [key]


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


def test_a_sat_out_seat_and_an_unfinished_board_go_through_the_api(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
) -> None:
    """The JSON is every field of each seat as the page holds it (vpt/rounds/hand_input.py maps
    them, for the API as for the plain form): a seat that sat out counts its cards dealt, a short
    board ticked "score it as a foul" is recorded unfinished; the hand is recorded as the form would."""
    out, short, full = [seat.number for seat in table_state(table.pk).seats]
    dealt = "2c 3c 4c 5c 7d 8s 8h Kd 9s 9h Ad Ts Th 2d Js Jh 3d"
    short_board = {"top": "Qs Qh", "middle": "5s 5h 5d 6s 6h", "bottom": "As Ac Ah 4s 4h"}
    full_board = {"top": "Kc Ks 2h", "middle": "7c 7s 6c 6d 4d", "bottom": "Qc Qd Jc Jd Tc"}
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    sent = api_posts(page, table)

    page.locator(f"fieldset[data-seat='{out}'] .seat-options summary").click()
    page.locator(f"input[name='s{out}-sat_out']").check()
    page.locator(f"input[name='s{out}-dealt']").fill(dealt)
    for row, cards in short_board.items():
        page.locator(f"input[name='s{short}-{row}']").fill(cards)
    page.locator(f"fieldset[data-seat='{short}'] .seat-options summary").click()
    page.locator(f"input[name='s{short}-unfinished']").check()
    for row, cards in full_board.items():
        page.locator(f"input[name='s{full}-{row}']").fill(cards)
    expect(page.locator("[data-ready]")).to_be_visible()

    record = page.locator("[data-record]")
    record.click()
    # The sat-out seat's board fouls (auto-play put two pair above a high-card bottom): Record
    # asks once more, and the second tap sends.
    expect(record).to_contain_text("foul")
    record.click()
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    assert [body["boards"] for body in sent] == [
        [
            seat_fields(out, sat_out=True, dealt=dealt),
            seat_fields(short, **short_board, unfinished=True),
            seat_fields(full, **full_board),
        ]
    ]
    hand = Hand.objects.get(table=table)
    boards = {board.seat_number: board for board in hand.boards.all()}
    assert boards[out].sat_out and boards[out].dealt == dealt
    assert boards[short].unfinished and boards[short].fouled
    assert not boards[full].sat_out and not boards[full].unfinished
