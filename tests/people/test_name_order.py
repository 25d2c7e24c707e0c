"""Lists of names sort by the folded name: "Élodie" before "Sofía", "ana" beside "Ana"
(vpt.people.names.name_key), on the results, the standings and the director's lists."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from factories import make_event

from vpt.events.models import Entry, Event
from vpt.floor.link_views import entry_links
from vpt.money.results import event_results_table
from vpt.standings.selectors import event_standings

pytestmark = pytest.mark.django_db

NAMES = ["Sofía", "Élodie", "bea", "Ana", "Óscar", "Zoe"]
ORDER = ["Ana", "bea", "Élodie", "Óscar", "Sofía", "Zoe"]


@pytest.fixture
def even(director: User) -> Event:
    """Everyone on the same stack, not seated: only the names order them."""
    return make_event(director, NAMES, name="Names Open", draw=False)


def test_results_and_standings_sort_by_the_folded_name(even: Event) -> None:
    assert [row.name for row in event_results_table(even).rows] == ORDER
    assert [row.name for row in event_standings(even).active] == ORDER


def test_the_links_list_sorts_by_the_folded_name(even: Event) -> None:
    assert [entry.player.name for entry, _url in entry_links(even, lambda path: path)] == ORDER


def test_eliminated_players_with_no_place_sort_by_the_folded_name(even: Event) -> None:
    Entry.objects.filter(event=even).update(status=Entry.Status.ELIMINATED, stack=0)
    assert [row.name for row in event_standings(even).eliminated] == ORDER
