"""The director's page of a person's tickets: reached from People, Players and the cash desk;
*Cancel for cash* asks first, then cancels; a used ticket is refused with a message; the desk
pays an entry by ticket and refuses one without (festival.md, "Satellites and tickets")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from factories import make_event

from vpt.events.models import Entry, Event, Payment, Ticket
from vpt.events.tickets import issue_ticket
from vpt.money.cash_services import mark_entry_paid
from vpt.people.models import Person

pytestmark = pytest.mark.django_db


@pytest.fixture
def main(director: User) -> Event:
    """Ana and Ben in "Main" (300 + 30); Ana holds a ticket to it won in "Sat"."""
    main = make_event(director, ["Ana", "Ben"], name="Main", buy_in=Decimal("300"), fee=Decimal("30"), draw=False)
    satellite = make_event(director, ["Ana"], name="Sat", draw=False)
    Event.objects.filter(pk=satellite.pk).update(target=main)
    issue_ticket(person=ana(), event=main, actor=director, won_in=satellite, won_by=Entry.objects.get(event=satellite))
    return main


def ana() -> Person:
    return Person.objects.get(name="Ana")


def test_the_tickets_page_is_linked_from_people_players_and_the_desks(client_as_director: Client, main: Event) -> None:
    address = f'href="/floor/people/{ana().pk}/tickets/"'
    people = client_as_director.get("/floor/people/").content.decode()
    players = client_as_director.get("/floor/events/main/players/").content.decode()
    desk = client_as_director.get("/floor/events/sat/cash/").content.decode()
    page = client_as_director.get(f"/floor/people/{ana().pk}/tickets/")

    assert people.count("data-tickets-link") == 1 and address in people  # Ben holds none
    assert players.count("data-tickets-link") == 1 and address in players
    assert address in desk and "data-won-ticket" in desk
    assert page.status_code == 200
    html = page.content.decode()
    assert "Tickets of Ana" in html and html.count("data-ticket=") == 1
    assert 'href="/floor/events/main/cash/">Main</a>' in html and 'href="/floor/events/sat/cash/">Sat</a>' in html
    assert "330.00" in html and "Held" in html and "data-cancel-ticket" in html
    assert 'href="/help/festival/#tickets"' in html


def test_cancel_for_cash_asks_first_then_cancels(client_as_director: Client, main: Event) -> None:
    ticket = Ticket.objects.get()
    url = f"/floor/people/{ana().pk}/tickets/{ticket.pk}/cancel/"

    asked = client_as_director.post(url)
    assert asked.status_code == 200 and Ticket.objects.get().status == Ticket.Status.ISSUED
    html = asked.content.decode()
    assert "Cancel Ana&#x27;s ticket to Main and pay them 330.00 in cash instead." in html
    assert "Pay it at the cash desk of Sat" in html and 'name="confirm" value="1"' in html

    done = client_as_director.post(url, {"confirm": "1"}, follow=True)
    ticket.refresh_from_db()
    assert (ticket.status, ticket.cashed) == (Ticket.Status.CANCELLED, Decimal("330.00"))
    assert "Ana&#x27;s ticket to Main is cancelled: pay 330.00 in cash." in done.content.decode()
    assert "Cancelled: 330.00 paid in cash" in done.content.decode()


def test_a_used_ticket_is_refused_with_a_message(client_as_director: Client, director: User, main: Event) -> None:
    ticket = Ticket.objects.get()
    mark_entry_paid(Entry.objects.get(event=main, player__name="Ana"), method="ticket", actor=director)

    done = client_as_director.post(
        f"/floor/people/{ana().pk}/tickets/{ticket.pk}/cancel/", {"confirm": "1"}, follow=True
    )

    assert "already paid the entry Ana: it cannot be cancelled." in done.content.decode()
    assert Ticket.objects.get().status == Ticket.Status.USED


def test_another_persons_ticket_or_a_dealer_is_refused(client: Client, dealer_user: User, main: Event) -> None:
    ticket = Ticket.objects.get()
    ben = Person.objects.get(name="Ben")
    client.force_login(dealer_user)
    assert client.get(f"/floor/people/{ana().pk}/tickets/").status_code == 403
    client.force_login(User.objects.get(username="director"))
    assert client.post(f"/floor/people/{ben.pk}/tickets/{ticket.pk}/cancel/", {"confirm": "1"}).status_code == 404
    assert Ticket.objects.get().status == Ticket.Status.ISSUED


def test_the_desk_pays_by_ticket_and_refuses_without_one(client_as_director: Client, main: Event) -> None:
    ana_entry = Entry.objects.get(event=main, player__name="Ana")
    ben_entry = Entry.objects.get(event=main, player__name="Ben")

    desk = client_as_director.get("/floor/events/main/cash/").content.decode()
    client_as_director.post(f"/floor/events/main/cash/entries/{ana_entry.pk}/paid/", {"method": "ticket"})
    refused = client_as_director.post(
        f"/floor/events/main/cash/entries/{ben_entry.pk}/paid/", {"method": "ticket"}, follow=True
    )

    assert desk.count("data-holds-ticket") == 1
    assert Payment.objects.get().entry_id == ana_entry.pk
    assert Ticket.objects.get().entry_id == ana_entry.pk
    assert "Ben holds no ticket to Main: choose another way to pay." in refused.content.decode()
