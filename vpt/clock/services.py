"""Writes for the event clock: start, pause, resume, adjust, and keeping the level in force.

clock            the stored state of the event's timer (`Clock`: anchor level, started,
                 paused, adjustments, Fantasyland hold); what it shows at a moment is
                 computed by `vpt.clock.rules` from that state and the level structure.
level in force   `Event.current_level`, the level whose chips per point a hand started now
                 uses; the services here make it the level the clock shows (and set the
                 event `on_break` during a break), which is what `record_hand` reads.
sync             time alone moves the clock on, with no write: what the clock shows is always
                 computed (`vpt.clock.display.clock_now`), and reading it never writes.
                 Time's effects (a new level in force, a break, a Fantasyland hold) are stored
                 by one writer: the next state change (`refresh_clock`, inside a service that
                 holds the event lock, e.g. `record_hand`), or `apply_clock_changes`, which
                 the job runner of `make run` (and `manage.py tick_clock`) calls every few
                 seconds.

Each top-level service is one transaction that locks the event row first and writes an
audit entry.

room facts       what the tables and hands above tell the clock (`RoomFacts`: tables owed a
                 Fantasyland hand, hands played in a level). Events never queries those apps:
                 `refresh_clock` takes the facts, and each service here takes ``read_facts``,
                 the reader of the layer above (`vpt.rounds.clock.room_facts`), which it
                 calls once it holds the event lock. `vpt.rounds.clock` binds it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.clock.rules import ClockError, ClockState, go_to_level, steady
from vpt.clock.rules import adjust as clock_adjust
from vpt.clock.rules import pause as clock_pause
from vpt.clock.rules import resume as clock_resume
from vpt.clock.rules import set_time_left as clock_set_time_left
from vpt.clock.rules import start as clock_start
from vpt.clock.selectors import ClockSnapshot, RoomFacts, clock_snapshot, level_specs
from vpt.clock.steady import steady_now
from vpt.errors import ServiceError
from vpt.events.audit import bump_version, level_args, write_audit
from vpt.events.models import Clock, Event, Level
from vpt.events.services import lock_event

FactsReader = Callable[[Event], RoomFacts]
"""Reads the room's facts for an event (given by the layer above: `vpt.rounds.clock.room_facts`)."""
DealWaiting = Callable[[Event], object]
"""Deals the next hand at every table that waited for a break to end (given by the layer above,
`vpt.rounds.clock`): called inside the clock's transaction, with the event locked, so no reader
ever sees a break ended and a table not dealt (`not_dealt`)."""
ClockChange = Callable[[ClockSnapshot, datetime.datetime], ClockState]
"""What a service does to the clock: the new state, from the snapshot (refreshed) at a moment."""


def _clock_message(error: ClockError) -> str:
    messages = {
        "already_started": _("The clock is already running."),
        "not_started": _("The clock has not started."),
        "already_paused": _("The clock is already paused."),
        "not_paused": _("The clock is not paused."),
        "held": _("The break has not started: tables are still playing Fantasyland."),
        "untimed": _("This level is counted in hands, not time."),
        "no_such_level": _("There is no such level."),
        "no_levels": _("The event has no levels."),
    }
    return messages.get(error.code, str(error))


def _lock_clock(event: Event) -> Clock:
    clock, _created = Clock.objects.select_for_update().get_or_create(event=event)
    return clock


def _store_clock(clock: Clock, state: ClockState) -> None:
    clock.level_number = state.level_number
    clock.started_at = state.started_at
    clock.paused_at = state.paused_at
    clock.paused_for = datetime.timedelta(seconds=state.paused_seconds)
    clock.adjustment_seconds = state.adjustment_seconds
    clock.fantasyland_hold = state.fantasyland_hold


def _clock_dict(clock: Clock) -> dict[str, Any]:
    return {
        "level": clock.level_number,
        "started_at": clock.started_at.isoformat() if clock.started_at else None,
        "paused_at": clock.paused_at.isoformat() if clock.paused_at else None,
        "paused_seconds": clock.paused_for.total_seconds(),
        "adjustment_seconds": clock.adjustment_seconds,
        "fantasyland_hold": clock.fantasyland_hold,
    }


