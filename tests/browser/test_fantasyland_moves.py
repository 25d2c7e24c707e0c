"""A Fantasyland travels with its player, and balancing waits for the round (ofc-rules.md,
"Moves and Fantasyland"), as a director and a dealer see it in the browser.

- Breaking a table with a lone Fantasyland player: the confirmation names the Fantasyland that
  moves; the player keeps it at the new seat and plays it there as the new table's next hand,
  on the button that table had (a move never moves it).
- Balancing during a round: the move is planned, listed on the tables overview and on the
  player's page, and made when the hand that ends the round is recorded, not before.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from dealer_page import type_boards
from django.contrib.auth.models import User
from django.urls import reverse
from factories import make_event, play
from page_clock import pause_clock
from playwright.sync_api import Browser, Page, expect

from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.rounds.models import Board, Hand
from vpt.rounds.selectors import table_state
from vpt.seating.models import PlannedMove, Seat
from vpt.tables.models import Round, Table

THREE = [JACKS, ACES_FULL, QUEENS_FULL]
Login = Callable[[Page, object, User, str], None]


def knock_out(seat: Seat) -> None:
    Entry.objects.filter(pk=seat.entry_id).update(status=Entry.Status.ELIMINATED, stack=0)
    Seat.objects.filter(pk=seat.pk).update(entry=None)


def occupied(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table, entry__isnull=False).order_by("number"))


def record_on_the_dealer_page(page: Page, live_server: object, table: Table) -> Hand:
    """Type the table's next hand (THREE, in payment order) on its page and record it."""
    state = table_state(table.pk)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_boards(page, [seat.number for seat in state.seats], THREE)
    expect(page.locator("[data-ready]")).to_be_visible()
    page.locator("[data-record]").click()
    page.wait_for_url(f"**/tables/{table.pk}/hands/{state.next_hand_number}/")
    return Hand.objects.get(table=table, number=state.next_hand_number)


@pytest.fixture
def lone(director: User) -> tuple[Event, Table, Table, Entry]:
    """Tables of 3, 2 and 2 (one chip a point); table 3 down to Hans, who plays Fantasyland
    with 16 cards next: breaking it seats him at table 2."""
    event = make_event(director, [f"P{n}" for n in range(6)] + ["Hans"], name="Lone Cup", levels=[1], seed=5)
    two, three = (Table.objects.get(event=event, number=n) for n in (2, 3))
    seats = occupied(three)
    hans = next((seat for seat in seats if seat.occupant.player.name == "Hans"), seats[-1])
    knock_out(next(seat for seat in seats if seat.pk != hans.pk))
    Seat.objects.filter(pk=hans.pk).update(fantasyland_cards=16)
    return event, two, three, hans.occupant


def test_breaking_a_table_keeps_a_lone_players_fantasyland_and_it_is_played_at_the_new_seat(
    page: Page, live_server: object, login: Login, director: User, password: str, lone: tuple
) -> None:
    event, two, three, hans = lone
    button = Table.objects.get(pk=two.pk).button_seat
    login(page, live_server, director, password)

    page.goto(f"{live_server}{reverse('floor:seating', args=[event.slug])}")
    page.locator("tr[data-table='3'] [data-break]").click()
    panel = page.locator("[data-confirm-panel]")
    expect(panel).to_contain_text("Break table 3: its player moves to table 2.")
    expect(panel).to_contain_text(
        f"{hans} keeps their Fantasyland (16 cards) and plays it as their first hand at table 2."
    )
    panel.locator("[data-confirm-yes]").click()
    expect(page.locator(".messages")).to_contain_text("broken")
    assert Table.objects.get(pk=three.pk).status == Table.Status.BROKEN
    row = page.locator("tr[data-table='2']")
    expect(row).to_contain_text("Fantasyland: 16 cards")
    expect(row.locator(f"[data-button-seat='{button}']").first).to_be_visible()

    # The dealer's page of table 2: Hans's Fantasyland hand, on the button table 2 had.
    page.goto(f"{live_server}/tables/{two.pk}/")
    mine = Seat.objects.get(entry=hans)
    expect(page.locator(f"fieldset[data-seat='{mine.number}'] [data-fantasyland]")).to_have_text(
        "Fantasyland: 16 cards"
    )
    expect(page.locator(f"[data-button] [data-button-seat='{button}']")).to_be_visible()
    expect(page.locator(".hand-facts")).to_contain_text("Fantasyland hand")

    hand = record_on_the_dealer_page(page, live_server, two)

    assert hand.fantasyland is True and hand.button_seat == button
    assert Board.objects.get(hand=hand, entry=hans).fantasyland_cards == 16
    expect(page.locator("[data-settlement]")).to_be_visible()


