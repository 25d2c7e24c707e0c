"""A player's own page lists the tickets they hold: the event, the value, where it was won and
whether it is used (festival.md, "Satellites and tickets"); a ticket won or used elsewhere
changes the page at once (the page's version moves with it)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import make_event

from vpt.events.audit import bump_version
from vpt.events.models import Entry, Event, Ticket
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.events.tickets import cancel_ticket_for_cash, issue_ticket
from vpt.money.cash_services import mark_entry_paid
from vpt.tours.final import ticket_source
from vpt.tours.models import Tour

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def ana_page(event: Event, director: User) -> str:
    """The address of Ana's own page in "Test Open" (the satellite she won in)."""
    issue_player_links(event, actor=director)
    entry = Entry.objects.get(event=event, player__name="Ana")
    return reverse("public:me", args=[live_player_tokens([entry])[entry.pk]])


def test_the_page_shows_the_tickets_held_and_follows_them(
    client: Client, event: Event, director: User, ana_page: str
) -> None:
    main = make_event(director, ["Ana"], name="Main", buy_in=Decimal("300"), fee=Decimal("30"), draw=False)
    before = client.get(ana_page, headers={"HX-Request": "true"})
    assert "data-my-tickets" not in before.content.decode()

    ana = Entry.objects.get(event=event, player__name="Ana")
    person = ana.player.person
    assert person is not None
    won = issue_ticket(person=person, event=main, actor=director, value=Decimal("330"), won_in=event, won_by=ana)
    final = issue_ticket(person=person, event=main, actor=director, source="Tour final")
    held = client.get(ana_page, headers={"HX-Request": "true", "If-None-Match": before["ETag"]})

    assert held.status_code == 200
    page = text(held.content.decode())
    assert "My tickets" in page
    assert "Ticket to Main · 330.00 · won in Test Open" in page
    assert "Ticket to Main · 330.00 · Tour final" in page
    assert page.count("Yours: it pays your entry (buy-in and fee) at the cash desk of that event.") == 2

    mark_entry_paid(Entry.objects.get(event=main), method="ticket", actor=director)
    cancel_ticket_for_cash(final, actor=director)
    after = client.get(ana_page, headers={"HX-Request": "true", "If-None-Match": held["ETag"]})

    assert after.status_code == 200
    html = after.content.decode()
    assert f'data-ticket="{won.pk}" data-status="used"' in html
    assert "Used: it paid your entry." in text(html)
    assert "Paid to you in cash instead: 330.00." in text(html)


def test_a_withdrawn_ticket_is_not_shown(client: Client, event: Event, director: User, ana_page: str) -> None:
    main = make_event(director, name="Main", buy_in=Decimal("300"), fee=Decimal("30"))
    ana = Entry.objects.get(event=event, player__name="Ana")
    assert ana.player.person is not None
    ticket = issue_ticket(person=ana.player.person, event=main, actor=director, won_in=event, won_by=ana)
    Ticket.objects.filter(pk=ticket.pk).update(status=Ticket.Status.CANCELLED)  # a reopened satellite took it back
    bump_version(event.pk)

    assert "data-my-tickets" not in client.get(ana_page).content.decode()


def test_in_spanish(client: Client, event: Event, director: User, ana_page: str) -> None:
    main = make_event(director, name="Main", buy_in=Decimal("300"), fee=Decimal("30"))
    ana = Entry.objects.get(event=event, player__name="Ana")
    assert ana.player.person is not None
    issue_ticket(person=ana.player.person, event=main, actor=director, won_in=event, won_by=ana)

    page = text(client.get(ana_page, HTTP_ACCEPT_LANGUAGE="es").content.decode())

    assert "Mis tickets" in page and "Ticket para Main · 330,00 · ganado en Test Open" in page


def test_a_ticket_to_the_tour_final_names_its_tour(
    client: Client, client_as_director: Client, event: Event, director: User, ana_page: str
) -> None:
    final = make_event(director, ["Ana"], name="Grand Final", draw=False)
    tour = Tour.objects.create(name="VPT 2026", slug="vpt-2026")
    ana = Entry.objects.get(event=event, player__name="Ana")
    person = ana.player.person
    assert person is not None
    issue_ticket(person=person, event=final, actor=director, source=ticket_source(tour))

    page = text(client.get(ana_page).content.decode())
    director_page = text(client_as_director.get(reverse("floor:person-tickets", args=[person.pk])).content.decode())

    assert "Ticket to Grand Final" in page and "The VPT 2026 final" in page and "tour:" not in page
    assert "The VPT 2026 final" in director_page and "tour:vpt-2026" not in director_page
