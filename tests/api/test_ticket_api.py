"""GET /api/people/<id>/tickets (festival.md, "JSON"): the shape, directors only, 404 for an
unknown person, an ETag and 304 until a ticket changes."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from factories import make_event

from vpt.events.models import Entry, Event
from vpt.events.tickets import cancel_ticket_for_cash, issue_ticket
from vpt.money.cash_services import mark_entry_paid
from vpt.people.models import Person
from vpt.people.services import merge_people

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana(director: User) -> Person:
    """Ana plays "Main" (300 + 30) and won two tickets to it in "Sat"; a tour final gave her one too."""
    main = make_event(director, ["Ana"], name="Main", buy_in=Decimal("300"), fee=Decimal("30"), draw=False)
    satellite = make_event(director, ["Ana"], name="Sat", draw=False)
    Event.objects.filter(pk=satellite.pk).update(target=main)
    person = Entry.objects.get(event=main).player.person
    assert person is not None
    won_by = Entry.objects.get(event=satellite)
    issue_ticket(person=person, event=main, actor=director, value=Decimal("330"), won_in=satellite, won_by=won_by)
    issue_ticket(person=person, event=main, actor=director, value=Decimal("330"), won_in=satellite)
    issue_ticket(person=person, event=main, actor=director, value=Decimal("100.5"), source="Tour final")
    return person


def test_the_tickets_json(client_as_director: Client, director: User, ana: Person) -> None:
    mark_entry_paid(Entry.objects.get(event__slug="main"), method="ticket", actor=director)

    answer = client_as_director.get(f"/api/people/{ana.pk}/tickets")

    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    body = answer.json()
    assert set(body) == {"person_id", "tickets"} and body["person_id"] == ana.pk
    entry_id = Entry.objects.get(event__slug="main").pk
    rows = [{key: row[key] for key in row if key != "id"} for row in body["tickets"]]
    assert rows == [
        {"event": "main", "value": "330.00", "won_in": "sat", "status": "used", "entry_id": entry_id},
        {"event": "main", "value": "330.00", "won_in": "sat", "status": "issued", "entry_id": None},
        {"event": "main", "value": "100.50", "won_in": None, "status": "issued", "entry_id": None},
    ]
    assert all(set(row) == {"id", "event", "value", "won_in", "status", "entry_id"} for row in body["tickets"])
    assert body["tickets"][0]["id"] < body["tickets"][1]["id"] < body["tickets"][2]["id"]


def test_for_directors_only(client: Client, dealer_user: User, ana: Person) -> None:
    anonymous = client.get(f"/api/people/{ana.pk}/tickets")
    client.force_login(dealer_user)
    dealer = client.get(f"/api/people/{ana.pk}/tickets")
    unknown = client.get("/api/people/999999/tickets")  # refused before the id is looked at

    assert (anonymous.status_code, anonymous.json()["code"]) == (403, "forbidden")
    assert (dealer.status_code, dealer.json()["code"]) == (403, "forbidden")
    assert unknown.status_code == 403


def test_an_unknown_person_is_a_404(client_as_director: Client) -> None:
    answer = client_as_director.get("/api/people/999999/tickets")

    assert answer.status_code == 404
    assert answer.json() == {"error": "No person has the number 999999.", "code": "no_person"}


def test_an_etag_and_304_until_a_ticket_changes(client_as_director: Client, director: User, ana: Person) -> None:
    url = f"/api/people/{ana.pk}/tickets"
    first = client_as_director.get(url)
    again = client_as_director.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    ticket = ana.tickets.get(source="Tour final")
    cancel_ticket_for_cash(ticket, actor=director)
    changed = client_as_director.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    # A director's answer is never stored by a browser (the signed-in pages' rule); a script
    # holding the ETag still gets its 304.
    assert first["ETag"] and first["Cache-Control"] == "private, no-store"
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert changed.json()["tickets"][2]["status"] == "cancelled"


def test_a_merged_person_answers_as_the_person_they_are(
    client_as_director: Client, director: User, ana: Person
) -> None:
    duplicate = Person.objects.create(name="Ana G.")
    issue_ticket(person=duplicate, event=Event.objects.get(slug="main"), actor=director, source="Tour final")
    merge_people(duplicate, into=ana, actor=director)

    body = client_as_director.get(f"/api/people/{duplicate.pk}/tickets").json()

    assert body["person_id"] == ana.pk and len(body["tickets"]) == 4
