"""The tournament clock, computed: pure functions of the level structure, the clock state and now.

level           a stage of the structure (``LevelSpec``): its chips per point, and how long it
                lasts: some minutes, some hands, or both (it ends at whichever comes first). A
                break is a level with ``is_break``. The last level never ends.
clock state     what is stored (``ClockState``): the *anchor* level and the instant it started,
                pauses, adjustments and the hands played in the anchor level. Time runs from
                the anchor through the following timed levels on its own: nothing needs to be
                written when a level ends on time.
running time    wall time since the anchor started, less completed pauses (``paused_seconds``)
                and the running pause (from ``paused_at``), less ``adjustment_seconds`` (a
                positive adjustment gives the level more time).
hands played    counted by the caller for the anchor level. A level by hands ends when they
                are played; the next level starts when the hand that completed them ended
                (``hands_completed_at``). A level by hands alone stops the clock walking past
                it on time.
settle          re-anchor a state on the level now in force (``settle``), so that what a past
                level needed (its hands, a Fantasyland hold) no longer matters. Services call it
                before every change, and whenever a hand is recorded.

Breaks and Fantasyland (VPT rules, "Breaks"): when a break is due, tables with a Fantasyland
hand pending keep playing until no Fantasyland remains, and the break starts officially when
the last Fantasyland hand ends. Here: while tables have Fantasyland pending as the clock
reaches a break, the clock holds at the start of the break and ``break_status`` says "Break
starts when tables 3 and 7 finish Fantasyland". ``settle`` stores the hold as a pause
(``fantasyland_hold``); once no table has Fantasyland pending, the hold ends when the last
Fantasyland hand ended and the break's time runs from there. What the room's Fantasyland hands
say at a moment (the tables with one pending, when the last one ended) is a ``Fantasyland``.

No database here: the events selectors turn models into these dataclasses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum

from django.utils.text import get_text_list
from django.utils.translation import gettext, ngettext

__all__ = [
    "NO_FANTASYLAND",
    "BreakKind",
    "BreakStatus",
    "ClockError",
    "ClockState",
    "ClockStatus",
    "Fantasyland",
    "LevelSpec",
    "adjust",
    "break_status",
    "clock_status",
    "go_to_level",
    "pause",
    "resume",
    "set_time_left",
    "settle",
    "start",
    "steady",
]


class ClockError(ValueError):
    """A clock change that does not apply to the clock's state; ``code`` names why."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class LevelSpec:
    number: int
    chips_per_point: int
    minutes: int | None = None
    hands: int | None = None
    is_break: bool = False

    @property
    def seconds(self) -> int | None:
        return None if self.minutes is None else self.minutes * 60


@dataclass(frozen=True, slots=True)
class Fantasyland:
    """What the room's Fantasyland hands tell the clock at a moment: ``tables``, the numbers of
    the tables with a Fantasyland hand pending; ``ended_at``, when the last Fantasyland hand
    ended (a stored hold ends there once no table has one pending)."""

    tables: Sequence[int] = ()
    ended_at: datetime | None = None


NO_FANTASYLAND = Fantasyland()


@dataclass(frozen=True, slots=True)
class ClockState:
    """What is stored. The default is a clock not yet started, at the first level."""

    started_at: datetime | None = None
    level_number: int | None = None
    paused_at: datetime | None = None
    paused_seconds: float = 0.0
    adjustment_seconds: int = 0
    hands_played: int = 0
    hands_completed_at: datetime | None = None
    fantasyland_hold: bool = False

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None


class BreakKind(StrEnum):
    NONE = "none"
    WAITING = "waiting"  # a break is due, tables still play Fantasyland
    ON_BREAK = "on_break"


@dataclass(frozen=True, slots=True)
class BreakStatus:
    kind: BreakKind = BreakKind.NONE
    tables: tuple[int, ...] = ()
    seconds_left: int | None = None

    @property
    def waiting(self) -> bool:
        return self.kind == BreakKind.WAITING

    @property
    def message(self) -> str:
        """What the display says, in the active language."""
        if self.kind == BreakKind.WAITING:
            tables = get_text_list([str(t) for t in self.tables], gettext("and"))
            return str(
                ngettext(
                    "Break starts when table %(tables)s finishes Fantasyland",
                    "Break starts when tables %(tables)s finish Fantasyland",
                    len(self.tables),
                )
                % {"tables": tables}
            )
        if self.kind == BreakKind.ON_BREAK:
            return str(gettext("On break"))
        return ""


