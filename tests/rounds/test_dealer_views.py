"""The dealer's table page: who may open it, the preview, recording once, the result page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import hand_post

from vpt.events.models import Entry
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table

HTMX = {"HX-Request": "true"}
pytestmark = pytest.mark.django_db


def url(table: Table) -> str:
    return reverse("dealer:table", args=[table.pk])


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").replace("&quot;", '"')


def test_anonymous_is_sent_to_login(client: Client, table: Table) -> None:
    response = client.get(url(table))
    assert response.status_code == 302
    assert "/floor/accounts/login/" in response["Location"]


def test_dealer_sees_the_hand_to_enter(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    response = client.get(url(table))
    assert response.status_code == 200
    page = text(response.content.decode())
    assert "Hand 1" in page
    assert "100 chips per point" in page
    state = table_state(table.pk)
    names = [str(seat.entry) for seat in state.seats]
    # Seats in payment order, P1 first, the button last.
    positions = [page.index(f"P{i + 1} {name}") for i, name in enumerate(names)]
    assert positions == sorted(positions)
    assert "button" in page
    assert "10,000 chips" in page or "10000 chips" in page
    assert 'name="hand_number" value="1"' in response.content.decode()
    assert "in progress" in page


def test_other_dealer_gets_403(client: Client, table: Table) -> None:
    other = User.objects.create_user("other", password="x")
    client.force_login(other)
    assert client.get(url(table)).status_code == 403
    assert client.post(url(table), {"hand_number": "1"}).status_code == 403
    assert client.get(reverse("dealer:hand-result", args=[table.pk, 1])).status_code == 403


def test_director_may_open_any_table(client_as_director: Client, table: Table) -> None:
    assert client_as_director.get(url(table)).status_code == 200


def test_preview_fragment_shows_fouls_and_saves_nothing(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    data = hand_post(table, [JACKS, ACES_FULL, QUEENS_FOULED], action="preview")
    response = client.post(url(table), data, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="entry-preview"')
    assert "<html" not in html
    assert "Fouled" in html
    assert "Settlement, in payment order" in html
    assert Hand.objects.count() == 0


def test_preview_names_the_field_of_the_row_that_breaks_the_order(
    client: Client, table: Table, dealer_user: User
) -> None:
    """The page marks that row where it was entered (dealer.js): for a complete board only, not
    for one still being typed, which fouls only because it is not finished yet."""
    client.force_login(dealer_user)
    seat = table_state(table.pk).seats[2].number
    fouled = client.post(
        url(table), hand_post(table, [JACKS, ACES_FULL, QUEENS_FOULED], action="preview"), headers=HTMX
    )
    assert f'data-foul-field="s{seat}-middle"' in fouled.content.decode()
    typing = dict(QUEENS_FOULED, middle="8h 8s", bottom="")
    partial = client.post(url(table), hand_post(table, [JACKS, ACES_FULL, typing], action="preview"), headers=HTMX)
    assert "data-foul-field" not in partial.content.decode()


def test_preview_names_player_row_and_card(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    twice = dict(ACES_FULL, top="Jc 6d 9c")  # Jc is also in P1's top row
    response = client.post(url(table), hand_post(table, [JACKS, twice, QUEENS_FULL], action="preview"), headers=HTMX)
    page = text(response.content.decode())
    name = str(table_state(table.pk).seats[1].entry)
    assert f"{name}, Top: Jc is used twice" in page
    assert 'data-error-field="s' in response.content.decode()


def test_unfinished_board_must_be_confirmed_as_foul(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    short = dict(QUEENS_FULL, bottom="Qs Qh Qc")
    data = hand_post(table, [JACKS, ACES_FULL, short])
    response = client.post(url(table), data)
    assert response.status_code == 200
    page = text(response.content.decode())
    assert "The hand was not recorded" in page
    assert "the board has 11 of 13 cards" in page
    assert Hand.objects.count() == 0

    seat = table_state(table.pk).seats[2].number
    data[f"s{seat}-unfinished"] = "on"
    response = client.post(url(table), data)
    assert response.status_code == 302
    board = Hand.objects.get().boards.get(seat_number=seat)
    assert board.unfinished and board.fouled


def test_record_then_result_page(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    entries = [seat.entry for seat in table_state(table.pk).seats]
    response = client.post(url(table), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]))
    assert response.status_code == 302
    assert response["Location"] == reverse("dealer:hand-result", args=[table.pk, 1])
    hand = Hand.objects.get()
    assert hand.recorded_by == dealer_user
    html = client.get(response["Location"]).content.decode()
    assert reverse("dealer:hand-slip", args=[hand.pk]) in html  # the "Print slip" button
    page = text(html)
    assert "Hand 1 recorded" in page
    assert "Print slip" in page
    assert "Who pays whom, in payment order" in page
    for entry in Entry.objects.filter(pk__in=[e.pk for e in entries]):
        assert f"{entry.stack:,}" in page
    assert "Enter hand 2" in page
    button = table_state(table.pk).next_hand
    seat = button.button_seat
    assert f'data-button-seat="{seat}">seat {seat}: {button.seats[-1].entry}</span>.' in html  # no space before "."
    # The page is ready for the next hand.
    assert 'name="hand_number" value="2"' in client.get(url(table)).content.decode()


def test_the_page_says_when_the_round_is_complete_and_the_next_hand_opens_another(
    client: Client, table: Table, dealer_user: User
) -> None:
    client.force_login(dealer_user)
    boards = [JACKS, ACES_FULL, QUEENS_FULL]
    for _hand in range(3):  # the button goes once around three players
        assert client.post(url(table), hand_post(table, boards)).status_code == 302

    complete = text(client.get(url(table)).content.decode())
    client.post(url(table), hand_post(table, boards))
    next_round = text(client.get(url(table)).content.decode())

    assert "Round 1: complete (the button has gone around): this hand starts round 2" in complete
    assert "Round 2: in progress" in next_round
    assert Hand.objects.get(number=4).round.number == 2


def test_a_preview_that_carries_the_record_button_records_nothing(
    client: Client, table: Table, dealer_user: User
) -> None:
    """htmx adds a focused submit button to its request: a live preview sent while Record has the
    focus says action=record. Only Record itself records (the Table API with JavaScript, a plain
    POST without): a slow preview of the last card must not record the hand behind the dealer."""
    client.force_login(dealer_user)
    posted = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL])
    assert posted["action"] == "record"
    response = client.post(url(table), posted, headers=HTMX)
    assert response.status_code == 200
    assert "HX-Redirect" not in response
    assert 'id="entry-preview"' in response.content.decode()
    assert not Hand.objects.filter(table=table).exists()


def test_second_submit_is_refused_clearly(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    data = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL])
    assert client.post(url(table), data).status_code == 302
    stacks = list(Entry.objects.order_by("pk").values_list("stack", flat=True))
    response = client.post(url(table), data)
    assert response.status_code == 200
    page = text(response.content.decode())
    assert "Already recorded" in page
    assert "Hand 1 at Table 1 is already recorded; it was not recorded twice" in page
    assert "See the result of hand 1" in page
    assert Hand.objects.count() == 1
    assert list(Entry.objects.order_by("pk").values_list("stack", flat=True)) == stacks
    # The fresh form is for hand 2, with none of the posted cards.
    assert 'name="hand_number" value="2"' in response.content.decode()
    assert "Jc Jd 4s" not in response.content.decode()


def test_sit_out_board_is_built_from_the_dealt_cards(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    seat = table_state(table.pk).seats[2].number
    # VPT auto-play: 5 to the bottom, then draws of 3 keeping the first 2 (17 cards dealt).
    dealt = "Qs Qh Qc 2h 2d 8h 8s 3c 9h 9d 3s Kc 4d 4h 2c 3d 5c"
    data = hand_post(table, [JACKS, ACES_FULL, {}])
    data.update({f"s{seat}-sat_out": "on", f"s{seat}-dealt": dealt})
    preview = client.post(url(table), dict(data, action="preview"), headers=HTMX)
    assert "Ready to record." in preview.content.decode()
    assert client.post(url(table), data).status_code == 302
    board = Hand.objects.get().boards.get(seat_number=seat)
    assert board.sat_out and board.dealt == dealt
    assert (board.top, board.middle, board.bottom) == ("4d 2c 3d", "8h 8s 9h 9d Kc", "Qs Qh Qc 2h 2d")


def test_preview_warns_when_another_device_recorded(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    data = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL])
    client.post(url(table), data)
    response = client.post(url(table), dict(data, action="preview"), headers=HTMX)
    assert "Another device has recorded this hand meanwhile" in response.content.decode()


def test_csrf_is_required(table: Table, dealer_user: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(dealer_user)
    response = client.post(url(table), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]))
    assert response.status_code == 403
    assert Hand.objects.count() == 0


def test_page_does_not_leak_another_tables_entry(client: Client, table: Table, dealer_user: User) -> None:
    """Nothing typed is stored before recording: another page never shows it."""
    client.force_login(dealer_user)
    client.post(
        url(table),
        hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL], action="preview"),
        headers=HTMX,
    )
    director = User.objects.create_user("td", password="x", is_staff=True)
    other = Client()
    other.force_login(director)
    for page in (url(table), reverse("floor:tables-overview", args=[table.event.slug])):
        assert "Jc Jd 4s" not in other.get(page).content.decode()


def test_dealer_page_query_count(
    client: Client, table: Table, dealer_user: User, django_assert_max_num_queries: Any
) -> None:
    client.force_login(dealer_user)
    # The table; the session and its user; the seats with the open round; the hands a player
    # flagged; the open call to the floor.
    with django_assert_max_num_queries(6):
        assert client.get(url(table)).status_code == 200


def test_result_page_query_count(
    client: Client, table: Table, dealer_user: User, django_assert_max_num_queries: Any
) -> None:
    client.force_login(dealer_user)
    response = client.post(url(table), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]))
    assert response.status_code == 302
    # The table; the session and its user; the hand, its boards, its exchanges; the seats with
    # the open round (the next hand's button and why it may wait).
    with django_assert_max_num_queries(7):
        assert client.get(response["Location"]).status_code == 200


def test_preview_query_count(
    client: Client, table: Table, dealer_user: User, django_assert_max_num_queries: Any
) -> None:
    client.force_login(dealer_user)
    data = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL], action="preview")
    with django_assert_max_num_queries(4):  # the table; the session and its user; the seats with the round
        assert client.post(url(table), data, headers=HTMX).status_code == 200


def test_my_tables_sends_a_dealer_to_their_table(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    response = client.get(reverse("dealer:mine"))
    assert response.status_code == 302 and response["Location"] == url(table)


def test_spanish_page(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    response = client.get(url(table), headers={"accept-language": "es"})
    page = text(response.content.decode())
    assert "Mano 1" in page


# --- the exact-stack payment (ofc-rules.md), worked by hand at 100 chips per point ----------

# The cards of ACES_FULL, fouled (trip aces on top over a high-card middle).
ACES_FOULED = {"top": "As Ad Ac", "middle": "Ts Js Qd Ks 2s", "bottom": "3h 6d 9c 6c 6s"}


def record_with_p1_stack(
    client: Client, table: Table, boards: list[dict[str, str]], stack: int
) -> tuple[list[Entry], str]:
    entries = [seat.entry for seat in table_state(table.pk).seats]
    Entry.objects.filter(pk=entries[0].pk).update(stack=stack)
    response = client.post(url(table), hand_post(table, boards))
    assert response.status_code == 302
    return entries, client.get(response["Location"]).content.decode()


def test_a_player_paid_down_to_zero_stays_in_and_collects(client: Client, table: Table, dealer_user: User) -> None:
    # 1 P1-P2: queens full lose 3 points to the jacks: P1 holds exactly 300 and pays it, on 0.
    # 2 P1-P3: the fouled P3 owes P1 12 points = 1,200; P1 can win at most the 300 it started with.
    # 3 P2-P3: P3 pays P2 14 points = 1,400.
    client.force_login(dealer_user)
    entries, html = record_with_p1_stack(client, table, [QUEENS_FULL, JACKS, ACES_FOULED], 300)
    p1, p2, p3 = (str(entry) for entry in entries)
    page = text(html)

    assert f"{p1} pays {p2} 300 chips (3 points)" in page
    assert f"{p3} pays {p1} 300 chips (12 points) · capped: 1,200 chips were due" in page
    assert f"{p3} pays {p2} 1,400 chips (14 points)" in page
    assert "data-skipped" not in html and "cannot pay" not in page and "Eliminated" not in page
    assert Entry.objects.get(pk=entries[0].pk).stack == 300
    # Points are before caps; the chips column says what moved, and marks the capped exchange.
    row = html.split(f'data-board="{p3}"')[1].split("</tr>")[0]
    assert re.search(r"data-points>\s*-26<", row)
    assert re.search(r"data-chips-moved>\s*-1,700", row) and "data-capped" in row


def test_a_player_on_zero_who_owes_again_cannot_pay_and_is_out(client: Client, table: Table, dealer_user: User) -> None:
    # 1 P1-P2: P1 pays its exact 300 (3 points) and stays in on 0.
    # 2 P1-P3: P1 owes the aces full 1 point = 100 holding 0: cannot pay, eliminated; nothing moves.
    client.force_login(dealer_user)
    entries, html = record_with_p1_stack(client, table, [QUEENS_FULL, JACKS, ACES_FULL], 300)
    p1, p3 = str(entries[0]), str(entries[2])
    page = text(html)

    assert f"{p1} cannot pay {p3}: no chips left, eliminated (1 point, 100 chips due)" in page
    assert f"{p1} pays {p3} 0 chips" not in page
    assert f"{p1} is eliminated." in page and "data-cannot-pay" in html
    assert Entry.objects.get(pk=entries[0].pk).status == Entry.Status.ELIMINATED


def test_my_table_offers_a_director_every_open_table(client_as_director: Client, table: Table) -> None:
    page = client_as_director.get(reverse("dealer:mine")).content.decode()

    assert "Ask the tournament director" not in page
    assert "As the director you may enter hands at any table:" in page
    assert f'href="{url(table)}">Test Open · Table 1</a>' in page
