"""Reads never write: the public clock computes what time shows; one writer
(`apply_clock_changes`, `manage.py tick_clock`, or the next state change) stores it. And every
state change bumps the event's version."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from factories import make_event

from vpt.audit.models import AuditEntry
from vpt.events.entries import register_player
from vpt.events.models import Event
from vpt.events.structure import advance_level
from vpt.rounds.clock import apply_clock_changes, clock_now, deal_waiting, pause_clock, start_clock
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table

LEVELS = [
    {"chips_per_point": 100, "minutes": 20},
    {"chips_per_point": 200, "minutes": 20},
    {"chips_per_point": 100, "minutes": 10, "is_break": True},
    {"chips_per_point": 300, "minutes": 20},
]


def tick_cup(director: User, slug: str = "tick-cup") -> Event:
    return reload(make_event(director, [f"P{n}" for n in range(6)], name="Tick Cup", slug=slug, seed=5, levels=LEVELS))


def reload(event: Event) -> Event:
    return Event.objects.select_related("current_level").get(pk=event.pk)


def writes(context: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in context.captured_queries if q["sql"].split()[0].upper() in ("INSERT", "UPDATE", "DELETE")]


def test_every_service_bumps_the_version(director: User) -> None:
    event = tick_cup(director)
    audited = AuditEntry.objects.filter(event_id=event.pk).count()

    assert event.version == audited  # one bump per audit entry, each in its transaction
    register_player(event, name="Late", actor=director)
    advance_level(event, actor=director)
    assert reload(event).version == audited + 2


def test_the_public_clock_reads_without_writing(client: Client, director: User) -> None:
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=25))  # level 2 is due
    before = reload(event)

    with CaptureQueriesContext(connection) as context:
        page = client.get("/standings/tick-cup/clock/")
        data = client.get("/standings/tick-cup/clock.json").json()
        snapshot = clock_now(before)

    assert page.status_code == 200
    assert data["level"]["number"] == 2 and snapshot.status.level.number == 2
    assert writes(context) == []
    after = reload(event)
    assert (after.version, after.current_level.number) == (before.version, 1)  # not in force yet


def test_apply_clock_changes_puts_the_level_in_force_once(director: User) -> None:
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=25))
    version = reload(event).version

    assert apply_clock_changes() == 1
    assert apply_clock_changes() == 0  # nothing more to store
    event = reload(event)
    assert event.current_level.number == 2
    assert event.version == version + 1
    assert AuditEntry.objects.filter(event_id=event.pk, action="clock.level_reached", actor=None).count() == 1
    # The hand in play was dealt at the draw (level 1) and keeps it; the next one is dealt now.
    state = table_state(Table.objects.get(event=event, number=1).pk)
    hand = record_hand(
        state.table,
        hand_number=state.next_hand_number,
        boards={seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])},
        actor=director,
    )
    assert (hand.chips_per_point, table_state(state.table.pk).chips_per_point) == (100, 200)


def test_a_break_by_time_puts_the_event_on_break(director: User) -> None:
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=41))

    assert apply_clock_changes() == 1
    event = reload(event)
    assert (event.current_level.number, event.status) == (3, Event.Status.ON_BREAK)


def test_the_job_runner_deals_the_tables_a_break_kept_waiting(director: User) -> None:
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=41))  # the break is on
    table = Table.objects.get(event=event, number=1)
    state = table_state(table.pk)
    record_hand(  # the hand in play, dealt at the draw
        state.table,
        hand_number=state.next_hand_number,
        boards={seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])},
        actor=director,
    )
    assert table_state(table.pk).why_not == "on_break"
    version = reload(event).version

    assert apply_clock_changes(now=timezone.now() + timedelta(minutes=11)) == 1  # the break is over

    after = table_state(table.pk)
    assert (after.can_deal, after.level.number, after.chips_per_point) == (True, 4, 300)
    assert reload(event).version > version


def test_apply_clock_changes_leaves_paused_and_unstarted_clocks(director: User) -> None:
    paused = tick_cup(director, slug="paused")
    start_clock(paused, actor=director, now=timezone.now() - timedelta(minutes=5))
    pause_clock(paused, actor=director)
    tick_cup(director, slug="unstarted")

    assert apply_clock_changes(now=timezone.now() + timedelta(hours=2)) == 0


def test_the_next_state_change_applies_time_too(director: User) -> None:
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=25))
    state = table_state(Table.objects.get(event=event, number=1).pk)

    hand = record_hand(
        state.table,
        hand_number=state.next_hand_number,
        boards={seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])},
        actor=director,
    )
    # Recording it stored the new level: the next hand is dealt at it, nothing is left to apply.
    assert (hand.chips_per_point, table_state(state.table.pk).chips_per_point) == (100, 200)
    assert apply_clock_changes() == 0


def test_tick_clock_command(director: User) -> None:
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=25))
    out = StringIO()

    call_command("tick_clock", stdout=out)
    assert out.getvalue().strip() == "clock changes applied: 1"
    assert reload(event).current_level.number == 2


def test_the_break_ends_and_its_tables_deal_in_one_transaction(director: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """No `not_dealt` window: the clock writer that stores the break's end deals the waiting
    tables before it commits; no second transaction (`deal_waiting_hands`) is needed, and none
    is made while nothing is left waiting."""
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=41))  # the break is on
    table = Table.objects.get(event=event, number=1)
    state = table_state(table.pk)
    record_hand(
        state.table,
        hand_number=state.next_hand_number,
        boards={seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])},
        actor=director,
    )
    assert table_state(table.pk).why_not == "on_break"
    seen: list[tuple[str, object]] = []

    def observe(event: Event) -> None:  # inside the clock's transaction, once it stored the end
        seen.append((Event.objects.get(pk=event.pk).status, deal_waiting(event)))
        seen.append(("dealt", Table.objects.get(pk=table.pk).next_chips_per_point))

    def second_transaction(event: Event) -> None:
        raise AssertionError("the tables were dealt in a transaction of their own")

    monkeypatch.setattr("vpt.rounds.clock.deal_waiting", observe)
    monkeypatch.setattr("vpt.rounds.clock.deal_waiting_hands", second_transaction)
    from vpt.rounds import clock

    assert (
        clock.clock_services.apply_clock_changes(
            read_facts=clock.room_facts, now=timezone.now() + timedelta(minutes=11), deal_waiting=observe
        )
        == 1
    )
    assert seen == [(Event.Status.RUNNING, None), ("dealt", 300)]
    assert table_state(table.pk).why_not is None
    assert apply_clock_changes(now=timezone.now() + timedelta(minutes=11)) == 0  # nothing left to deal


def test_resuming_the_clock_after_a_break_deals_in_the_same_transaction(
    director: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = tick_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=41))
    table = Table.objects.get(event=event, number=1)
    state = table_state(table.pk)
    boards = {seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])}
    record_hand(state.table, hand_number=state.next_hand_number, boards=boards, actor=director)
    pause_clock(event, actor=director)
    assert table_state(table.pk).why_not == "on_break"

    def second_transaction(event: Event) -> None:
        raise AssertionError("the tables were dealt in a transaction of their own")

    monkeypatch.setattr("vpt.rounds.clock.deal_waiting_hands", second_transaction)
    from vpt.rounds.clock import adjust_clock

    adjust_clock(event, actor=director, level=4)  # the director ends the break by hand
    assert {table_state(t.pk).why_not for t in Table.objects.filter(event=event)} == {None}