def _put_level_in_force(event: Event, clock: Clock, snapshot: ClockSnapshot, *, actor: Actor) -> None:
    """Make the event's current level (and break status) the one the clock shows."""
    level = next(lv for lv in snapshot.levels if lv.number == snapshot.status.level.number)
    status = event.status_during(on_break=level.is_break) if clock.started_at else event.status
    before = event.current_level.number if event.current_level else None
    update = []
    if event.current_level_id != level.pk:
        event.current_level = level
        update.append("current_level")
    if status != event.status:
        event.status = status
        update.append("status")
    if update:
        event.save(update_fields=update)
        if "current_level" not in update:
            bump_version(event.pk)  # a status change alone writes no audit entry below
    clock.level_in_force = level.number
    if "current_level" in update:
        write_audit(
            actor=actor,
            event_id=event.pk,
            action="clock.level_reached",
            obj=event,
            args={"level": level_args(level)},
            before={"level": before},
            after={"level": level.number, "status": event.status},
        )


def refresh_clock(
    event: Event, *, now: datetime.datetime, facts: RoomFacts, actor: Actor = None, clock: Clock | None = None
) -> ClockSnapshot:
    """Store the clock re-anchored at ``now`` and put its level in force (``event`` locked;
    ``facts`` read under that lock; ``clock``: its Clock row when read under that lock too).

    A level changed by hand (`advance_level`) since the clock last ran restarts the clock at
    that level. Returns the snapshot after the change.
    """
    if clock is None:
        clock = _lock_clock(event)
    snapshot = clock_snapshot(event, now=now, facts=facts, clock=clock)
    if clock.started_at is None:
        return snapshot
    state = snapshot.settled
    if snapshot.level_moved_by_hand and event.current_level is not None:
        state = go_to_level(snapshot.specs, snapshot.state, now, event.current_level.number)
    _store_clock(clock, state)
    snapshot = clock_snapshot(event, now=now, facts=facts, clock=clock, levels=snapshot.levels)
    _put_level_in_force(event, clock, snapshot, actor=actor)
    clock.save()
    return snapshot


def refresh_clock_after_hand(
    event: Event, *, clock: Clock | None, now: datetime.datetime, read_facts: FactsReader
) -> bool:
    """`refresh_clock` after a hand is written, unless it would store nothing (``event`` and
    ``clock`` read under the event lock, with the event's current level): a clock not started,
    or one settled on the level in force that `steady` says time has not ended yet, moves with
    no hand. That needs no query, so most hands pay nothing for the clock; otherwise the room's
    facts are read (after the hand's writes) and the clock refreshed. Returns whether it was."""
    if clock is None or clock.started_at is None:
        return False
    level = event.current_level
    if (
        level is not None
        and clock.level_number == level.number == clock.level_in_force
        and event.status_during(on_break=level.is_break) == event.status
    ):
        (spec,) = level_specs([level])
        state = ClockState(
            started_at=clock.started_at,
            level_number=clock.level_number,
            paused_at=clock.paused_at,
            paused_seconds=clock.paused_for.total_seconds(),
            adjustment_seconds=clock.adjustment_seconds,
            fantasyland_hold=clock.fantasyland_hold,
        )
        if steady(spec, state, now):
            return False
    refresh_clock(event, now=now, facts=read_facts(event), clock=clock)
    return True


@transaction.atomic(durable=True)
def sync_clock(
    event: Event,
    *,
    actor: Actor,
    read_facts: FactsReader,
    now: datetime.datetime | None = None,
    deal_waiting: DealWaiting | None = None,
) -> Clock:
    """Store what time did to the clock (a level or a break that began, a Fantasyland hold or its
    end) and put the clock's level in force, then (``deal_waiting``) deal the tables a break
    that ended kept waiting, in the same transaction. Anyone may trigger it (``actor`` may be
    None): it only records what the clock already shows."""
    now = now or steady_now()
    event = lock_event(event)
    refresh_clock(event, now=now, facts=read_facts(event), actor=actor)
    if deal_waiting is not None:
        deal_waiting(event)
    return Clock.objects.get(event=event)


def apply_clock_changes(
    *, read_facts: FactsReader, now: datetime.datetime | None = None, deal_waiting: DealWaiting | None = None
) -> int:
    """Store what time did to every running event's clock; return how many events changed.

    Reads each event's clock without a lock and syncs (one short transaction, `sync_clock`)
    only those whose stored state or level in force lags behind what the clock shows: at a
    level change, one write per event however many screens poll the clock. The job runner
    of `make run` calls it every few seconds; `manage.py tick_clock` calls it from cron.
    """
    now = now or steady_now()
    events = Event.objects.select_related("current_level").filter(
        status__in=[Event.Status.RUNNING, Event.Status.ON_BREAK], clock__started_at__isnull=False
    )
    changed = 0
    for event in events.order_by("pk"):
        try:
            snapshot = clock_snapshot(event, now=now, facts=read_facts(event))
        except Level.DoesNotExist:
            continue
        if snapshot.needs_sync:
            sync_clock(event, actor=None, read_facts=read_facts, now=now, deal_waiting=deal_waiting)
            changed += 1
    return changed


