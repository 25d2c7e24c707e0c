"""Issue 28's worked example, end to end: a satellite with pool 1,000 and seat value 330 gives 3
tickets and 10.00 to 4th; one ticket pays an entry of the target; another is cancelled for cash;
both cash reports add up, to the cent (festival.md, "Satellites and tickets")."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event, Ticket
from vpt.events.places import finish_if_decided
from vpt.events.tickets import cancel_ticket_for_cash
from vpt.money.cash_services import mark_entry_paid, pay_prize
from vpt.money.prizes import cash_desk

pytestmark = [pytest.mark.django_db]

NAMES = ["Ana", "Bea", "Caro", "Dani", "Eli", "Fer", "Gus", "Hugo", "Iris", "Juan"]


def played_satellite(director: User) -> Event:
    """The satellite "sat" ("Satellite to Main", buy-in 100, fee 10) of the main event "main"
    (300 + 30, one flight, "main-1a"), its ten players paid in cash: Ana, Bea and Caro left with
    the 3 seats, Dani 4th, the others 5th..10th."""
    call_command("create_main_event", "main", name="Main", flights="1A", buy_in=Decimal("300"), fee=Decimal("30"))
    call_command("create_satellite", "sat", target="main", seat_value=Decimal("330"))
    satellite = Event.objects.get(slug="sat")
    for name in NAMES:
        register_player(satellite, name=name, actor=director)
    for place, name in enumerate(NAMES[3:], start=4):
        Entry.objects.filter(event=satellite, player__name=name).update(status=Entry.Status.ELIMINATED, place=place)
    for entry in Entry.objects.filter(event=satellite).select_related("player"):
        mark_entry_paid(entry, method="cash", actor=director)
    finish_if_decided(satellite, actor=director)
    satellite.refresh_from_db()
    return satellite


def entry(event: str, name: str) -> Entry:
    return Entry.objects.select_related("player__person").get(event__slug=event, player__name=name)


def test_a_satellite_of_1000_at_330_a_seat_pays_an_entry_and_both_reports_add_up(director: User, capsys: Any) -> None:
    satellite = played_satellite(director)
    assert satellite.status == Event.Status.FINISHED
    assert entry("sat", "Dani").place == 4

    # 3 tickets of 330.00 to Ana, Bea and Caro; 10.00 in cash to 4th.
    tickets = {t.person.name: t for t in Ticket.objects.filter(won_in=satellite).select_related("person", "event")}
    assert sorted(tickets) == ["Ana", "Bea", "Caro"]
    assert {(t.event.slug, t.value, t.status) for t in tickets.values()} == {("main", Decimal("330.00"), "issued")}
    pay_prize(entry("sat", "Dani"), method="cash", actor=director)

    report = cash_desk(satellite).report
    assert report.pool.total == Decimal("1000.00")
    assert report.received == Decimal("1100.00")
    assert report.prizes_won == Decimal("10.00") and report.paid_out == Decimal("10.00")
    assert len(report.tickets_awarded) == 3 and report.tickets_value == Decimal("990.00")
    assert report.tickets_cashed == Decimal("0.00") and report.tickets_owed == Decimal("990.00")
    assert report.undecided == Decimal("0.00")
    assert report.at_the_desk == Decimal("1090.00")
    assert report.house_total == Decimal("100.00")
    assert report.to_pay == Decimal("990.00") and report.to_collect == Decimal("0.00")
    assert report.balances  # 1,090.00 = 100.00 + 990.00 - 0.00

    # At the target's desk (its flight): Ana pays by ticket, Hugo in cash; Caro takes cash instead.
    flight = Event.objects.get(slug="main-1a")
    for name in ("Ana", "Hugo"):
        register_player(flight, name=name, actor=director)
    assert entry("main-1a", "Ana").player.person_id == tickets["Ana"].person_id
    mark_entry_paid(entry("main-1a", "Ana"), method="ticket", actor=director)
    mark_entry_paid(entry("main-1a", "Hugo"), method="cash", actor=director)
    cancel_ticket_for_cash(tickets["Caro"], actor=director)

    used = Ticket.objects.get(pk=tickets["Ana"].pk)
    assert (used.status, used.entry_id) == ("used", entry("main-1a", "Ana").pk)
    target = cash_desk(flight).report
    assert target.pool.total == Decimal("600.00")  # the main event's pool counts Ana's buy-in
    assert target.received == Decimal("660.00")
    assert target.received_by_method == {"ticket": Decimal("330.00"), "cash": Decimal("330.00")}
    assert [(o.name, o.amount) for o in target.paid_by_ticket] == [("Ana", Decimal("330.00"))]
    assert target.at_the_desk == Decimal("660.00") and target.at_the_desk_without_tickets == Decimal("330.00")
    assert [(t.name, t.cashed) for t in target.tickets_cashed_elsewhere] == [("Caro", Decimal("330.00"))]
    assert target.house_total == Decimal("60.00") and target.to_pay == Decimal("600.00")
    assert target.to_collect == Decimal("0.00")
    assert target.balances  # 660.00 = 60.00 + 600.00 - 0.00

    report = cash_desk(Event.objects.get(pk=satellite.pk)).report
    assert report.tickets_value == Decimal("990.00")
    assert report.tickets_cashed == Decimal("330.00")  # Caro's, cash paid out here
    assert report.tickets_owed == Decimal("660.00")  # Ana's (used) and Bea's (held), for the main event
    assert report.at_the_desk == Decimal("760.00")  # 1,100.00 - 10.00 - 330.00
    assert report.to_pay == Decimal("660.00")
    assert report.balances  # 760.00 = 100.00 + 660.00 - 0.00


def test_both_cash_desk_pages_show_the_tickets(director: User, client_as_director: Client) -> None:
    satellite = played_satellite(director)
    ana = Ticket.objects.get(won_in=satellite, person__name="Ana")
    cancel_ticket_for_cash(Ticket.objects.get(won_in=satellite, person__name="Caro"), actor=director)
    flight = Event.objects.get(slug="main-1a")
    register_player(flight, name="Ana", actor=director)
    register_player(flight, name="Bea", actor=director)
    desk = client_as_director.get("/floor/events/main-1a/cash/").content.decode()
    mark_entry_paid(entry("main-1a", "Ana"), method="ticket", actor=director)

    sat_page = client_as_director.get("/floor/events/sat/cash/").content.decode()
    target_page = client_as_director.get("/floor/events/main-1a/cash/").content.decode()

    # Before paying: Ana and Bea each hold one, and Ticket is chosen for them.
    assert desk.count("data-holds-ticket") == 2 and desk.count('<option value="ticket" selected>') == 2
    assert '<td class="num" data-line="tickets-value">990.00</td>' in sat_page
    assert '<td class="num" data-line="tickets-cashed">330.00</td>' in sat_page
    assert '<td class="num" data-line="tickets-owed">660.00</td>' in sat_page
    assert "Prizes in tickets: 3 tickets to Main (not cash paid out)" in sat_page
    assert f'href="/floor/people/{ana.person_id}/tickets/"' in sat_page
    assert (
        "It adds up: at the desk 770.00 = house total 100.00 + still to pay 670.00 − still to collect 0.00." in sat_page
    )
    assert '<td class="num" data-line="paid-by-ticket">330.00</td>' in target_page
    assert '<td class="num" data-line="at-the-desk-money">0.00</td>' in target_page
    assert "data-paid-ticket" in target_page and "won in Satellite to Main" in target_page
    assert "data-tickets-cashed-elsewhere" in target_page
    assert target_page.count("data-holds-ticket") == 1  # Bea's
