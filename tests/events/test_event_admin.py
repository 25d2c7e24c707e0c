"""The admin saves through services: audited, and the event's version moves on."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.audit.models import AuditEntry
from vpt.events.entries import register_player
from vpt.events.models import Event
from vpt.events.services import create_event
from vpt.seating.services import draw_seats
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


def test_saving_an_event_in_the_admin_audits_and_bumps_its_version(director: User, password: str) -> None:
    event = create_event(name="Admin Open", slug="admin-open", actor=director, starting_stack=10000, levels=[100])
    Event.objects.filter(pk=event.pk).update(version=41)  # as if 41 changes had happened meanwhile
    director.is_superuser = True  # the admin's model permissions
    director.save(update_fields=["is_superuser"])
    client = Client()
    client.login(username=director.username, password=password)
    url = reverse("admin:events_event_change", args=[event.pk])
    form = client.get(url).context["adminform"].form
    data = {name: "" if form[name].value() is None else form[name].value() for name in form.fields}
    data.update(
        name="Admin Open II",
        **{
            "levels-TOTAL_FORMS": "1",
            "levels-INITIAL_FORMS": "1",
            "levels-MIN_NUM_FORMS": "0",
            "levels-MAX_NUM_FORMS": "1000",
            "levels-0-id": str(event.levels.get().pk),
            "levels-0-event": str(event.pk),
            "levels-0-number": "1",
            "levels-0-chips_per_point": "100",
            "levels-0-minutes": "20",
            "levels-0-hands": "",
        },
    )
    response = client.post(url, data)

    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Admin Open II"
    assert event.version == 42  # bumped from the stored 41, never put back to the admin's copy
    assert AuditEntry.objects.filter(event_id=event.pk, action="events.event_changed").count() == 1


def test_giving_a_table_a_dealer_in_the_admin_goes_through_assign_dealer(director: User, password: str) -> None:
    event = create_event(name="Admin Open", slug="admin-open", actor=director, starting_stack=10000, levels=[100])
    for name in ("Ana", "Ben"):
        register_player(event, name=name, actor=director)
    draw_seats(event, actor=director, seed=1)
    table = Table.objects.get(event=event)
    dealer = User.objects.create_user("dealer9", password=password)
    director.is_superuser = True
    director.save(update_fields=["is_superuser"])
    client = Client()
    client.login(username=director.username, password=password)

    response = client.post(
        reverse("admin:tables_table_change", args=[table.pk]),
        {
            "dealer": str(dealer.pk),
            "seat_set-TOTAL_FORMS": "0",
            "seat_set-INITIAL_FORMS": "0",
            "seat_set-MIN_NUM_FORMS": "0",
            "seat_set-MAX_NUM_FORMS": "1000",
        },
    )

    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).dealer == dealer
    assert AuditEntry.objects.filter(event_id=event.pk, action="tables.dealer_assigned").count() == 1


@pytest.mark.parametrize(
    "model",
    [
        "audit_auditentry",
        "events_clock",
        "events_payoutstructure",
        "people_person",
        "rounds_hand",
        "tables_round",
    ],
)
def test_what_services_write_is_listed_but_never_added_by_hand(director: User, password: str, model: str) -> None:
    director.is_superuser = True
    director.save(update_fields=["is_superuser"])
    client = Client()
    client.login(username=director.username, password=password)

    listed = client.get(reverse(f"admin:{model}_changelist"))

    assert listed.status_code == 200
    assert reverse(f"admin:{model}_add") not in listed.content.decode()
    assert client.get(reverse(f"admin:{model}_add")).status_code == 403
