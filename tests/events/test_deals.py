"""Deals at the final table (issue 19, part 3): chip-chop, ICM or the amounts agreed, with a
confirmation naming every amount; places by chips unless entered; undo until closed; bad
input refused on its field with nothing saved."""

from __future__ import annotations

import re
from decimal import Decimal
from io import BytesIO

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader

from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.entries import adjust_chips, register_player
from vpt.events.models import Deal, Entry, Event
from vpt.events.services import create_event, set_event_status
from vpt.money.deals import apply_deal, close_event, undo_deal
from vpt.money.payout_services import set_payout_structure
from vpt.money.prizes import event_prizes
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.seating.services import draw_seats
from vpt.tables.models import Table

URL = "/floor/events/final-cup/deal/apply/"


def pdf_text(pdf: bytes) -> str:
    pages = PdfReader(BytesIO(pdf)).pages
    return "\n".join(re.sub(r"[ \t]+", " ", page.extract_text()) for page in pages)


def make_event(director: User, names: list[str]) -> Event:
    event = create_event(
        name="Final Cup", slug="final-cup", actor=director, buy_in=Decimal("100"), fee=Decimal("10"), levels=[100]
    )
    for name in names:
        register_player(event, name=name, actor=director)
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1.00"), actor=director)
    draw_seats(event, actor=director, seed=4)
    return Event.objects.get(pk=event.pk)


def entry(name: str) -> Entry:
    return Entry.objects.select_related("player").get(player__name=name)


@pytest.fixture
def final_table(director: User) -> Event:
    """Ana 15,000, Ben 10,000, Cid 5,000 chips at one table; pool 300.00 paying 150/90/60."""
    event = make_event(director, ["Ana", "Ben", "Cid"])
    adjust_chips(entry("Ana"), amount=5000, reason="test stacks", actor=director)
    adjust_chips(entry("Cid"), amount=-5000, reason="test stacks", actor=director)
    return Event.objects.get(pk=event.pk)


def test_an_icm_deal_is_confirmed_amount_by_amount_then_made(client_as_director: Client, final_table: Event) -> None:
    asked = client_as_director.post(URL, {"kind": "icm", "unit": "0.01"})

    text = asked.content.decode()
    assert asked.status_code == 200 and not Deal.objects.exists()
    assert "ICM: the players left share 300.00 (what is left of the pool); the event finishes." in text
    assert "Place 1: Ana, 15,000 chips: 115.50" in text
    assert "Place 2: Ben, 10,000 chips: 102.00" in text
    assert "Place 3: Cid, 5,000 chips: 82.50" in text

    made = client_as_director.post(URL, {"kind": "icm", "unit": "0.01", "confirm": "1"})

    assert made.status_code == 302
    deal = Deal.objects.get()
    assert [(s.entry.player.name, s.amount, s.place, s.chips) for s in deal.shares.all()] == [
        ("Ana", Decimal("115.50"), 1, 15000),
        ("Ben", Decimal("102.00"), 2, 10000),
        ("Cid", Decimal("82.50"), 3, 5000),
    ]
    event = Event.objects.get(pk=final_table.pk)
    assert event.status == Event.Status.FINISHED
    assert {e.player.name: e.place for e in Entry.objects.select_related("player")} == {"Ana": 1, "Ben": 2, "Cid": 3}
    prizes = event_prizes(event)
    assert sum(prizes.by_entry.values(), Decimal(0)) == prizes.pool.total == Decimal("300.00")
    audit = AuditEntry.objects.filter(action="money.deal_made").get()
    assert audit.summary == "Deal (ICM): Ana 115.50, Ben 102.00, Cid 82.50"


def test_a_chip_chop_deal_with_the_places_the_director_enters(director: User, final_table: Event) -> None:
    apply_deal(
        final_table,
        kind="chip-chop",
        places={entry("Ana").pk: 2, entry("Ben").pk: 1, entry("Cid").pk: 3},
        tables_in_play=1,
        actor=director,
    )

    assert {e.player.name: (e.place, event_prizes(final_table).prize_of(e.pk)) for e in Entry.objects.all()} == {
        "Ana": (2, Decimal("150.00")),
        "Ben": (1, Decimal("100.00")),
        "Cid": (3, Decimal("50.00")),
    }


