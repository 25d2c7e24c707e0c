"""People and tours in the admin: a director finds them there; a person (merges, hiding) is
read-only, since those changes go through the people page's audited services, and a tour's name
and rule are saved through `update_tour` (checked, audited, its version moved on)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.audit.models import AuditEntry
from vpt.events.entries import register_player
from vpt.events.services import create_event
from vpt.people.models import Person
from vpt.people.services import merge_people
from vpt.tours.models import Tour
from vpt.tours.services import add_event_to_tour, create_tour

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client: Client, director: User) -> Client:
    director.is_superuser = True
    director.save(update_fields=["is_superuser"])
    client.force_login(director)
    return client


@pytest.fixture
def people(director: User) -> tuple[Person, Person]:
    event = create_event(name="Spring", slug="spring", actor=director, levels=[100])
    register_player(event, name="Ana Ruiz", email="ana@example.org", actor=director)
    register_player(event, name="Ana R", actor=director, match=False)
    ana, duplicate = Person.objects.get(name="Ana Ruiz"), Person.objects.get(name="Ana R")
    merge_people(duplicate, into=ana, actor=director)
    return ana, duplicate


def test_people_and_their_merges_are_listed_searched_and_read_only(
    admin_client: Client, people: tuple[Person, Person]
) -> None:
    ana, duplicate = people
    index = admin_client.get(reverse("admin:index")).content.decode()
    assert "People" in index and "Audit entries" in index and "Tours" in index
    listed = admin_client.get(reverse("admin:people_person_changelist"), {"q": "example.org"})
    assert listed.status_code == 200
    assert "Ana Ruiz" in listed.content.decode() and "Ana R<" not in listed.content.decode()

    page = admin_client.get(reverse("admin:people_person_change", args=[duplicate.pk]))
    assert page.status_code == 200
    assert "Ana Ruiz" in page.content.decode()  # merged into
    assert 'name="name"' not in page.content.decode()  # no field to edit
    assert (
        admin_client.post(reverse("admin:people_person_change", args=[duplicate.pk]), {"name": "X"}).status_code == 403
    )
    assert admin_client.get(reverse("admin:people_person_add")).status_code == 403

    change = AuditEntry.objects.get(action="people.merged")
    assert admin_client.get(reverse("admin:audit_auditentry_changelist")).status_code == 200
    merge_page = admin_client.get(reverse("admin:audit_auditentry_change", args=[change.pk]))
    assert merge_page.status_code == 200 and 'name="after"' not in merge_page.content.decode()
    duplicate.refresh_from_db()
    assert duplicate.merged_into == ana and duplicate.name == "Ana R"


def test_a_tour_in_the_admin_is_saved_through_update_tour(admin_client: Client, director: User) -> None:
    tour = create_tour(slug="vpt", name="Vamos Tour", actor=director, rule={"formula": "field", "multiplier": 10})
    event = create_event(name="Spring", slug="spring", actor=director, levels=[100])
    add_event_to_tour(tour, event=event, actor=director)
    listed = admin_client.get(reverse("admin:tours_tour_changelist"), {"q": "vamos"})
    assert listed.status_code == 200 and "Vamos Tour" in listed.content.decode()
    url = reverse("admin:tours_tour_change", args=[tour.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    assert "Spring" in page.content.decode() and "√(entries ÷ place)" in page.content.decode()
    version = Tour.objects.get(pk=tour.pk).version
    form = {
        "name": "Vamos Poker Tour",
        "rule": '{"formula": "table", "table": [100, 50]}',
        "tour_events-TOTAL_FORMS": "1",
        "tour_events-INITIAL_FORMS": "1",
        "tour_events-MIN_NUM_FORMS": "0",
        "tour_events-MAX_NUM_FORMS": "1000",
        "tour_events-0-id": str(tour.tour_events.get().pk),
        "tour_events-0-tour": str(tour.pk),
    }

    refused = admin_client.post(url, {**form, "rule": '{"formula": "gpi"}'})
    assert refused.status_code == 200 and "formula" in refused.context["adminform"].form.errors["rule"][0]
    assert admin_client.post(url, form).status_code == 302

    tour.refresh_from_db()
    assert tour.name == "Vamos Poker Tour" and tour.rule["formula"] == "table" and tour.rule["table"] == [100, 50]
    assert tour.version == version + 1
    changes = AuditEntry.objects.filter(object_type="tours.tour", object_id=str(tour.pk), actor=director)
    assert changes.filter(action="tours.tour_changed").count() == 1
    assert admin_client.get(reverse("admin:tours_tour_delete", args=[tour.pk])).status_code == 403
