"""The director's tables overview and dealer assignment."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import make_event

from vpt.events.models import AuditEntry, Event, Player
from vpt.rounds.services import record_hand
from vpt.tables.models import EventDealer, Table

pytestmark = pytest.mark.django_db


def overview(event: Event) -> str:
    return reverse("seating:tables-overview", args=[event.slug])


def test_staff_only(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    assert client.get(overview(table.event)).status_code == 403
    assert client.post(reverse("tables:assign-dealer", args=[table.pk]), {"dealer": ""}).status_code == 403


def test_overview_shows_tables_and_marks_stale_ones(client_as_director: Client, table: Table, director: User) -> None:
    from vpt.rounds.selectors import table_state

    seats = table_state(table.pk).seats
    boards = {seat.number: board for seat, board in zip(seats, [JACKS, ACES_FULL, QUEENS_FULL])}
    record_hand(table, hand_number=1, boards=boards, actor=director)
    page = client_as_director.get(overview(table.event)).content.decode()
    assert "next: 2" in page
    assert 'class="stale"' not in page
    for seat in seats:
        seat.entry.refresh_from_db()
        assert str(seat.entry) in page
    # A table's last activity is its last hand in the audit log (the overview reads no hands).
    AuditEntry.objects.filter(action=AuditEntry.Action.RECORD_HAND).update(
        created_at=timezone.now() - datetime.timedelta(minutes=30)
    )
    page = client_as_director.get(overview(table.event)).content.decode()
    assert 'class="stale"' in page
    assert "No hand for a while" in page


def test_overview_fragment_for_htmx(client_as_director: Client, table: Table) -> None:
    response = client_as_director.get(overview(table.event), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="overview"') and "<html" not in html


def test_overview_query_count_is_constant(
    client_as_director: Client, director: User, django_assert_max_num_queries: Any
) -> None:
    event = make_event(director, [f"Player {number}" for number in range(30)], name="Big", seed=3, levels=[100])
    assert Table.objects.filter(event=event).count() == 10
    with django_assert_max_num_queries(7):
        response = client_as_director.get(overview(event))
    assert response.status_code == 200
    assert Player.objects.filter(event=event).count() == 30


def test_assign_dealer(client_as_director: Client, table: Table) -> None:
    newcomer = User.objects.create_user("newcomer", password="x")
    EventDealer.objects.create(event=table.event, user=newcomer)
    response = client_as_director.post(
        reverse("tables:assign-dealer", args=[table.pk]), {"dealer": newcomer.pk}, follow=True
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
        reverse("tables:assign-dealer", args=[table.pk]), {"dealer": elsewhere.pk}, follow=True
    )
    assert "Choose a dealer from the list." in response.content.decode()
    table.refresh_from_db()
    assert table.dealer == dealer_user
