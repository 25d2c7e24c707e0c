"""The director's balancing suggestions page (moved from the standings app, issue 9)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from factories import make_event

from vpt.events.models import Entry, Event
from vpt.seating.models import Seat

URL = "/floor/seating/costa-open/balancing/"


@pytest.fixture
def event(director: User) -> Event:
    """Six players at two tables (seed 11), no hands yet."""
    return make_event(director, ["Ana García", "Ben", "Cid", "Dora", "Eva", "Félix"], name="Costa Open")


def test_balancing_needs_a_director(client: Client, event: Event, dealer_user: User, director: User) -> None:
    assert client.get(URL).status_code == 302
    assert client.get(URL)["Location"].startswith("/floor/accounts/login/")
    client.force_login(dealer_user)
    assert client.get(URL).status_code == 403
    client.force_login(director)
    assert client.get(URL).status_code == 200
    assert client.post(URL).status_code == 405


def test_balancing_page_suggests_moves(client_as_director: Client, event: Event) -> None:
    balanced = client_as_director.get(URL).content.decode()
    # Two players leave table 2 and one table 1: three are left, the final table.
    seats = Seat.objects.filter(table__event=event, entry__isnull=False).order_by("number")
    gone = list(seats.filter(table__number=2))[:2] + list(seats.filter(table__number=1))[:1]
    Entry.objects.filter(pk__in=[seat.entry_id for seat in gone]).update(status=Entry.Status.ELIMINATED, stack=0)
    Seat.objects.filter(pk__in=[seat.pk for seat in gone]).update(entry=None)

    page = client_as_director.get(URL).content.decode()

    assert "The tables are balanced: nothing to do." in balanced
    assert "Final table: everyone plays at table 1." in page
    assert "Break these tables:</strong> 2" in page
    assert "→ table 1 seat" in page and "now" in page
    assert 'href="/standings/costa-open/tables/1/"' in page
