"""Featured tables (floor.md, "The featured table"): the director marks them on the tables
overview (vpt.tables.featured, vpt.floor.broadcast_views), audited; the Broadcast page lists
the addresses to paste into OBS."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.audit.models import AuditEntry
from vpt.errors import NotAllowed, ServiceError
from vpt.events.models import Event
from vpt.tables.featured import set_table_featured
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


def test_the_director_features_a_table_audited(table: Table, director: User) -> None:
    version = Event.objects.get(pk=table.event_id).version
    set_table_featured(table, featured=True, actor=director)
    table.refresh_from_db()
    assert table.featured is True
    entry = AuditEntry.objects.filter(event_id=table.event.pk).latest("id")
    assert (entry.action, entry.table_number, entry.before, entry.after) == (
        "tables.feature_table",
        1,
        {"featured": False},
        {"featured": True},
    )
    assert Event.objects.get(pk=table.event_id).version == version + 1  # the live pages see it
    set_table_featured(table, featured=False, actor=director)
    table.refresh_from_db()
    assert table.featured is False
    assert AuditEntry.objects.filter(event_id=table.event.pk).latest("id").action == "tables.unfeature_table"


def test_asking_for_what_holds_changes_nothing(table: Table, director: User) -> None:
    entries = AuditEntry.objects.count()
    set_table_featured(table, featured=False, actor=director)
    assert AuditEntry.objects.count() == entries


def test_only_a_director_and_never_a_broken_table(table: Table, director: User, dealer_user: User) -> None:
    with pytest.raises(NotAllowed):
        set_table_featured(table, featured=True, actor=dealer_user)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.BROKEN)
    with pytest.raises(ServiceError) as error:
        set_table_featured(table, featured=True, actor=director)
    assert error.value.code == "table_broken"
    table.refresh_from_db()
    assert table.featured is False


def test_the_overview_control_and_the_broadcast_page(client_as_director: Client, table: Table) -> None:
    overview = reverse("floor:tables-overview", args=[table.event.slug])
    assert "Feature table 1" in client_as_director.get(overview).content.decode()
    response = client_as_director.post(reverse("floor:feature-table", args=[table.pk]), {"featured": "1"}, follow=True)
    page = response.content.decode()
    assert "Table 1 is featured on the stream." in page
    assert "data-featured" in page and "Stop featuring" in page
    broadcast = client_as_director.get(reverse("floor:broadcast", args=[table.event.slug])).content.decode()
    for path in ("table/1/", "chips/", "clock/"):
        assert f'value="http://testserver/broadcast/{table.event.slug}/{path}"' in broadcast
        assert f'<iframe src="http://testserver/broadcast/{table.event.slug}/{path}"' in broadcast


def test_staff_only(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    assert client.post(reverse("floor:feature-table", args=[table.pk]), {"featured": "1"}).status_code == 403
    assert client.get(reverse("floor:broadcast", args=[table.event.slug])).status_code == 403
    table.refresh_from_db()
    assert table.featured is False