def _change_clock(
    event: Event,
    *,
    actor: Actor,
    read_facts: FactsReader,
    action: str,
    change: ClockChange,
    now: datetime.datetime | None = None,
    deal_waiting: DealWaiting | None = None,
) -> Clock:
    ensure_director(actor)
    now = now or steady_now()
    event = lock_event(event)
    facts = read_facts(event)
    snapshot = refresh_clock(event, now=now, facts=facts, actor=actor)
    clock = Clock.objects.select_for_update().get(event=event)
    before = _clock_dict(clock)
    try:
        state = change(snapshot, now)
    except ClockError as error:
        raise ServiceError(_clock_message(error), code=error.code) from None
    _store_clock(clock, state)
    if action == "clock.started" and event.status == Event.Status.PLANNED:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    after = clock_snapshot(event, now=now, facts=facts, clock=clock)
    _put_level_in_force(event, clock, after, actor=actor)
    clock.save()
    if deal_waiting is not None:  # a break this change ended: its tables deal now, not later
        deal_waiting(event)
    write_audit(actor=actor, event_id=event.pk, action=action, obj=clock, before=before, after=_clock_dict(clock))
    return clock


def _clock_service(name: str, *, action: str, change: ClockChange, doc: str) -> Callable[..., Clock]:
    """The top-level service ``name`` (documented by ``doc``): one transaction that makes
    ``change`` to the clock and audits it as ``action`` (`_change_clock`, which takes the
    caller's ``actor``, ``read_facts``, ``now`` and ``deal_waiting``)."""

    @transaction.atomic(durable=True)
    def service(event: Event, **kwargs: Any) -> Clock:
        return _change_clock(event, action=action, change=change, **kwargs)

    service.__name__ = service.__qualname__ = name
    service.__doc__ = doc
    return service


start_clock = _clock_service(
    "start_clock",
    action="clock.started",
    change=lambda snap, at: clock_start(snap.specs, snap.state, at),
    doc="Start the clock at the level in force (level 1 for a new event).",
)
pause_clock = _clock_service(
    "pause_clock",
    action="clock.paused",
    change=lambda snap, at: clock_pause(snap.specs, snap.state, at, snap.fantasyland),
    doc="Stop the clock now.",
)
resume_clock = _clock_service(
    "resume_clock",
    action="clock.resumed",
    change=lambda snap, at: clock_resume(snap.specs, snap.state, at, snap.fantasyland),
    doc="Run the clock again; during a Fantasyland hold, start the break now.",
)


@transaction.atomic(durable=True)
def adjust_clock(
    event: Event,
    *,
    actor: Actor,
    read_facts: FactsReader,
    seconds: int = 0,
    level: int | None = None,
    time_left: int | None = None,
    now: datetime.datetime | None = None,
    deal_waiting: DealWaiting | None = None,
) -> Clock:
    """Give the current level ``seconds`` more time (fewer when negative), or go to ``level``;
    then, with ``time_left``, make the level show exactly that many seconds left."""

    def change(snap: ClockSnapshot, at: datetime.datetime) -> ClockState:
        state = snap.state
        if level is not None:
            state = go_to_level(snap.specs, state, at, level)
        if seconds:
            state = clock_adjust(snap.specs, state, at, seconds, snap.fantasyland)
        if time_left is not None:
            state = clock_set_time_left(snap.specs, state, at, time_left, snap.fantasyland)
        return state

    return _change_clock(
        event,
        actor=actor,
        read_facts=read_facts,
        now=now,
        action="clock.adjusted",
        change=change,
        deal_waiting=deal_waiting,
    )


def hold_clock(event: Event, *, paused: bool, now: datetime.datetime, facts: RoomFacts) -> bool:
    """Pause (or resume) the clock for a change its caller audits (hand-for-hand), inside the
    caller's transaction with ``event`` locked. Returns whether it changed: a clock not started,
    or already paused (running), is left as it is."""
    snapshot = refresh_clock(event, now=now, facts=facts)
    if not snapshot.state.started or snapshot.state.paused == paused:
        return False
    clock = _lock_clock(event)
    change = clock_pause if paused else clock_resume
    _store_clock(clock, change(snapshot.specs, snapshot.state, now, snapshot.fantasyland))
    _put_level_in_force(event, clock, clock_snapshot(event, now=now, facts=facts, clock=clock), actor=None)
    clock.save()
    return True
