"""Reads for event pages: standings, results, the clock and the payouts, each in a constant number of queries."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from django.db.models import F, Max, QuerySet
from django.shortcuts import get_object_or_404

from vpt.people.models import HIDDEN_NAME

from .clock import ClockState, ClockStatus, LevelSpec, clock_status, settle
from .models import AuditEntry, ChipAdjustment, Clock, Entry, Event, Level, PayoutStructure
from .money_format import explain_pool
from .prizes import event_prizes


def event_or_404(slug: str) -> Event:
    """The event of a page's URL, with its current level: 1 query; Http404 when there is none."""
    return get_object_or_404(Event.objects.select_related("current_level"), slug=slug)


def event_standings(event: Event | int) -> QuerySet[Entry]:
    """Entries still in (biggest stack first), then the eliminated by finishing place: 1 query.

    Each entry comes with its player and person (`entry.player.public_name` without queries;
    seats are the seating app's: `vpt.seating.selectors`).
    """
    pk = event if isinstance(event, int) else event.pk
    return (
        Entry.objects.filter(event_id=pk)
        .select_related("player__person__merged_into")
        .order_by("status", F("place").asc(nulls_first=True), "-stack", "player__name", "number")
    )


def chips_per_point_in_force(event: Event) -> tuple[Level | None, int]:
    """The level whose chips per point a hand started now uses, and that value (1 without levels).

    A break keeps the last level's chips per point: a hand played during a break (a
    Fantasyland continuation) is worth what it was before the break. ``event`` comes with its
    current level loaded: no query, 1 during a break.
    """
    level = event.current_level
    if level is not None and level.is_break:
        level = Level.objects.filter(event=event, number__lt=level.number, is_break=False).order_by("-number").first()
    return level, (level.chips_per_point if level else 1)


def hands_recorded(event: Event | int) -> bool:
    """Whether any hand of the event was recorded (void ones included): 1 query.

    Read from the audit log, which events owns: `record_hand` writes its entry in the same
    transaction as the hand, and the hands themselves are the rounds app's.
    """
    pk = event if isinstance(event, int) else event.pk
    return AuditEntry.objects.filter(event_id=pk, action=AuditEntry.Action.RECORD_HAND).exists()


def table_activity(event: Event | int) -> dict[int, datetime]:
    """When each table (by number) last recorded a hand, from the audit log: 1 query."""
    pk = event if isinstance(event, int) else event.pk
    rows = (
        AuditEntry.objects.filter(event_id=pk, action=AuditEntry.Action.RECORD_HAND, table_number__isnull=False)
        .values("table_number")
        .annotate(last=Max("created_at"))
        .values_list("table_number", "last")
    )
    return {number: last for number, last in rows if number is not None}


def event_adjustments(event: Event | int) -> QuerySet[ChipAdjustment]:
    pk = event if isinstance(event, int) else event.pk
    return ChipAdjustment.objects.filter(event_id=pk).select_related("entry__player", "created_by")


# The clock and the payout structure ----------------------------------------------------------


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
    fantasyland_tables: tuple[int, ...]
    fantasyland_ended_at: datetime | None
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
        expected = _status_for(self.event.status, self.status.level.is_break)
        return expected != self.event.status


def _status_for(status: str, on_break: bool) -> str:
    """The event status while the clock runs a level (finished and planned events keep theirs)."""
    if status in (Event.Status.RUNNING, Event.Status.ON_BREAK):
        return Event.Status.ON_BREAK if on_break else Event.Status.RUNNING
    return status


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
    event: Event, *, now: datetime, facts: RoomFacts, clock: Clock | Literal[True] | None = True
) -> ClockSnapshot:
    """Read the clock of ``event`` (with its current level loaded): at most 2 queries.

    ``facts``: what the tables and hands tell the clock, read by the layer above
    (`vpt.rounds.clock.room_facts`). ``clock``: the event's Clock row when the caller
    already has it (locked), None when it has none, True (default) to read it. Hands played
    count at the table that has played the most hands in the anchor level since it started, so
    the level changes for the whole room at once.
    """
    levels = list(Level.objects.filter(event=event).order_by("number"))
    if not levels:
        raise Level.DoesNotExist("the event has no levels")
    specs = level_specs(levels)
    if clock is True:
        clock = Clock.objects.filter(event=event).first()
    current = event.current_level.number if event.current_level else None
    state = ClockState(level_number=current if current in {lv.number for lv in levels} else None)
    fantasyland = facts.fantasyland_tables
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
    return ClockSnapshot(
        event=event,
        clock=clock,
        levels=levels,
        specs=specs,
        state=state,
        settled=settle(specs, state, now, fantasyland_tables=fantasyland, fantasyland_ended_at=ended_at),
        status=clock_status(specs, state, now, fantasyland_tables=fantasyland, fantasyland_ended_at=ended_at),
        fantasyland_tables=fantasyland,
        fantasyland_ended_at=ended_at,
        now=now,
    )


def payout_structure(event: Event) -> PayoutStructure | None:
    """The event's payout structure, if one was set: 1 query."""
    return PayoutStructure.objects.filter(event=event).first()


def in_the_money(event: Event, places: int, *, public: bool = False) -> dict[int, list[tuple[int, str]]]:
    """The players (entry id, name) who finished in places 1..``places`` (``public``: a hidden
    person is "Hidden player"): 1 query. An entry still in holds a place only once it is
    decided (the last one standing, or the event finished)."""
    rows = (
        Entry.objects.filter(event=event, place__isnull=False, place__lte=places)
        .values_list("place", "id", "player__name", "player__person__hidden", "player__person__merged_into__hidden")
        .order_by("place", "player__name")
    )
    found: dict[int, list[tuple[int, str]]] = {}
    for place, entry_id, stored, hidden, merged_hidden in rows:
        name = str(HIDDEN_NAME) if public and (hidden or merged_hidden) else stored
        if place is not None:
            found.setdefault(place, []).append((entry_id, name))
    return found


def event_payouts(event: Event, *, public: bool = False) -> dict[str, Any]:
    """Prize pool, payout structure and each paid place's amount and player: 3 queries.

    ``rows``: one dict per paid place (place, percentage, amount, name, dealt), what the public
    payouts page, the big screen and the director's payout editor show; ``dealt``: what a
    deal gave the players of that place instead of its amount (empty: no deal there);
    ``explanation`` says how the pool was reached ("12 entries × 100.00 + 0.00 added = 1,200.00").
    """
    prizes = event_prizes(event)
    places = len(prizes.amounts)
    winners = in_the_money(event, places, public=public) if places else {}
    percentages = prizes.structure.decimal_percentages() if prizes.structure else []
    rows = [
        {
            "place": place,
            "percentage": percentage,
            "amount": amount,
            "name": ", ".join(name for _entry, name in winners.get(place, [])),
            "dealt": [prizes.dealt[entry] for entry, _name in winners.get(place, []) if entry in prizes.dealt],
        }
        for place, (percentage, amount) in enumerate(zip(percentages, prizes.amounts, strict=False), start=1)
    ]
    if event.status == Event.Status.FINISHED:
        # Every place is decided: a place nobody holds (two players shared the one above it,
        # or a deal placed them so) pays nobody and is not listed.
        rows = [row for row in rows if row["name"]]
    return {
        "entries": prizes.pool.entries,
        "pool": prizes.pool,
        "explanation": explain_pool(prizes.pool),
        "structure": prizes.structure,
        "rows": rows,
    }