@dataclass(frozen=True, slots=True)
class ClockStatus:
    started: bool
    paused: bool
    level: LevelSpec
    level_index: int
    next_level: LevelSpec | None
    next_break: LevelSpec | None
    elapsed_seconds: int
    seconds_left: int | None  # None: the level has no time limit
    hands_played: int
    hands_left: int | None  # None: the level is not counted in hands
    seconds_to_break: int | None  # None: no break ahead, or a level by hands comes first
    break_status: BreakStatus

    @property
    def chips_per_point(self) -> int:
        return self.level.chips_per_point

    @property
    def running(self) -> bool:
        """Time is counting down now (started, not paused, not held for Fantasyland)."""
        return self.started and not self.paused and not self.break_status.waiting


@dataclass(frozen=True, slots=True)
class _Position:
    index: int
    elapsed: float  # seconds of running time in this level (held: since the break was due)
    hands: int
    held: bool
    end: datetime | None  # the instant the running time is measured at (now, or the pause)


def _index_of(levels: Sequence[LevelSpec], number: int | None) -> int:
    if not levels:
        raise ClockError("the event has no levels", code="no_levels")
    if number is None:
        return 0
    for index, level in enumerate(levels):
        if level.number == number:
            return index
    raise ClockError(f"no level {number}", code="no_such_level")


def _seconds(delta: timedelta) -> float:
    return delta.total_seconds()


def _released(state: ClockState, now: datetime, fantasyland: Fantasyland) -> ClockState:
    """A stored Fantasyland hold, ended if no table has Fantasyland pending any more."""
    if not (state.fantasyland_hold and state.paused_at is not None) or fantasyland.tables:
        return state
    release = state.paused_at
    if fantasyland.ended_at is not None and fantasyland.ended_at > release:
        release = min(fantasyland.ended_at, now)
    return _running_from(state, release)


def _running_from(state: ClockState, moment: datetime) -> ClockState:
    """A paused (or held) ``state`` running again from ``moment``: its pause counts as paused time."""
    assert state.paused_at is not None
    return replace(
        state,
        paused_at=None,
        fantasyland_hold=False,
        paused_seconds=state.paused_seconds + _seconds(moment - state.paused_at),
    )


def _walk(
    levels: Sequence[LevelSpec], state: ClockState, now: datetime, fantasyland_tables: Sequence[int]
) -> _Position:
    index = _index_of(levels, state.level_number)
    if state.started_at is None:
        return _Position(index, 0.0, state.hands_played, held=False, end=None)
    end = state.paused_at or now
    if state.fantasyland_hold and state.paused_at is not None:
        return _Position(index, 0.0, 0, held=True, end=end)
    elapsed = _seconds(end - state.started_at) - state.paused_seconds - state.adjustment_seconds
    hands = state.hands_played
    completed_at = state.hands_completed_at
    while index < len(levels) - 1:
        level = levels[index]
        # Running time left over in the next level if this one ended by time / by hands.
        after_time = elapsed - level.seconds if level.seconds is not None and elapsed >= level.seconds else None
        after_hands = None
        if level.hands is not None and hands >= level.hands:
            after_hands = max(0.0, _seconds(end - completed_at)) if completed_at is not None else 0.0
        if after_time is None and after_hands is None:
            break
        elapsed = max(x for x in (after_time, after_hands) if x is not None)  # the earlier end
        index, hands, completed_at = index + 1, 0, None
        if levels[index].is_break and fantasyland_tables:
            return _Position(index, elapsed, 0, held=True, end=end)
    return _Position(index, elapsed, hands, held=False, end=end)


