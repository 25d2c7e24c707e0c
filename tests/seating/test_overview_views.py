"""The director's tables overview (vpt.floor.seating_views.overview): tables, stale ones, the htmx fragment, queries."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import make_event

from vpt.audit.models import AuditEntry
from vpt.events.models import Event, Player
from vpt.rounds.services import record_hand
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


def overview(event: Event) -> str:
    return reverse("floor:tables-overview", args=[event.slug])


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
    AuditEntry.objects.filter(action="rounds.hand_recorded").update(
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
    with django_assert_max_num_queries(10):  # and the moves not confirmed yet, and those planned
        response = client_as_director.get(overview(event))
    assert response.status_code == 200
    assert Player.objects.filter(event=event).count() == 30