@pytest.fixture
def mid_round(director: User) -> tuple[Event, Table, Table, Entry]:
    """Tables of 3, 3 and 2 (one chip a point); table 3 down to one player, table 2 one hand
    into its round: balancing moves table 2's highest seat to table 3 after the round."""
    event = make_event(director, [f"P{n}" for n in range(8)], name="Round Cup", levels=[1])
    issue_player_links(event, actor=director)
    two, three = (Table.objects.get(event=event, number=n) for n in (2, 3))
    knock_out(occupied(three)[0])
    play(two, THREE, director)
    return event, two, three, occupied(two)[-1].occupant


def test_balancing_during_a_round_moves_the_player_when_the_round_ends_and_not_before(
    page: Page, browser: Browser, live_server: object, login: Login, director: User, password: str, mid_round: tuple
) -> None:
    event, two, three, mover = mid_round
    start = Seat.objects.get(entry=mover).number
    login(page, live_server, director, password)
    # The table's tablet is another browser: the director's pages keep a paused clock (their
    # polls move only when the test says), the tablet's preview runs on its own timers.
    tablet_context = browser.new_context(viewport={"width": 800, "height": 1280})
    tablet = tablet_context.new_page()
    try:
        login(tablet, live_server, director, password)

        page.goto(f"{live_server}{reverse('floor:balancing', args=[event.slug])}")
        page.locator("[data-balance]").click()
        panel = page.locator("[data-confirm-panel]")
        expect(panel).to_contain_text("Balance the tables: 0 moves now; 1 move after the round.")
        expect(panel).to_contain_text(f"{mover}: table 2 seat {start} → table 3 seat")
        panel.locator("[data-confirm-yes]").click()
        expect(page.locator(".messages")).to_contain_text(f"{mover} moves from Table 2 to Table 3")
        planned = PlannedMove.objects.get(entry=mover)

        overview = f"{live_server}{reverse('floor:tables-overview', args=[event.slug])}"
        page.goto(overview)
        pause_clock(page)
        listed = page.locator(f"[data-planned-moves] [data-planned='{mover.pk}']")
        expect(listed).to_contain_text(f"table 2 → table 3 seat {planned.to_seat}")
        expect(listed).to_contain_text("after the round")
        me = f"{live_server}{reverse('public:me', args=[live_player_tokens([mover])[mover.pk]])}"
        page.goto(me)
        pause_clock(page)
        expect(page.locator("[data-planned-move]")).to_have_text("You move to table 3 after this round.")
        expect(page.locator("[data-my-seat] [data-table]")).to_have_text("2")

        # The round's second hand: the player stays at table 2.
        record_on_the_dealer_page(tablet, live_server, two)
        assert Seat.objects.get(entry=mover).table_id == two.pk
        page.goto(overview)
        expect(page.locator(f"[data-planned='{mover.pk}']")).to_be_visible()
        expect(page.locator("[data-pending-moves]")).to_have_count(0)

        # The third hand ends the round (the button has gone around): the move is made.
        record_on_the_dealer_page(tablet, live_server, two)
        assert Round.objects.get(table=two, closed_at__isnull=True).button_moves == 3
        seat = Seat.objects.get(entry=mover)
        assert (seat.table_id, seat.number) == (three.pk, planned.to_seat)
        page.goto(overview)
        expect(page.locator("[data-planned-moves]")).to_have_count(0)
        expect(page.locator(f"[data-pending-moves] [data-entry='{mover.pk}']")).to_contain_text(
            f"table 2 seat {start} → table 3 seat {seat.number}"
        )
        page.goto(me)
        expect(page.locator("[data-move-banner]")).to_contain_text(
            f"Move: table 2 seat {start} → table 3 seat {seat.number}"
        )
        expect(page.locator("[data-planned-move]")).to_have_count(0)
        expect(page.locator("[data-my-seat] [data-table]")).to_have_text("3")
        assert table_state(three.pk).can_deal
    finally:
        tablet_context.close()
