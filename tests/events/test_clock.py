"""The clock as pure functions (vpt.clock.rules): levels by time and by hands, pauses,
adjustments, breaks and the Fantasyland rule ("Breaks" in the VPT rules). No database."""

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from vpt.clock.rules import (
    BreakKind,
    ClockError,
    ClockState,
    Fantasyland,
    LevelSpec,
    adjust,
    break_status,
    clock_status,
    go_to_level,
    pause,
    resume,
    settle,
    start,
)

T0 = datetime(2025, 5, 1, 18, 0, tzinfo=UTC)
LEVELS = [
    LevelSpec(1, 100, minutes=20),
    LevelSpec(2, 200, minutes=20),
    LevelSpec(3, 0, minutes=10, is_break=True),
    LevelSpec(4, 300, minutes=20),
    LevelSpec(5, 500, minutes=20),
]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Messages in English whatever language an earlier test left active in this thread."""
    with translation.override("en"):
        yield


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_a_clock_not_started_shows_the_first_level_in_full() -> None:
    status = clock_status(LEVELS, ClockState(), at(90))

    assert (status.started, status.running, status.level.number) == (False, False, 1)
    assert (status.seconds_left, status.chips_per_point, status.next_level) == (1200, 100, LEVELS[1])
    assert status.next_break == LEVELS[2]
    assert status.seconds_to_break == 2400


def test_time_runs_through_the_levels() -> None:
    state = start(LEVELS, ClockState(), T0)

    first = clock_status(LEVELS, state, at(5))
    second = clock_status(LEVELS, state, at(25.5))
    on_break = clock_status(LEVELS, state, at(42))
    after = clock_status(LEVELS, state, at(51))

    assert (first.level.number, first.seconds_left, first.seconds_to_break, first.running) == (1, 900, 2100, True)
    assert (second.level.number, second.seconds_left, second.chips_per_point) == (2, 870, 200)
    assert second.elapsed_seconds == 330
    assert (on_break.level.number, on_break.seconds_left) == (3, 480)
    assert on_break.break_status.kind == BreakKind.ON_BREAK and on_break.break_status.message == "On break"
    assert (after.level.number, after.seconds_left, after.next_break, after.seconds_to_break) == (4, 1140, None, None)
    assert after.break_status.kind == BreakKind.NONE and after.break_status.message == ""


def test_the_last_level_never_ends() -> None:
    status = clock_status(LEVELS, start(LEVELS, ClockState(), T0), at(500))

    assert (status.level.number, status.seconds_left, status.next_level) == (5, 0, None)


def test_a_pause_stops_the_clock_and_resume_carries_on() -> None:
    state = start(LEVELS, ClockState(), T0)
    paused = pause(LEVELS, state, at(15))

    assert clock_status(LEVELS, paused, at(40)).seconds_left == 300
    assert clock_status(LEVELS, paused, at(40)).paused
    assert not clock_status(LEVELS, paused, at(40)).running

    resumed = resume(LEVELS, paused, at(40))

    assert resumed.paused_seconds == 25 * 60
    assert clock_status(LEVELS, resumed, at(41)).seconds_left == 240
    assert clock_status(LEVELS, resumed, at(46)).level.number == 2


def test_clock_changes_refuse_the_wrong_state() -> None:
    state = start(LEVELS, ClockState(), T0)
    cases = [
        (lambda: start(LEVELS, state, at(1)), "already_started"),
        (lambda: pause(LEVELS, ClockState(), at(1)), "not_started"),
        (lambda: pause(LEVELS, pause(LEVELS, state, at(1)), at(2)), "already_paused"),
        (lambda: resume(LEVELS, state, at(1)), "not_paused"),
        (lambda: adjust(LEVELS, ClockState(), at(1), 60), "not_started"),
        (lambda: go_to_level(LEVELS, state, at(1), 9), "no_such_level"),
        (lambda: clock_status([], ClockState(), at(1)), "no_levels"),
    ]
    for call, code in cases:
        with pytest.raises(ClockError) as error:
            call()

        assert error.value.code == code


def test_adjusting_adds_or_takes_time_from_the_level() -> None:
    state = start(LEVELS, ClockState(), T0)

    more = adjust(LEVELS, state, at(10), 120)
    less = adjust(LEVELS, state, at(10), -300)

    assert clock_status(LEVELS, more, at(10)).seconds_left == 720
    assert clock_status(LEVELS, less, at(10)).seconds_left == 300
    assert clock_status(LEVELS, more, at(21)).level.number == 1


def test_taking_more_than_is_left_ends_the_level_and_no_more() -> None:
    state = start(LEVELS, ClockState(), T0)

    ended = adjust(LEVELS, state, at(10), -3600)

    status = clock_status(LEVELS, ended, at(10))
    assert (status.level.number, status.seconds_left) == (2, 1200)


def test_going_to_a_level_starts_it_in_full() -> None:
    state = start(LEVELS, ClockState(), T0)

    moved = go_to_level(LEVELS, state, at(7), 4)
    moved_paused = go_to_level(LEVELS, pause(LEVELS, state, at(5)), at(7), 2)
    before_start = go_to_level(LEVELS, ClockState(), at(7), 2)

    assert clock_status(LEVELS, moved, at(8)).level.number == 4
    assert clock_status(LEVELS, moved, at(8)).seconds_left == 1140
    assert clock_status(LEVELS, moved_paused, at(30)).seconds_left == 1200
    assert clock_status(LEVELS, before_start, at(30)).level.number == 2
    assert clock_status(LEVELS, start(LEVELS, before_start, at(30)), at(31)).seconds_left == 1140


# Levels by hands


HANDS = [
    LevelSpec(1, 100, hands=10),
    LevelSpec(2, 200, minutes=15, hands=8),
    LevelSpec(3, 300, minutes=30),
]


def test_a_level_by_hands_counts_hands_and_does_not_end_on_time() -> None:
    state = ClockState(started_at=T0, hands_played=4)

    status = clock_status(HANDS, state, at(300))

    assert (status.level.number, status.hands_left, status.seconds_left) == (1, 6, None)
    assert status.hands_played == 4


def test_the_next_level_starts_when_the_last_hand_of_a_level_by_hands_ended() -> None:
    state = ClockState(started_at=T0, hands_played=10, hands_completed_at=at(50))

    status = clock_status(HANDS, state, at(53))

    assert (status.level.number, status.seconds_left, status.hands_left) == (2, 720, 8)


def test_a_level_with_minutes_and_hands_ends_at_whichever_comes_first() -> None:
    by_time = ClockState(started_at=T0, level_number=2, hands_played=3)
    by_hands = ClockState(started_at=T0, level_number=2, hands_played=8, hands_completed_at=at(9))

    assert clock_status(HANDS, by_time, at(16)).level.number == 3
    assert clock_status(HANDS, by_time, at(16)).seconds_left == 1740
    assert clock_status(HANDS, by_hands, at(10)).level.number == 3
    assert clock_status(HANDS, by_hands, at(10)).seconds_left == 1740


def test_settling_after_a_level_by_hands_anchors_the_next_level() -> None:
    state = ClockState(started_at=T0, hands_played=10, hands_completed_at=at(50))

    settled = settle(HANDS, state, at(53))

    assert settled == ClockState(started_at=at(50), level_number=2)


def test_adjusting_a_level_by_hands_alone_is_refused() -> None:
    with pytest.raises(ClockError) as error:
        adjust(HANDS, ClockState(started_at=T0), at(1), 60)

    assert error.value.code == "untimed"


# Breaks and Fantasyland


def test_a_break_due_waits_for_the_fantasyland_tables() -> None:
    state = start(LEVELS, ClockState(), T0)

    status = clock_status(LEVELS, state, at(43), Fantasyland(tables=[7, 3]))

    assert status.level.number == 3
    assert status.seconds_left == 600  # the break has not started
    assert not status.running
    assert status.break_status.kind == BreakKind.WAITING
    assert status.break_status.tables == (3, 7)
    assert status.break_status.message == "Break starts when tables 3 and 7 finish Fantasyland"


def test_the_message_for_one_table_and_for_three() -> None:
    state = start(LEVELS, ClockState(), T0)

    one = break_status(LEVELS, state, at(41), Fantasyland(tables=[3]))
    three = break_status(LEVELS, state, at(41), Fantasyland(tables=[12, 3, 7]))

    assert one.message == "Break starts when table 3 finishes Fantasyland"
    assert three.message == "Break starts when tables 3, 7 and 12 finish Fantasyland"


def test_the_message_in_spanish() -> None:
    state = start(LEVELS, ClockState(), T0)

    with translation.override("es"):
        message = break_status(LEVELS, state, at(41), Fantasyland(tables=[3, 7])).message

    assert message == "El descanso empieza cuando las mesas 3 y 7 terminen su Fantasyland"


def test_fantasyland_before_the_break_is_due_changes_nothing() -> None:
    state = start(LEVELS, ClockState(), T0)

    status = clock_status(LEVELS, state, at(30), Fantasyland(tables=[3]))

    assert (status.level.number, status.seconds_left, status.running) == (2, 600, True)
    assert status.break_status.kind == BreakKind.NONE


def test_the_break_starts_officially_when_the_last_fantasyland_hand_ends() -> None:
    state = start(LEVELS, ClockState(), T0)

    # 42 minutes in: the break was due at 40, tables 3 and 7 still play Fantasyland.
    held = settle(LEVELS, state, at(42), Fantasyland(tables=[3, 7]))
    assert held == ClockState(started_at=at(40), level_number=3, paused_at=at(40), fantasyland_hold=True)
    # Table 3 finishes; table 7 goes on (its player stayed in Fantasyland).
    assert settle(LEVELS, held, at(44), Fantasyland(tables=[7])) == held
    assert break_status(LEVELS, held, at(44), Fantasyland(tables=[7])).message == (
        "Break starts when table 7 finishes Fantasyland"
    )
    # Table 7's last Fantasyland hand ended at 46: the ten-minute break runs 46 to 56.
    during = clock_status(LEVELS, held, at(50), Fantasyland(ended_at=at(46)))
    assert (during.level.number, during.seconds_left, during.running) == (3, 360, True)
    assert during.break_status.kind == BreakKind.ON_BREAK
    released = settle(LEVELS, held, at(50), Fantasyland(ended_at=at(46)))
    assert clock_status(LEVELS, released, at(50)) == during
    after = clock_status(LEVELS, released, at(57))
    assert (after.level.number, after.seconds_left) == (4, 1140)


def test_a_fantasyland_hold_ended_without_a_time_starts_the_break_when_it_was_due() -> None:
    held = ClockState(started_at=at(40), level_number=3, paused_at=at(40), fantasyland_hold=True)

    status = clock_status(LEVELS, held, at(45))

    assert (status.level.number, status.seconds_left) == (3, 300)


def test_the_director_may_start_the_break_before_fantasyland_ends() -> None:
    held = ClockState(started_at=at(40), level_number=3, paused_at=at(40), fantasyland_hold=True)

    started = resume(LEVELS, held, at(44), Fantasyland(tables=[7]))

    status = clock_status(LEVELS, started, at(45), Fantasyland(tables=[7]))
    assert (status.level.number, status.seconds_left, status.break_status.kind) == (3, 540, BreakKind.ON_BREAK)


def test_a_fantasyland_hold_cannot_be_adjusted_or_paused() -> None:
    held = ClockState(started_at=at(40), level_number=3, paused_at=at(40), fantasyland_hold=True)

    with pytest.raises(ClockError) as adjusting:
        adjust(LEVELS, held, at(44), 60, Fantasyland(tables=[7]))
    with pytest.raises(ClockError) as pausing:
        pause(LEVELS, held, at(44), Fantasyland(tables=[7]))

    assert (adjusting.value.code, pausing.value.code) == ("held", "already_paused")


# Settling never changes what the clock shows.

levels_strategy = st.lists(
    st.tuples(
        st.one_of(st.none(), st.integers(min_value=1, max_value=30)),
        st.one_of(st.none(), st.integers(min_value=1, max_value=12)),
        st.booleans(),
    ).filter(lambda t: t[0] is not None or t[1] is not None),
    min_size=1,
    max_size=6,
).map(
    lambda specs: [
        LevelSpec(n + 1, 100 * (n + 1), minutes=m, hands=None if brk else h, is_break=brk and m is not None)
        for n, (m, h, brk) in enumerate(specs)
    ]
)


@given(
    levels=levels_strategy,
    anchor=st.integers(min_value=0, max_value=5),
    paused_after=st.one_of(st.none(), st.integers(min_value=0, max_value=9000)),
    paused_seconds=st.integers(min_value=0, max_value=600),
    adjustment=st.integers(min_value=-900, max_value=900),
    hands=st.integers(min_value=0, max_value=15),
    completed_after=st.integers(min_value=0, max_value=9000),
    now_after=st.integers(min_value=0, max_value=9000),
    later=st.lists(st.integers(min_value=0, max_value=5000), max_size=3),
)
def test_settling_keeps_the_clock_showing_the_same(
    levels: list[LevelSpec],
    anchor: int,
    paused_after: int | None,
    paused_seconds: int,
    adjustment: int,
    hands: int,
    completed_after: int,
    now_after: int,
    later: list[int],
) -> None:
    seconds = timedelta(seconds=1)
    now = T0 + now_after * seconds
    paused_at = None if paused_after is None else min(now, T0 + paused_after * seconds)
    # The caller says when the hands of a level by hands were completed (else: "now").
    completed_at = min(now, T0 + completed_after * seconds)
    state = ClockState(
        started_at=T0,
        level_number=levels[min(anchor, len(levels) - 1)].number,
        paused_at=paused_at,
        paused_seconds=paused_seconds,
        adjustment_seconds=adjustment,
        hands_played=hands,
        hands_completed_at=completed_at,
    )

    settled = settle(levels, state, now)

    assert settle(levels, settled, now) == settled
    for extra in [0, *later]:
        moment = now + extra * seconds
        assert clock_status(levels, settled, moment) == clock_status(levels, state, moment)