def test_amounts_agreed_must_add_up_to_what_is_left(client_as_director: Client, final_table: Event) -> None:
    ids = {name: entry(name).pk for name in ("Ana", "Ben", "Cid")}
    short = {
        "kind": "agreed",
        f"amount-{ids['Ana']}": "140",
        f"amount-{ids['Ben']}": "100",
        f"amount-{ids['Cid']}": "50",
    }

    response = client_as_director.post(URL, short)

    assert response.status_code == 422
    assert "The amounts add up to 290.00, not 300.00 (what is left of the prize pool)." in response.content.decode()
    assert not Deal.objects.exists()
    assert Event.objects.get(pk=final_table.pk).status != Event.Status.FINISHED


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-10", "Ana: an amount cannot be below zero."),
        ("lots", "Ana: not an amount."),
        ("150.005", "Ana: at most 2 decimals."),
        ("", "Ana: enter an amount."),
        ("1e30", "Ana: at most 9,999,999,999.99."),
        ("9" * 400, "Ana: at most 9,999,999,999.99."),
        ("1E+999999999", "Ana: at most 9,999,999,999.99."),
    ],
)
def test_a_bad_amount_is_refused_on_its_field(
    client_as_director: Client, final_table: Event, typed: str, message: str
) -> None:
    ids = {name: entry(name).pk for name in ("Ana", "Ben", "Cid")}
    data = {
        "kind": "agreed",
        f"amount-{ids['Ana']}": typed,
        f"amount-{ids['Ben']}": "100",
        f"amount-{ids['Cid']}": "50",
    }

    response = client_as_director.post(URL, data)

    page = response.content.decode()
    assert response.status_code == 422
    assert f'id="amount-{ids["Ana"]}-error" data-field-error>{message}</div>' in page
    assert f'name="amount-{ids["Ana"]}" id="amount-{ids["Ana"]}" value="{typed}" aria-invalid="true"' in page
    assert not Deal.objects.exists()


def test_a_deal_is_refused_while_the_players_sit_at_two_tables(client_as_director: Client, director: User) -> None:
    make_event(director, ["Ana", "Ben", "Cid", "Dora", "Eva", "Fay"])

    response = client_as_director.post(URL, {"kind": "chip-chop", "confirm": "1"})

    assert response.status_code == 422
    assert "The players left are still at 2 tables: a deal is made at one final table." in response.content.decode()
    assert not Deal.objects.exists()


def test_a_deal_is_undone_until_the_event_is_closed(director: User, final_table: Event) -> None:
    apply_deal(final_table, kind="chip-chop", tables_in_play=1, actor=director)
    undo_deal(final_table, actor=director)

    event = Event.objects.get(pk=final_table.pk)
    assert event.status == Event.Status.RUNNING and not Deal.objects.exists()
    assert set(Entry.objects.values_list("place", flat=True)) == {None}
    assert AuditEntry.objects.filter(action="money.deal_undone").get().summary == "Deal (chip-chop) undone"

    apply_deal(event, kind="icm", tables_in_play=1, actor=director)
    close_event(event, actor=director)
    with pytest.raises(ServiceError) as closed:
        undo_deal(event, actor=director)
    with pytest.raises(ServiceError) as twice:
        apply_deal(event, kind="icm", tables_in_play=1, actor=director)

    assert closed.value.code == "event_closed" and twice.value.code == "event_closed"
    assert Deal.objects.get().kind == "icm"


