"""Satellites' seats and issuing tickets (festival.md, "Satellites and tickets")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from factories import make_event

from vpt.audit.models import AuditEntry
from vpt.events.models import Event, Ticket
from vpt.events.satellites import satellite_seats, seat_value_of, split_pool
from vpt.events.tickets import issue_ticket
from vpt.people.models import Person


def test_worked_example_splits_into_three_seats_and_ten_in_cash() -> None:
    split = split_pool(Decimal("1000.00"), Decimal("330"))
    assert (split.seats, split.cash, split.cash_place) == (3, Decimal("10.00"), 4)
    assert split_pool(Decimal("990.00"), Decimal("330")).cash_place is None


@pytest.mark.django_db
def test_satellite_seats_from_its_pool_and_the_targets_price(director: User) -> None:
    target = make_event(director, name="Main", buy_in=Decimal("300"), fee=Decimal("30"))
    names = [f"P{i}" for i in range(10)]
    satellite = make_event(director, names, name="Sat", buy_in=Decimal("100"), draw=False)
    Event.objects.filter(pk=satellite.pk).update(target=target)
    satellite.refresh_from_db()
    assert seat_value_of(satellite) == Decimal("330.00")
    assert satellite_seats(satellite) == 3
    assert seat_value_of(target) is None and satellite_seats(target) is None


@pytest.mark.django_db
def test_issue_ticket_is_audited_and_a_second_ticket_is_allowed(director: User) -> None:
    target = make_event(director, name="Main", buy_in=Decimal("300"), fee=Decimal("30"))
    person = Person.objects.create(name="Ana")
    first = issue_ticket(person=person, event=target, actor=director)
    second = issue_ticket(person=person, event=target, actor=director, source="Tour final")
    assert first.value == Decimal("330.00") and first.status == Ticket.Status.ISSUED
    assert Ticket.objects.filter(person=person, event=target).count() == 2 and second.source == "Tour final"
    assert AuditEntry.objects.filter(action="events.ticket_issued").count() == 2