def clock_status(
    levels: Sequence[LevelSpec], state: ClockState, now: datetime, fantasyland: Fantasyland = NO_FANTASYLAND
) -> ClockStatus:
    """What the clock shows at ``now``, with ``fantasyland`` what the room's Fantasyland hands say.

    >>> from datetime import datetime, timezone
    >>> levels = [LevelSpec(1, 100, minutes=20), LevelSpec(2, 200, minutes=20)]
    >>> start = datetime(2025, 5, 1, 18, 0, tzinfo=timezone.utc)
    >>> status = clock_status(levels, ClockState(started_at=start), start + timedelta(minutes=25))
    >>> status.level.number, status.chips_per_point, status.seconds_left
    (2, 200, 900)
    """
    state = _released(state, now, fantasyland)
    position = _walk(levels, state, now, fantasyland.tables)
    level = levels[position.index]
    later = levels[position.index + 1 :]
    elapsed = 0.0 if position.held else position.elapsed
    seconds_left = None
    if level.seconds is not None:
        seconds_left = max(0, math.ceil(level.seconds - elapsed))
        if position.index == len(levels) - 1 and elapsed >= level.seconds:
            seconds_left = 0
    hands_left = None if level.hands is None else max(0, level.hands - position.hands)

    if position.held:
        pending = tuple(sorted(set(fantasyland.tables)))
        breaking = BreakStatus(BreakKind.WAITING, pending, seconds_left)
    elif level.is_break:
        breaking = BreakStatus(BreakKind.ON_BREAK, (), seconds_left)
    else:
        breaking = BreakStatus()

    next_break = next((lv for lv in later if lv.is_break), None)
    seconds_to_break: int | None = None
    if next_break is not None and not level.is_break and seconds_left is not None and level.hands is None:
        total = seconds_left
        for between in later:
            if between is next_break:
                seconds_to_break = total
                break
            if between.seconds is None or between.hands is not None:
                break
            total += between.seconds

    return ClockStatus(
        started=state.started,
        paused=state.paused and not position.held,
        level=level,
        level_index=position.index,
        next_level=later[0] if later else None,
        next_break=next_break,
        elapsed_seconds=max(0, math.floor(elapsed)),
        seconds_left=seconds_left,
        hands_played=position.hands,
        hands_left=hands_left,
        seconds_to_break=seconds_to_break,
        break_status=breaking,
    )


def break_status(
    levels: Sequence[LevelSpec], state: ClockState, now: datetime, fantasyland: Fantasyland = NO_FANTASYLAND
) -> BreakStatus:
    """Whether the room is on a break, or waiting for Fantasyland tables before one.

    >>> from datetime import datetime, timezone
    >>> levels = [LevelSpec(1, 100, minutes=20), LevelSpec(2, 0, minutes=10, is_break=True)]
    >>> start = datetime(2025, 5, 1, 18, 0, tzinfo=timezone.utc)
    >>> status = break_status(levels, ClockState(started_at=start), start + timedelta(minutes=21),
    ...                       Fantasyland(tables=[7, 3]))
    >>> status.tables, status.message
    ((3, 7), 'Break starts when tables 3 and 7 finish Fantasyland')
    """
    return clock_status(levels, state, now, fantasyland).break_status


def settle(
    levels: Sequence[LevelSpec], state: ClockState, now: datetime, fantasyland: Fantasyland = NO_FANTASYLAND
) -> ClockState:
    """The same clock, anchored on the level in force at ``now`` (the state to store).

    A Fantasyland hold is stored as a pause from the moment the break was due; it ends (and the
    break's time starts) at ``fantasyland.ended_at`` once no table has Fantasyland pending.
    The result shows exactly what ``state`` shows, now and later.
    """
    released = _released(state, now, fantasyland)
    position = _walk(levels, released, now, fantasyland.tables)
    if released.started_at is None or position.end is None:
        return released
    level_number = levels[position.index].number
    if position.held:
        if released.fantasyland_hold:
            return released
        due = position.end - timedelta(seconds=position.elapsed)
        return ClockState(started_at=due, level_number=level_number, paused_at=due, fantasyland_hold=True)
    if position.index == _index_of(levels, released.level_number):
        return released
    return ClockState(
        started_at=position.end - timedelta(seconds=position.elapsed),
        level_number=level_number,
        paused_at=released.paused_at,
        hands_played=position.hands,
    )


def steady(level: LevelSpec, state: ClockState, now: datetime) -> bool:
    """Whether ``settle`` keeps ``state`` as it is at ``now``, whatever the room's facts and the
    levels after its anchor ``level``: the clock has not started, or it is inside a level by
    time alone (or by nothing) with time left, not held for Fantasyland. A hand recorded then
    moves nothing, so `record_hand` stores nothing for the clock.

    >>> from datetime import datetime, timezone
    >>> start = datetime(2025, 5, 1, 18, 0, tzinfo=timezone.utc)
    >>> level = LevelSpec(1, 100, minutes=20)
    >>> steady(level, ClockState(started_at=start, level_number=1), start + timedelta(minutes=19))
    True
    >>> steady(level, ClockState(started_at=start, level_number=1), start + timedelta(minutes=20))
    False
    >>> steady(LevelSpec(1, 100, hands=12), ClockState(started_at=start, level_number=1), start)
    False
    """
    if state.started_at is None:
        return True
    if state.fantasyland_hold or level.hands is not None:
        return False  # a hold ends, and hands complete a level, with the room's facts
    if level.seconds is None:
        return True
    end = state.paused_at or now
    elapsed = _seconds(end - state.started_at) - state.paused_seconds - state.adjustment_seconds
    return elapsed < level.seconds