def test_the_status_never_reopens_an_event_ended_by_a_deal(director: User, final_table: Event) -> None:
    """Reopening by the status would leave the deal standing with its players unplaced and
    their prizes gone: only undoing the deal reopens the event, and a closed event stays
    finished (its prizes may have been paid out)."""
    apply_deal(final_table, kind="chip-chop", tables_in_play=1, actor=director)
    with pytest.raises(ServiceError) as dealt:
        set_event_status(final_table, status=Event.Status.RUNNING, actor=director)
    close_event(final_table, actor=director)
    with pytest.raises(ServiceError) as closed:
        set_event_status(final_table, status=Event.Status.RUNNING, actor=director)

    assert dealt.value.code == "deal_made"
    assert str(dealt.value) == "This event ended with a deal: undo the deal to reopen it."
    assert closed.value.code == "event_closed"
    assert str(closed.value) == "The event is closed: its results are final."
    event = Event.objects.get(pk=final_table.pk)
    assert event.status == Event.Status.FINISHED and Deal.objects.exists()
    assert sorted(Entry.objects.values_list("place", flat=True)) == [1, 2, 3]
    assert not AuditEntry.objects.filter(action="events.status_set").exists()


def test_a_closed_event_refuses_a_status_change_on_its_page(
    client_as_director: Client, director: User, final_table: Event
) -> None:
    apply_deal(final_table, kind="icm", tables_in_play=1, actor=director)
    close_event(final_table, actor=director)

    page = client_as_director.get("/floor/events/final-cup/").content.decode()
    response = client_as_director.post("/floor/events/final-cup/status/", {"status": "running"}, follow=True)

    assert "Finished · closed: its results are final" in page and "data-status-form" not in page
    assert "The event is closed: its results are final." in response.content.decode()
    assert Event.objects.get(pk=final_table.pk).status == Event.Status.FINISHED


def test_the_calculator_shows_the_deal_made_and_undo(
    client_as_director: Client, director: User, final_table: Event
) -> None:
    apply_deal(final_table, kind="chip-chop", tables_in_play=1, actor=director)

    page = client_as_director.get("/floor/events/final-cup/deal/").content.decode()
    asked = client_as_director.post("/floor/events/final-cup/deal/undo/")
    assert asked.status_code == 200 and Deal.objects.exists()  # it asks first
    undone = client_as_director.post("/floor/events/final-cup/deal/undo/", {"confirm": "1"})

    assert "Deal made: Chip-chop" in page and '<td class="num" data-deal-amount>150.00</td>' in page
    assert "data-undo-deal" in page
    assert undone.status_code == 302 and not Deal.objects.exists()


def test_undoing_the_deal_names_each_share_and_each_prize_already_paid(
    client_as_director: Client, director: User, final_table: Event
) -> None:
    from vpt.money.cash_services import pay_prize

    apply_deal(final_table, kind="chip-chop", tables_in_play=1, actor=director)  # 150 / 100 / 50
    pay_prize(entry("Ana"), method="cash", actor=director)

    page = re.sub(r"\s+", " ", client_as_director.post("/floor/events/final-cup/deal/undo/").content.decode())

    assert "The deal is taken back: the players are in again, with no places, and the event runs again." in page
    assert "Ana loses the deal&#x27;s 150.00 (place 1) and plays on." in page
    assert "Cid loses the deal&#x27;s 50.00 (place 3) and plays on." in page
    assert (
        "Already paid out: 150.00 to Ana. After the undo their prize is 0, so the cash desk is owed 150.00 back" in page
    )
    assert 'name="confirm" value="1"' in page and Deal.objects.exists()


def test_the_deal_prints_on_the_slip_of_the_last_hand(
    client_as_director: Client, director: User, final_table: Event
) -> None:
    table = Table.objects.get(event=final_table)
    boards = (JACKS, ACES_FULL, QUEENS_FULL)
    hands = []
    for number in (1, 2):
        seats = table_state(table.pk).seats
        dealt = {seat.number: board for seat, board in zip(seats, boards, strict=True)}
        hands.append(record_hand(table, hand_number=number, actor=director, boards=dealt))
    first, last = hands
    apply_deal(final_table, kind="chip-chop", tables_in_play=1, actor=director)
    shares = list(Deal.objects.get().shares.select_related("entry__player"))

    last_slip = pdf_text(client_as_director.get(f"/tables/hands/{last.pk}/slip.pdf").content)
    first_slip = pdf_text(client_as_director.get(f"/tables/hands/{first.pk}/slip.pdf").content)

    assert "Deal: Chip-chop" in last_slip
    for share in shares:
        assert f"{share.place}. {share.entry.player.name} {share.amount:,.2f}" in last_slip
    assert "Deal:" not in first_slip
