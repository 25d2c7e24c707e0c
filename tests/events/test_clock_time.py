"""The tournament clock counts elapsed time: a jump of the laptop's wall clock (a network time
sync) neither skips levels nor stays in force once stepped back. And the director sets the time
left of a level exactly."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from unittest import mock

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from factories import make_event

from vpt.clock import steady as clock_time
from vpt.clock.steady import JumpGuard
from vpt.events.models import Event
from vpt.rounds.clock import adjust_clock, apply_clock_changes, clock_now, start_clock
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table

LEVELS = [
    {"chips_per_point": 10, "minutes": 20},
    {"chips_per_point": 20, "minutes": 20},
    {"chips_per_point": 30, "minutes": 20},
    {"chips_per_point": 50, "minutes": 20},
    {"chips_per_point": 80, "minutes": 20},
    {"chips_per_point": 100, "minutes": 20},
    {"chips_per_point": 150, "minutes": 20},
]
TWO_HOURS = 2 * 3600.0


class Machine:
    """A wall clock that can be stepped, and the boot-time clock that only elapses."""

    def __init__(self) -> None:
        self.elapsed = 1000.0
        self.wall = 1_800_000_000.0

    def wait(self, seconds: float) -> None:
        self.elapsed += seconds
        self.wall += seconds


def guard_for(machine: Machine, reference: Path | None = None, boot_id: str = "boot-1") -> JumpGuard:
    return JumpGuard(
        wall=lambda: machine.wall, elapsed=lambda: machine.elapsed, reference_file=reference, boot_id=boot_id
    )


def test_a_jump_is_measured_logged_once_and_undone_when_stepped_back(caplog: pytest.LogCaptureFixture) -> None:
    machine = Machine()
    guard = guard_for(machine)
    assert guard.jump() == 0.0
    machine.wait(60)
    assert guard.jump() == 0.0

    machine.wall += TWO_HOURS
    with caplog.at_level(logging.WARNING, logger="vpt.clock.steady"):
        assert guard.jump() == TWO_HOURS
        machine.wait(30)
        assert guard.jump() == TWO_HOURS
    assert [r.getMessage() for r in caplog.records] == [
        "the system clock jumped +7200 s (now +7200 s from elapsed time); the tournament clock ignores it"
    ]

    machine.wall -= TWO_HOURS
    assert guard.jump() == 0.0


def test_every_process_on_the_machine_measures_from_one_reference(tmp_path: Path) -> None:
    machine = Machine()
    reference = tmp_path / "clock-reference.json"
    assert guard_for(machine, reference).jump() == 0.0
    machine.wait(5)
    machine.wall += TWO_HOURS

    started_after_the_jump = guard_for(machine, reference)
    after_a_reboot = guard_for(machine, reference, boot_id="boot-2")

    assert started_after_the_jump.jump() == TWO_HOURS
    assert after_a_reboot.jump() == 0.0


@pytest.fixture
def jumping_machine() -> Iterator[Machine]:
    """This process's wall clock, steppable: Django's now and the guard both read it."""
    machine = Machine()
    real_now = timezone.now()
    start_wall = machine.wall

    def now() -> object:
        return real_now + timedelta(seconds=machine.wall - start_wall)

    with mock.patch.object(clock_time, "_guard", guard_for(machine)), mock.patch("django.utils.timezone.now", now):
        yield machine


def jump_cup(director: User) -> Event:
    event = make_event(director, [f"P{n}" for n in range(6)], name="Jump Cup", seed=5, levels=LEVELS)
    return Event.objects.select_related("current_level").get(pk=event.pk)


def test_the_clock_ignores_a_two_hour_jump(director: User, jumping_machine: Machine) -> None:
    event = jump_cup(director)
    start_clock(event, actor=director)
    jumping_machine.wait(5 * 60)

    jumping_machine.wall += TWO_HOURS
    assert apply_clock_changes() == 0
    status = clock_now(event).status

    assert (status.level.number, status.chips_per_point, status.seconds_left) == (1, 10, 15 * 60)
    state = table_state(Table.objects.get(event=event, number=1).pk)
    hand = record_hand(
        state.table,
        hand_number=state.next_hand_number,
        boards={seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])},
        actor=director,
    )
    assert hand.chips_per_point == 10
    assert Event.objects.get(pk=event.pk).current_level.number == 1

    jumping_machine.wall -= TWO_HOURS  # stepped back: still level 1, nothing to undo
    jumping_machine.wait(60)
    assert clock_now(event).status.seconds_left == 14 * 60


def test_the_director_sets_the_time_left_exactly(client_as_director: Client, director: User) -> None:
    event = jump_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=7, seconds=12))

    answer = client_as_director.post("/floor/events/jump-cup/clock/adjust/", {"time_left": "12:30"})
    bad = client_as_director.post("/floor/events/jump-cup/clock/adjust/", {"time_left": "12:75"})

    assert answer.status_code == 302
    assert clock_now(event).status.seconds_left in (750, 749)  # the second ticking between the two reads
    assert bad.status_code == 422
    assert "Write the time left as minutes:seconds, such as 12:30." in bad.content.decode()


def test_setting_the_time_left_at_a_fixed_instant(director: User) -> None:
    event = jump_cup(director)
    started = timezone.now() - timedelta(minutes=3, seconds=20.5)
    start_clock(event, actor=director, now=started)
    at = started + timedelta(minutes=3, seconds=20.5)

    adjust_clock(event, actor=director, time_left=25 * 60, now=at)
    assert clock_now(event, now=at).status.seconds_left == 25 * 60
    adjust_clock(event, actor=director, time_left=0, now=at)
    status = clock_now(event, now=at).status
    assert (status.level.number, status.seconds_left) == (2, 20 * 60)
