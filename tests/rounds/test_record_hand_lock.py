"""`record_hand` plans the hand before the lock and holds it for a few statements: the queries
a recorded hand costs, counted (not timed), and a plan that another writer made stale between
the read and the lock, made again under the lock."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from factories import by_seat, make_event, play

from vpt.audit.models import AuditEntry
from vpt.errors import Conflict
from vpt.events.audit import bump_version
from vpt.events.models import Entry, Event
from vpt.rounds import services
from vpt.rounds.clock import start_clock
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Round, Table

BOARDS = [JACKS, ACES_FULL, QUEENS_FULL]  # nobody fouls, busts or earns Fantasyland
TIMED = [{"chips_per_point": 100, "minutes": 20}, {"chips_per_point": 200, "minutes": 20}]

# A hand: the table read (1); then BEGIN (SAVEPOINT in a test), the event locked (1), the hand,
# its boards and exchanges (3), stacks (1), the table's number, button and next hand (1), the
# round's button moves (1), the version and the audit entry (2), COMMIT (RELEASE).
QUERIES_PER_HAND = 12
# The hand after a complete round closes it and opens the next: one statement more.
QUERIES_OPENING_A_ROUND = 13


def record_next(table: Table, director: User) -> tuple[Hand, int]:
    """`play`, counting the queries of `record_hand` alone (the boards are laid out first)."""
    state = table_state(table.pk)
    boards = by_seat(table, BOARDS)
    with CaptureQueriesContext(connection) as context:
        hand = record_hand(state.table, hand_number=state.next_hand_number, boards=boards, actor=director)
    return hand, len(context)


def queries_per_hand(table: Table, director: User, hands: int) -> list[tuple[int, bool]]:
    """Each hand's queries, and whether it opened a round."""
    counted = []
    for _ in range(hands):
        rounds = Round.objects.filter(table=table).count()
        _hand, queries = record_next(table, director)
        counted.append((queries, Round.objects.filter(table=table).count() > rounds))
    return counted


def test_a_hand_is_recorded_in_twelve_queries_whatever_the_hand_number(table: Table, director: User) -> None:
    counted = queries_per_hand(table, director, 7)  # two orbits of three players and one hand more

    assert [opened for _, opened in counted] == [False, False, False, True, False, False, True]
    for queries, opened in counted:
        assert queries <= (QUERIES_OPENING_A_ROUND if opened else QUERIES_PER_HAND)
    assert sum(Entry.objects.values_list("stack", flat=True)) == 30000


def test_a_running_clock_inside_its_level_costs_a_hand_no_query(director: User) -> None:
    event = make_event(director, ["Ana", "Ben", "Cy"], name="Clock Cup", levels=TIMED)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=5))
    table = Table.objects.get(event=event)

    counted = queries_per_hand(table, director, 3)

    assert all(queries <= QUERIES_PER_HAND for queries, _ in counted)
    assert Event.objects.get(pk=event.pk).current_level.number == 1


def test_the_clock_is_stored_once_when_time_has_ended_the_level(director: User) -> None:
    event = make_event(director, ["Ana", "Ben", "Cy"], name="Late Cup", levels=TIMED)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=25))  # level 2 is due
    table = Table.objects.get(event=event)

    state, boards = table_state(table.pk), by_seat(table, BOARDS)
    with CaptureQueriesContext(connection) as context:
        record_hand(state.table, hand_number=1, boards=boards, actor=director)

    clock_writes = [q["sql"] for q in context.captured_queries if q["sql"].startswith('UPDATE "events_clock"')]
    assert len(clock_writes) == 1
    # The hand was dealt at level 1 and keeps it; the next hand is dealt at level 2.
    assert Hand.objects.get(table=table).chips_per_point == 100
    assert Table.objects.get(pk=table.pk).next_chips_per_point == 200
    assert AuditEntry.objects.filter(event_id=event.pk, action="clock.level_reached").count() == 1


def writer_before_the_lock(monkeypatch: pytest.MonkeyPatch, write: Any) -> None:
    """Run `write` (another service's change, committed) between the read and the lock."""
    lock = services._lock_event_for_hand

    def lock_after(event_id: int, table_id: int) -> Event:
        write(event_id)
        return lock(event_id, table_id)

    monkeypatch.setattr(services, "_lock_event_for_hand", lock_after)


def test_a_stack_changed_before_the_lock_is_settled_from_its_new_value(
    table: Table, director: User, kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = kit.entries_in_order(table)[0]

    def adjust_chips(event_id: int) -> None:
        Entry.objects.filter(pk=first.pk).update(stack=F("stack") + 500)
        bump_version(event_id)

    writer_before_the_lock(monkeypatch, adjust_chips)
    hand = play(table, BOARDS, director)

    board = hand.boards.get(entry=first)
    assert (board.stack_before, board.stack_after) == (10500, 11100)
    assert sum(Entry.objects.values_list("stack", flat=True)) == 30500


def test_a_hand_recorded_before_the_lock_refuses_the_second(
    table: Table, director: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = by_seat(table, BOARDS)

    def same_hand_elsewhere(event_id: int) -> None:
        Table.objects.filter(pk=table.pk).update(last_hand_number=1)
        bump_version(event_id)

    writer_before_the_lock(monkeypatch, same_hand_elsewhere)
    with pytest.raises(Conflict) as refused:
        record_hand(table, hand_number=1, boards=boards, actor=director)

    assert refused.value.code == "already_recorded"
    assert not Hand.objects.exists()
    assert sorted(Entry.objects.values_list("stack", flat=True)) == [10000, 10000, 10000]


def test_a_hand_at_another_table_before_the_lock_keeps_the_plan(
    director: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = make_event(director, [f"P{n}" for n in range(6)], name="Two Tables", seed=3)
    table, other = Table.objects.filter(event=event).order_by("number")

    def hand_at_the_other_table(event_id: int) -> None:
        bump_version(event_id)  # what a hand there changes of this table: nothing but the version

    writer_before_the_lock(monkeypatch, hand_at_the_other_table)
    hand, queries = record_next(table, director)

    # One more than a hand alone (the other writer's own bump aside): the table, round and seats
    # read again under the lock, found as planned; no second plan.
    assert queries == QUERIES_PER_HAND + 1 + 1
    assert sorted(b.stack_after for b in hand.boards.all()) == [9600, 9800, 10600]
    assert table_state(other.pk).next_hand_number == 1
