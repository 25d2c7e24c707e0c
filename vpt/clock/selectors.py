"""The clock's read model: what the clock needs at a moment and what it shows (`clock_snapshot`),
and the room's facts the layers above pass down (`RoomFacts`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from vpt.clock.rules import ClockState, ClockStatus, Fantasyland, LevelSpec, clock_status, settle
from vpt.events.models import Clock, Event, Level


@dataclass(frozen=True)
class ClockSnapshot:
    """Everything the clock needs at ``now``, and what it shows (`status`).

    `state` is as stored; `settled` is the same clock re-anchored on the level now in force
    (what `sync_clock` would store). `needs_sync` says whether storing it, or putting the
    level in force for the event, would change anything.
    """

    event: Event
    clock: Clock | None
    levels: list[Level]
    specs: list[LevelSpec]
    state: ClockState
    settled: ClockState
    status: ClockStatus
    fantasyland: Fantasyland
    now: datetime

    @property
    def level_moved_by_hand(self) -> bool:
        """The event's level was changed outside the clock (`advance_level`) since it last synced."""
        current = self.event.current_level.number if self.event.current_level else None
        return bool(self.clock and self.clock.level_in_force is not None and current != self.clock.level_in_force)

    @property
    def needs_sync(self) -> bool:
        if self.clock is None or self.clock.started_at is None:
            return False
        if self.level_moved_by_hand or self.settled != self.state:
            return True
        current = self.event.current_level
        if current is None or current.number != self.status.level.number:
            return True
        return self.event.status_during(on_break=self.status.level.is_break) != self.event.status


@dataclass(frozen=True)
class RoomFacts:
    """What the tables, seats and hands (the apps above events) tell the clock, as plain values.

    The layer above reads them (`vpt.rounds.clock.room_facts`) and passes them down:
    events never queries those apps.

    fantasyland_tables       numbers of the open tables where a seated player is owed a
                             Fantasyland hand, in order.
    hands_by_level           for each level counted in hands (by number): each table's (by id)
                             recorded hands of that level since the clock's anchor started,
                             as the times they were recorded, in hand order.
    last_fantasyland_hand_at when the last recorded Fantasyland hand was recorded.
    """

    fantasyland_tables: tuple[int, ...] = ()
    hands_by_level: Mapping[int, Mapping[int, tuple[datetime, ...]]] = field(default_factory=dict)
    last_fantasyland_hand_at: datetime | None = None


def _busiest_table(facts: RoomFacts, level: int, hands: int, since: datetime) -> tuple[int, datetime | None]:
    """Hands played in ``level`` since ``since`` at the busiest table (the lowest id on a tie),
    and when the hand that completed the level's ``hands`` was recorded there (None before)."""
    played = {
        table: [at for at in times if at >= since] for table, times in facts.hands_by_level.get(level, {}).items()
    }
    if not played:
        return 0, None
    table = min(played, key=lambda table: (-len(played[table]), table))
    times = played[table]
    return len(times), (times[hands - 1] if len(times) >= hands else None)


def level_specs(levels: list[Level]) -> list[LevelSpec]:
    return [
        LevelSpec(level.number, level.chips_per_point, level.minutes, level.hands, level.is_break) for level in levels
    ]


def clock_snapshot(
    event: Event,
    *,
    now: datetime,
    facts: RoomFacts,
    clock: Clock | Literal[True] | None = True,
    levels: list[Level] | None = None,
) -> ClockSnapshot:
    """Read the clock of ``event`` (with its current level loaded): at most 2 queries.

    ``facts``: what the tables and hands tell the clock, read by the layer above
    (`vpt.rounds.clock.room_facts`). ``clock``: the event's Clock row when the caller
    already has it (locked), None when it has none, True (default) to read it. ``levels``:
    the event's levels in order when the caller has just read them (no query). Hands played
    count at the table that has played the most hands in the anchor level since it started, so
    the level changes for the whole room at once.
    """
    if levels is None:
        levels = list(Level.objects.filter(event=event).order_by("number"))
    if not levels:
        raise Level.DoesNotExist("the event has no levels")
    specs = level_specs(levels)
    if clock is True:
        clock = Clock.objects.filter(event=event).first()
    current = event.current_level.number if event.current_level else None
    state = ClockState(level_number=current if current in {lv.number for lv in levels} else None)
    ended_at = None
    if clock is not None:
        anchor = next((lv for lv in levels if lv.number == clock.level_number), None)
        hands_played, completed_at = 0, None
        if anchor is not None and anchor.hands and clock.started_at is not None:
            hands_played, completed_at = _busiest_table(facts, anchor.number, anchor.hands, clock.started_at)
        if clock.fantasyland_hold:
            ended_at = facts.last_fantasyland_hand_at
        # A clock not started yet starts from the level in force.
        anchor_number = clock.level_number if clock.level_number is not None or clock.started_at else state.level_number
        state = ClockState(
            started_at=clock.started_at,
            level_number=anchor_number,
            paused_at=clock.paused_at,
            paused_seconds=clock.paused_for.total_seconds(),
            adjustment_seconds=clock.adjustment_seconds,
            hands_played=hands_played,
            hands_completed_at=completed_at,
            fantasyland_hold=clock.fantasyland_hold,
        )
    fantasyland = Fantasyland(facts.fantasyland_tables, ended_at)
    return ClockSnapshot(
        event=event,
        clock=clock,
        levels=levels,
        specs=specs,
        state=state,
        settled=settle(specs, state, now, fantasyland),
        status=clock_status(specs, state, now, fantasyland),
        fantasyland=fantasyland,
        now=now,
    )
