"""Keep tables in step (floor.md, "Pace"): with `max_hands_ahead` a table that many hands ahead
of the slowest open table in the level does not deal until that one records; a table with a
Fantasyland hand pending is never held; the dealer's page names the table and the wait."""

from __future__ import annotations

from datetime import timedelta

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import by_seat, make_event

from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.events.services import update_event
from vpt.rounds.models import Hand
from vpt.rounds.pace import table_paces
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.rounds.waits import table_wait
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db

SIX = ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"]
PLAIN = [JACKS, ACES_FULL, QUEENS_FULL]


def _room(director: User, **options: object) -> tuple[Event, Table, Table]:
    event = make_event(director, SIX, slug="steps", seats_per_table=3, **options)
    one, two = Table.objects.filter(event=event).order_by("number")
    return event, one, two


def _play(table: Table, director: User, boards: list[dict[str, str]] = PLAIN) -> Hand:
    state = table_state(table.pk)
    return record_hand(state.table, hand_number=state.next_hand_number, boards=by_seat(table, boards), actor=director)


def test_off_by_default_a_table_plays_on(director: User) -> None:
    _event, one, _two = _room(director)
    for _ in range(4):
        _play(one, director)
    assert table_state(one.pk).can_deal


def test_a_table_two_hands_ahead_waits_and_deals_when_the_slow_table_records(director: User) -> None:
    _event, one, two = _room(director, max_hands_ahead=2)
    _play(one, director)
    assert table_state(one.pk).can_deal  # one hand ahead
    _play(one, director)
    state = table_state(one.pk)
    assert (state.can_deal, state.why_not) == (False, "waiting_for_tables")
    with pytest.raises(ServiceError) as refused:
        _play(one, director)
    assert refused.value.code == "waiting_for_tables"
    assert table_state(two.pk).can_deal  # the slow table is never held

    _play(two, director)
    assert table_state(one.pk).can_deal
    assert Table.objects.get(pk=one.pk).next_chips_per_point == 100


def test_the_wait_names_the_slow_table_and_estimates_it(director: User) -> None:
    event, one, _two = _room(director, max_hands_ahead=2)
    now = timezone.now()
    first, second = _play(one, director), _play(one, director)
    # Table 1 took 6 minutes for its second hand; table 2 has no pace yet: the room's is used.
    Hand.objects.filter(pk=first.pk).update(recorded_at=now - timedelta(minutes=10))
    Hand.objects.filter(pk=second.pk).update(recorded_at=now - timedelta(minutes=4))
    table = Table.objects.select_related("event").get(pk=one.pk)
    wait = table_wait(table, "waiting_for_tables")
    assert wait is not None and (wait.tables, wait.minutes) == ([2], 6)
    assert table_paces(event, now=now)[one.pk].per_hour == 4  # 2 hands in the last 30 minutes

    client = Client()
    client.force_login(director)
    page = client.get(reverse("dealer:table", args=[one.pk])).content.decode()
    assert 'data-cannot-deal="waiting_for_tables"' in page
    assert "Ahead of the other tables: waiting for table 2 to catch up. About 6 min." in page
    data = client.get(reverse("api:table", args=[one.pk])).json()
    assert (data["why_not"], data["waiting_for"], data["wait_minutes"]) == ("waiting_for_tables", [2], 6)


def test_a_fantasyland_table_is_never_held(director: User) -> None:
    _event, one, _two = _room(director, max_hands_ahead=2)
    _play(one, director)
    _play(one, director, [QUEENS_UP, JACKS, ACES_FULL])  # P1 plays Fantasyland next
    state = table_state(one.pk)
    assert state.fantasyland and state.can_deal


def test_the_setting_is_an_event_field(director: User) -> None:
    event, _one, _two = _room(director)
    update_event(event, actor=director, max_hands_ahead=3, fantasyland_allowance=120)
    event.refresh_from_db()
    assert (event.max_hands_ahead, event.fantasyland_allowance) == (3, 120)
