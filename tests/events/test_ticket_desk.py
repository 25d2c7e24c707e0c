"""Tickets at the cash desk (festival.md, "Satellites and tickets"; issue 28): *Paid* by ticket
uses the holder's oldest ticket to the event for that one entry, a person without one is refused,
cancelling the payment gives the ticket back, and the director may cancel a held ticket for
cash (never a used one)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from factories import make_event

from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.entries import reenter_player
from vpt.events.models import Entry, Event, Payment, Registration, Ticket
from vpt.events.registrations import check_in, register_online
from vpt.events.services import create_event
from vpt.events.tickets import cancel_ticket_for_cash, issue_ticket
from vpt.money.cash_services import mark_entry_paid, mark_entry_unpaid, pay_prize
from vpt.people.models import Person
from vpt.people.services import merge_people, new_person

pytestmark = pytest.mark.django_db


@pytest.fixture
def main(director: User) -> Event:
    """Ana, Ben and Cid in "Main" (buy-in 300, fee 30, one re-entry allowed), and the satellite
    "Sat" that Ana and Ben played."""
    main = make_event(
        director,
        ["Ana", "Ben", "Cid"],
        name="Main",
        buy_in=Decimal("300"),
        fee=Decimal("30"),
        max_entries=2,
        reentry_until_level=5,
        draw=False,
    )
    make_event(director, ["Ana", "Ben"], name="Sat", buy_in=Decimal("100"), fee=Decimal("10"), draw=False)
    Event.objects.filter(slug="sat").update(target=main)
    return main


def entry(name: str, number: int = 1, event: str = "main") -> Entry:
    return Entry.objects.select_related("player__person").get(player__name=name, number=number, event__slug=event)


def person(name: str) -> Person:
    found = entry(name).player.person
    assert found is not None
    return found


def win_ticket(name: str, director: User) -> Ticket:
    satellite = Event.objects.get(slug="sat")
    won_by = entry(name, event="sat")
    return issue_ticket(
        person=person(name),
        event=satellite.target,  # type: ignore[arg-type]
        actor=director,
        value=Decimal("330"),
        won_in=satellite,
        won_by=won_by,
    )


def test_a_ticket_pays_one_entry_buy_in_and_fee(director: User, main: Event) -> None:
    ticket = win_ticket("Ana", director)

    payment = mark_entry_paid(entry("Ana"), method="ticket", actor=director)

    ticket.refresh_from_db()
    assert (ticket.status, ticket.entry_id) == (Ticket.Status.USED, entry("Ana").pk)
    assert (payment.method, payment.amount) == ("ticket", Decimal("330.00"))
    assert AuditEntry.objects.filter(action="events.ticket_used", entry_id=entry("Ana").pk).count() == 1
    assert AuditEntry.objects.get(action="money.entry_paid").summary == "Ana paid 330.00 (ticket)"


def test_a_second_ticket_to_the_same_target_pays_the_re_entry(director: User, main: Event) -> None:
    first, second = win_ticket("Ana", director), win_ticket("Ana", director)
    mark_entry_paid(entry("Ana"), method="ticket", actor=director)
    Entry.objects.filter(pk=entry("Ana").pk).update(status=Entry.Status.ELIMINATED)
    again = reenter_player(entry("Ana").player, actor=director)

    mark_entry_paid(again, method="ticket", actor=director)

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.entry_id) == (Ticket.Status.USED, entry("Ana").pk)  # the oldest first
    assert (second.status, second.entry_id) == (Ticket.Status.USED, again.pk)
    assert Payment.objects.filter(method="ticket").count() == 2


def test_paying_by_ticket_without_one_is_refused_naming_the_person_and_the_event(director: User, main: Event) -> None:
    win_ticket("Ana", director)  # a ticket of someone else changes nothing for Ben
    issue_ticket(person=person("Ben"), event=Event.objects.get(slug="sat"), actor=director)  # another event's

    with pytest.raises(ServiceError) as refused:
        mark_entry_paid(entry("Ben"), method="ticket", actor=director)

    assert refused.value.code == "no_ticket"
    assert str(refused.value) == "Ben holds no ticket to Main: choose another way to pay."
    assert not Payment.objects.exists()
    assert not Ticket.objects.filter(status=Ticket.Status.USED).exists()


def test_cancelling_the_payment_gives_the_ticket_back(director: User, main: Event) -> None:
    ticket = win_ticket("Ana", director)
    mark_entry_paid(entry("Ana"), method="ticket", actor=director)

    mark_entry_unpaid(entry("Ana"), actor=director)

    ticket.refresh_from_db()
    assert (ticket.status, ticket.entry_id) == (Ticket.Status.ISSUED, None)
    assert not Payment.objects.exists()
    assert AuditEntry.objects.filter(action="events.ticket_returned").count() == 1
    mark_entry_paid(entry("Ana"), method="ticket", actor=director)  # and it pays again
    assert Ticket.objects.get(pk=ticket.pk).entry_id == entry("Ana").pk


def test_the_director_cancels_a_held_ticket_for_cash(director: User, main: Event) -> None:
    ticket = win_ticket("Ana", director)

    cashed = cancel_ticket_for_cash(ticket, actor=director)

    assert (cashed.status, cashed.cashed, cashed.entry_id) == (Ticket.Status.CANCELLED, Decimal("330.00"), None)
    audit = AuditEntry.objects.get(action="events.ticket_cashed")
    assert audit.event_id == Event.objects.get(slug="sat").pk
    assert audit.summary == "Ana: ticket to Main cancelled, its value 330.00 paid in cash"
    with pytest.raises(ServiceError) as refused:
        mark_entry_paid(entry("Ana"), method="ticket", actor=director)
    assert refused.value.code == "no_ticket"
    with pytest.raises(ServiceError) as twice:
        cancel_ticket_for_cash(ticket, actor=director)
    assert twice.value.code == "ticket_cancelled"


def test_a_used_ticket_cannot_be_cancelled(director: User, dealer_user: User, main: Event) -> None:
    ticket = win_ticket("Ana", director)
    mark_entry_paid(entry("Ana"), method="ticket", actor=director)

    with pytest.raises(ServiceError) as refused:
        cancel_ticket_for_cash(ticket, actor=director)
    with pytest.raises(ServiceError) as dealer:
        cancel_ticket_for_cash(ticket, actor=dealer_user)

    assert refused.value.code == "ticket_used"
    assert str(refused.value) == "Ana's ticket to Main already paid the entry Ana: it cannot be cancelled."
    assert dealer.value.code == "forbidden"
    ticket.refresh_from_db()
    assert (ticket.status, ticket.cashed) == (Ticket.Status.USED, None)


def test_a_merged_persons_ticket_pays_the_entry_of_the_person_they_are(director: User, main: Event) -> None:
    """The ticket went to a duplicate of Cid, later merged into him: it is his."""
    duplicate = Person.objects.create(name="Cid D.")
    ticket = issue_ticket(person=duplicate, event=main, actor=director, source="Tour final")
    merge_people(duplicate, into=person("Cid"), actor=director)

    mark_entry_paid(entry("Cid"), method="ticket", actor=director)

    assert Ticket.objects.get(pk=ticket.pk).entry_id == entry("Cid").pk


def test_a_prize_is_never_paid_out_by_ticket(director: User, main: Event) -> None:
    with pytest.raises(ServiceError) as refused:
        pay_prize(entry("Ana"), method="ticket", actor=director)

    assert refused.value.code == "bad_method"


def test_checking_in_at_the_door_by_ticket_uses_it_or_changes_nothing(director: User) -> None:
    event = create_event(
        name="Door", slug="door", actor=director, self_registration=True, buy_in=Decimal("50"), fee=Decimal("5")
    )
    ana = new_person(name="Ana Ruiz", email="ana@example.com")
    ticket = issue_ticket(person=ana, event=event, actor=director, source="Tour final")
    with_ticket, _ = register_online(event, name="Ana Ruiz", contact="ana@example.com")
    without, _ = register_online(event, name="Ben")

    entry = check_in(with_ticket, method="ticket", actor=director)
    with pytest.raises(ServiceError) as refused:
        check_in(without, method="ticket", actor=director)

    assert Ticket.objects.get(pk=ticket.pk).entry_id == entry.pk
    assert Payment.objects.get(entry=entry).method == "ticket"
    assert refused.value.code == "no_ticket" and str(refused.value).startswith("Ben holds no ticket to Door")
    assert Entry.objects.filter(event=event).count() == 1  # Ben was not checked in
    assert Registration.objects.get(pk=without.pk).status == "registered"
