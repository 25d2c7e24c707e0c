"""Pace and table health (floor.md, "Pace"): each open table's pace, hands this level, hands
behind the leader, minutes since its last hand, device last contact, open calls and disputes,
a lone player, a Fantasyland pending; worst first on the tables overview; the same facts in
``GET /api/events/<slug>/tables``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import by_seat, make_event

from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.rounds.table_health import table_health, worst_first
from vpt.seating.calls import call_floor
from vpt.tables.contact import note_contact
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db

SIX = ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"]


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


def _play(table: Table, director: User, boards: list[dict[str, str]]) -> Hand:
    state = table_state(table.pk)
    return record_hand(state.table, hand_number=state.next_hand_number, boards=by_seat(table, boards), actor=director)


def test_pace_hands_behind_and_the_worst_first(client_as_director: Client, director: User) -> None:
    event = make_event(director, SIX, slug="pace", seats_per_table=3)
    one, two = Table.objects.filter(event=event).order_by("number")
    now = timezone.now()
    hands = [_play(one, director, [JACKS, ACES_FULL, QUEENS_FULL]) for _ in range(3)]
    for minutes, hand in zip((50, 20, 5), hands, strict=True):
        Hand.objects.filter(pk=hand.pk).update(recorded_at=now - timedelta(minutes=minutes))
    _play(two, director, [QUEENS_UP, JACKS, ACES_FULL])  # table 2: a Fantasyland hand next
    Hand.objects.filter(table=two).update(recorded_at=now - timedelta(minutes=12))
    note_contact(one.pk, now=now - timedelta(minutes=1))

    tables = Table.objects.filter(event=event).order_by("number")
    health = table_health(event, [(t, 3, t.pk == two.pk) for t in tables], now=now)
    first, second = health[one.pk], health[two.pk]
    assert (first.pace_per_hour, first.hands_this_level, first.hands_behind) == (4, 3, 0)  # 2 in 30 min
    assert (first.minutes_since_last_hand, first.minutes_since_contact) == (5, 1)
    assert (second.pace_per_hour, second.hands_this_level, second.hands_behind) == (2, 1, 2)
    assert (second.minutes_since_last_hand, second.minutes_since_contact) == (12, None)
    assert second.fantasyland_pending and not first.fantasyland_pending
    assert [row.number for row in worst_first(list(health.values()))] == [2, 1]

    # A call to the floor puts table 1 first.
    call_floor(one, actor=director, reason="ruling")
    page = client_as_director.get(reverse("floor:tables-overview", args=[event.slug])).content.decode()
    assert page.index('data-table="1"') < page.index('data-table="2"')
    assert "1 call to the floor" in page and "2 behind" in page and "Fantasyland pending" in page

    data = client_as_director.get(reverse("api:tables", args=[event.slug])).json()
    rows = {row["table"]: row for row in data["tables"]}
    assert (rows[1]["open_calls"], rows[1]["hands_this_level"], rows[1]["hands_behind"]) == (1, 3, 0)
    assert (rows[2]["pace_per_hour"], rows[2]["fantasyland_pending"], rows[2]["lone_player"]) == (2, True, False)
    assert rows[2]["minutes_since_last_hand"] in (12, 13)  # the API's own now
    assert (data["hand_for_hand"], rows[1]["waiting_for"]) == (False, [])
