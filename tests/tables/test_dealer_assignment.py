"""Dealer assignment (vpt.floor.table_views.assign), on the director's tables overview."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.events.models import Event
from vpt.tables.models import EventDealer, Table

pytestmark = pytest.mark.django_db


def overview(event: Event) -> str:
    return reverse("floor:tables-overview", args=[event.slug])


def test_staff_only(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    assert client.get(overview(table.event)).status_code == 403
    assert client.post(reverse("floor:assign-dealer", args=[table.pk]), {"dealer": ""}).status_code == 403


def test_assign_dealer(client_as_director: Client, table: Table) -> None:
    newcomer = User.objects.create_user("newcomer", password="x")
    EventDealer.objects.create(event=table.event, user=newcomer)
    response = client_as_director.post(
        reverse("floor:assign-dealer", args=[table.pk]), {"dealer": newcomer.pk}, follow=True
    )
    assert "Table 1: dealer newcomer." in response.content.decode()
    table.refresh_from_db()
    assert table.dealer == newcomer


def test_assignment_offers_this_events_dealers_then_accounts_made_in_the_admin(
    client_as_director: Client, table: Table, dealer_user: User
) -> None:
    """The dealer list: this event's dealers (and whoever deals one of its tables), then the
    accounts that deal no event yet (made in the admin); not another event's dealers."""
    other_event = Event.objects.create(name="Other", slug="other-open")
    elsewhere = User.objects.create_user("elsewhere", password="x")
    EventDealer.objects.create(event=other_event, user=elsewhere)
    User.objects.create_user("stranger", password="x")  # made in the admin: deals no event yet
    mine = User.objects.create_user("mine", password="x")
    EventDealer.objects.create(event=table.event, user=mine)
    page = client_as_director.get(overview(table.event)).content.decode()
    ours, others = page.split('label="Other accounts (made in the admin)"')
    assert set(re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', ours)) == {"dealer", "mine"}
    assert set(re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', others)) == {"stranger"}
    response = client_as_director.post(
        reverse("floor:assign-dealer", args=[table.pk]), {"dealer": elsewhere.pk}, follow=True
    )
    assert "Choose a dealer from the list." in response.content.decode()
    table.refresh_from_db()
    assert table.dealer == dealer_user