def _settled_started(
    levels: Sequence[LevelSpec], state: ClockState, now: datetime, fantasyland: Fantasyland
) -> ClockState:
    """``settle``, refusing a clock that has not started (nothing to pause, resume or adjust)."""
    settled = settle(levels, state, now, fantasyland)
    if not settled.started:
        raise ClockError("the clock has not started", code="not_started")
    return settled


def start(levels: Sequence[LevelSpec], state: ClockState, now: datetime) -> ClockState:
    """Start the clock at the anchor level (the first level unless one was chosen)."""
    _index_of(levels, state.level_number)
    if state.started:
        raise ClockError("the clock is already running", code="already_started")
    return replace(
        state,
        started_at=now,
        paused_at=None,
        paused_seconds=0.0,
        adjustment_seconds=0,
        hands_completed_at=None,
        fantasyland_hold=False,
    )


def pause(
    levels: Sequence[LevelSpec], state: ClockState, now: datetime, fantasyland: Fantasyland = NO_FANTASYLAND
) -> ClockState:
    """Stop the clock at ``now``."""
    settled = _settled_started(levels, state, now, fantasyland)
    if settled.paused:
        raise ClockError("the clock is already paused", code="already_paused")
    return replace(settled, paused_at=now)


def resume(
    levels: Sequence[LevelSpec], state: ClockState, now: datetime, fantasyland: Fantasyland = NO_FANTASYLAND
) -> ClockState:
    """Run the clock again from ``now``. Resuming a Fantasyland hold starts the break now."""
    settled = _settled_started(levels, state, now, fantasyland)
    if settled.paused_at is None:
        raise ClockError("the clock is not paused", code="not_paused")
    return _running_from(settled, now)


def adjust(
    levels: Sequence[LevelSpec],
    state: ClockState,
    now: datetime,
    seconds: int,
    fantasyland: Fantasyland = NO_FANTASYLAND,
) -> ClockState:
    """Give the current level ``seconds`` more time (fewer when negative).

    Taking away more than is left ends the level there, and no more: the next level starts
    with its full time. A level by hands alone has no time to adjust.
    """
    settled = _settled_started(levels, state, now, fantasyland)
    if settled.fantasyland_hold:
        raise ClockError("the break has not started: tables are playing Fantasyland", code="held")
    current = clock_status(levels, settled, now, fantasyland)
    if current.seconds_left is None:
        raise ClockError("this level is counted in hands, not time", code="untimed")
    if seconds < 0:
        position = _walk(levels, settled, now, fantasyland.tables)
        assert current.level.seconds is not None
        seconds = max(seconds, -math.ceil(current.level.seconds - position.elapsed))
    return replace(settled, adjustment_seconds=settled.adjustment_seconds + seconds)


def set_time_left(
    levels: Sequence[LevelSpec],
    state: ClockState,
    now: datetime,
    seconds_left: int,
    fantasyland: Fantasyland = NO_FANTASYLAND,
) -> ClockState:
    """Make the current level show exactly ``seconds_left`` seconds left at ``now``.

    >>> from datetime import datetime, timezone
    >>> levels = [LevelSpec(1, 100, minutes=20), LevelSpec(2, 200, minutes=20)]
    >>> start = datetime(2025, 5, 1, 18, 0, tzinfo=timezone.utc)
    >>> now = start + timedelta(minutes=7, seconds=30.4)
    >>> state = set_time_left(levels, ClockState(started_at=start), now, 300)
    >>> clock_status(levels, state, now).seconds_left, state.adjustment_seconds
    (300, -450)
    """
    current = clock_status(levels, state, now, fantasyland)
    # adjust() refuses what it cannot change: a clock not started, held, or a level by hands.
    shift = max(0, seconds_left) - (current.seconds_left or 0)
    return adjust(levels, state, now, shift, fantasyland)


def go_to_level(levels: Sequence[LevelSpec], state: ClockState, now: datetime, number: int) -> ClockState:
    """Move the clock to the start of level ``number``, keeping it running or paused as it is."""
    _index_of(levels, number)
    if not state.started:
        return replace(state, level_number=number, hands_played=0, hands_completed_at=None)
    return ClockState(started_at=now, level_number=number, paused_at=now if state.paused else None)
