"""Writes for events: create, register, re-enter, adjust chips, levels, status, places.

Locking: every service that changes an event's state locks the event row first, then any
table rows (by id), then works on entries and seats. Hands are seconds apart, so serialising
them on the event row costs nothing and keeps finishing places consistent across tables.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import ensure_director
from vpt.errors import Conflict, ServiceError
from vpt.ofc import InvalidHand, get_ruleset

from .audit import level_args, write_audit
from .clock import ClockError, ClockState, go_to_level
from .clock import adjust as clock_adjust
from .clock import pause as clock_pause
from .clock import resume as clock_resume
from .clock import start as clock_start
from .models import RECORDED_HAND, AuditEntry, ChipAdjustment, Clock, Entry, Event, Level, PayoutStructure, Player
from .payouts import PayoutError, split_pool, validate_structure
from .selectors import ClockSnapshot, _status_for, clock_snapshot

DEFAULT_LEVELS: tuple[int, ...] = (10, 20, 30, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000)
# A level given only as its chips per point runs this long, so the clock has something to count.
DEFAULT_LEVEL_MINUTES = 20


def lock_event(event: Event | int) -> Event:
    """The event row, locked for this transaction (no-op on SQLite, which locks the file)."""
    pk = event if isinstance(event, int) else event.pk
    return Event.objects.select_for_update(no_key=True, of=("self",)).select_related("current_level").get(pk=pk)


@transaction.atomic(durable=True)
def create_event(
    *,
    name: str,
    slug: str,
    actor: Any,
    variant: str = "progressive",
    rule_overrides: Mapping[str, Any] | None = None,
    starting_stack: int = 10000,
    seats_per_table: int | None = None,
    buy_in: Decimal = Decimal("0"),
    fee: Decimal = Decimal("0"),
    reentry_until_level: int | None = None,
    max_entries: int = 1,
    venue: str = "",
    starts_on: datetime.date | None = None,
    language: str = Event.Language.EN,
    slip_format: str = Event.SlipFormat.A6,
    levels: Sequence[int | Mapping[str, Any]] = DEFAULT_LEVELS,
    seat_seed: int | None = None,
) -> Event:
    """Create an event with its levels (chips per point, or dicts of Level fields); level 1 in force."""
    ensure_director(actor)
    try:
        rules = get_ruleset(variant).with_overrides(rule_overrides or {})
    except InvalidHand as error:
        raise ServiceError(str(error), code="invalid_rules") from None
    seats = seats_per_table or rules.max_players
    if not rules.min_players <= seats <= rules.max_players:
        raise ServiceError(
            _("%(variant)s seats %(low)s to %(high)s players at a table.")
            % {"variant": variant, "low": rules.min_players, "high": rules.max_players},
            code="invalid_seats",
        )
    if Event.objects.filter(slug=slug).exists():
        raise Conflict(_("An event with the slug %(slug)s already exists.") % {"slug": slug}, code="duplicate_slug")
    event = Event.objects.create(
        name=name, slug=slug, variant=variant, rule_overrides=dict(rule_overrides or {}),
        starting_stack=starting_stack, seats_per_table=seats, buy_in=buy_in, fee=fee,
        reentry_until_level=reentry_until_level, max_entries=max_entries, venue=venue,
        starts_on=starts_on, language=language, slip_format=slip_format, seat_seed=seat_seed,
    )
    rows = []
    for number, spec in enumerate(levels, start=1):
        fields = ({"chips_per_point": spec, "minutes": DEFAULT_LEVEL_MINUTES} if isinstance(spec, int)
                  else dict(spec))
        rows.append(Level(event=event, number=number, **fields))
    Level.objects.bulk_create(rows)
    if rows:
        event.current_level = Level.objects.get(event=event, number=1)
        event.save(update_fields=["current_level"])
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.CREATE_EVENT, obj=event,
                args={"name": name},
                after={"variant": variant, "starting_stack": starting_stack, "seats_per_table": seats})
    return event


def _check_open_for_entries(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event has finished."), code="event_finished")


@transaction.atomic(durable=True)
def register_player(event: Event, *, name: str, actor: Any, country: str = "", email: str = "") -> Entry:
    """A new player and their first entry, with the event's starting stack (not yet seated)."""
    ensure_director(actor)
    event = lock_event(event)
    _check_open_for_entries(event)
    name = name.strip()
    if not name:
        raise ServiceError(_("A player needs a name."), code="no_name")
    if Player.objects.filter(event=event, name=name).exists():
        raise Conflict(_("%(name)s is already registered.") % {"name": name}, code="duplicate_player")
    player = Player.objects.create(event=event, name=name, country=country, email=email)
    entry = Entry.objects.create(
        event=event, player=player, number=1, starting_stack=event.starting_stack, stack=event.starting_stack
    )
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.REGISTER_PLAYER, obj=entry,
                entry=entry, args={"name": name}, after={"stack": entry.stack})
    return entry


@transaction.atomic(durable=True)
def reenter_player(player: Player, *, actor: Any) -> Entry:
    """A fresh entry for an eliminated player, while the event's re-entry policy allows it."""
    ensure_director(actor)
    event = lock_event(player.event_id)
    _check_open_for_entries(event)
    entries = list(Entry.objects.filter(player=player).order_by("number"))
    if any(entry.is_active for entry in entries):
        raise ServiceError(_("%(name)s still has chips in play.") % {"name": player.name}, code="still_active")
    level = event.current_level.number if event.current_level else 1
    if event.reentry_until_level is None or level > event.reentry_until_level:
        raise ServiceError(_("Re-entry is closed."), code="reentry_closed")
    if len(entries) >= event.max_entries:
        raise ServiceError(
            _("%(name)s has used all %(max)s entries.") % {"name": player.name, "max": event.max_entries},
            code="no_entries_left",
        )
    entry = Entry.objects.create(
        event=event, player=player, number=len(entries) + 1,
        starting_stack=event.starting_stack, stack=event.starting_stack,
    )
    assign_places(event)
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.REENTER_PLAYER, obj=entry,
                entry=entry, args={"name": player.name, "number": entry.number},
                after={"stack": entry.stack})
    return entry


@transaction.atomic(durable=True)
def adjust_chips(entry: Entry, *, amount: int, reason: str, actor: Any) -> ChipAdjustment:
    """A director's signed correction of a stack, with the reason kept in the ledger."""
    ensure_director(actor)
    if not reason.strip():
        raise ServiceError(_("Give a reason for the adjustment."), code="no_reason")
    if amount == 0:
        raise ServiceError(_("An adjustment of 0 chips changes nothing."), code="zero_adjustment")
    event = lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.is_active:
        raise ServiceError(
            _("%(name)s is eliminated; correct or void the hand instead.") % {"name": entry}, code="eliminated"
        )
    if entry.stack + amount < 1:
        raise ServiceError(
            _("%(name)s has %(stack)s chips; the adjustment would leave %(after)s.")
            % {"name": entry, "stack": entry.stack, "after": entry.stack + amount},
            code="negative_stack",
        )
    adjustment = ChipAdjustment.objects.create(
        event=event, entry=entry, amount=amount, reason=reason.strip(), created_by=actor,
        stack_before=entry.stack, stack_after=entry.stack + amount,
    )
    entry.stack += amount
    entry.save(update_fields=["stack"])
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.ADJUST_CHIPS, obj=entry,
                entry=entry, args={"name": str(entry), "amount": amount, "reason": reason.strip()},
                before={"stack": adjustment.stack_before}, after={"stack": adjustment.stack_after})
    return adjustment


@transaction.atomic(durable=True)
def advance_level(event: Event, *, actor: Any, number: int | None = None) -> Level:
    """Put the next level (or level `number`) in force; hands started from now use its chips per point."""
    ensure_director(actor)
    event = lock_event(event)
    current = event.current_level.number if event.current_level else 0
    target = current + 1 if number is None else number
    level = Level.objects.filter(event=event, number=target).first()
    if level is None:
        raise ServiceError(_("There is no level %(number)s.") % {"number": target}, code="no_such_level")
    event.current_level = level
    update = ["current_level"]
    if level.is_break and event.status == Event.Status.RUNNING:
        event.status = Event.Status.ON_BREAK
        update.append("status")
    elif not level.is_break and event.status == Event.Status.ON_BREAK:
        event.status = Event.Status.RUNNING
        update.append("status")
    event.save(update_fields=update)
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.ADVANCE_LEVEL, obj=event,
                args={"level": level_args(level)}, before={"level": current}, after={"level": target})
    return level


@transaction.atomic(durable=True)
def set_event_status(event: Event, *, status: str, actor: Any) -> Event:
    ensure_director(actor)
    event = lock_event(event)
    before = event.status
    event.status = Event.Status(status)
    event.save(update_fields=["status"])
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.SET_EVENT_STATUS, obj=event,
                args={"status": event.status},
                before={"status": before}, after={"status": event.status})
    return event


# Finishing places -----------------------------------------------------------------------------

def compute_places(
    entries: Iterable[tuple[int, int, int, str]],
    eliminations: Mapping[int, tuple[int, int]],
) -> dict[int, int | None]:
    """Finishing place of every entry, from the order of eliminations.

    `entries` are (entry id, player id, entry number, status); `eliminations` maps an
    eliminated entry to (hand id, stack at that hand's start). Only a player's latest entry
    holds a place (a busted entry that re-entered holds none). Later out finishes higher; two
    out in the same hand: more chips at hand start finishes higher, equal stacks share the
    place. The last entry standing is 1st once everyone else is out.

    >>> compute_places([(1, 1, 1, "eliminated"), (2, 2, 1, "eliminated"), (3, 3, 1, "active"),
    ...                 (4, 4, 1, "eliminated")], {1: (7, 500), 2: (7, 500), 4: (3, 900)})
    {3: 1, 1: 2, 2: 2, 4: 4}
    """
    latest: dict[int, tuple[int, int, str]] = {}
    for entry_id, player_id, number, status in entries:
        if player_id not in latest or number > latest[player_id][1]:
            latest[player_id] = (entry_id, number, status)
    places: dict[int, int | None] = {}
    active = [entry_id for entry_id, _number, status in latest.values() if status == Entry.Status.ACTIVE]
    out = [entry_id for entry_id, _number, status in latest.values() if status != Entry.Status.ACTIVE]
    for entry_id in active:
        places[entry_id] = 1 if len(active) == 1 and out else None
    out.sort(key=lambda entry_id: eliminations.get(entry_id, (0, 0)), reverse=True)
    place = len(active) + 1
    previous: tuple[int, int] | None = None
    shared_place = place
    for entry_id in out:
        key = eliminations.get(entry_id, (0, 0))
        if key != previous:
            shared_place = place
        places[entry_id] = shared_place
        previous = key
        place += 1
    return places


def assign_places(event: Event) -> list[Entry]:
    """Recompute and save every finishing place of `event` (call with the event locked)."""
    rows = list(Entry.objects.filter(event=event).values_list("id", "player_id", "number", "status", "place"))
    # The boards that put an entry out, in hands that still count (not void).
    eliminations = {
        entry_id: (hand_id, stack)
        for entry_id, hand_id, stack in Entry.objects.filter(
            event=event, boards__eliminated=True, boards__hand__status=RECORDED_HAND
        ).values_list("id", "boards__hand_id", "boards__stack_before")
    }
    places = compute_places([row[:4] for row in rows], eliminations)
    changed = [Entry(id=row[0], place=places.get(row[0])) for row in rows if places.get(row[0]) != row[4]]
    if changed:
        Entry.objects.bulk_update(changed, ["place"])
    return changed


# The clock ------------------------------------------------------------------------------------
# What the clock shows is computed (`vpt.events.clock`); these services store its state and
# put the level it shows in force for the event (`Event.current_level`, and `on_break` during a
# break), which is what `record_hand` reads. Time alone moves the clock on, with no write:
# `sync_clock` stores the move when someone looks (the clock display polls it) and
# `refresh_clock` does it inside another service that holds the event lock.

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
        "level": clock.level_number, "started_at": clock.started_at.isoformat() if clock.started_at else None,
        "paused_at": clock.paused_at.isoformat() if clock.paused_at else None,
        "paused_seconds": clock.paused_for.total_seconds(), "adjustment_seconds": clock.adjustment_seconds,
        "fantasyland_hold": clock.fantasyland_hold,
    }


def _put_level_in_force(event: Event, clock: Clock, snapshot: ClockSnapshot, *, actor: Any) -> None:
    """Make the event's current level (and break status) the one the clock shows."""
    level = next(lv for lv in snapshot.levels if lv.number == snapshot.status.level.number)
    status = _status_for(event.status, level.is_break) if clock.started_at else event.status
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
    clock.level_in_force = level.number
    if "current_level" in update:
        write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.CLOCK_LEVEL, obj=event,
                    args={"level": level_args(level)},
                    before={"level": before}, after={"level": level.number, "status": event.status})


def refresh_clock(event: Event, *, now: datetime.datetime, actor: Any = None) -> ClockSnapshot:
    """Store the clock re-anchored at ``now`` and put its level in force (``event`` locked).

    A level changed by hand (`advance_level`) since the clock last ran restarts the clock at
    that level. Returns the snapshot after the change.
    """
    clock = _lock_clock(event)
    snapshot = clock_snapshot(event, now=now, clock=clock)
    if clock.started_at is None:
        return snapshot
    state = snapshot.settled
    if snapshot.level_moved_by_hand and event.current_level is not None:
        state = go_to_level(snapshot.specs, snapshot.state, now, event.current_level.number)
    _store_clock(clock, state)
    snapshot = clock_snapshot(event, now=now, clock=clock)
    _put_level_in_force(event, clock, snapshot, actor=actor)
    clock.save()
    return snapshot


@transaction.atomic(durable=True)
def sync_clock(event: Event, *, actor: Any, now: datetime.datetime | None = None) -> Clock:
    """Store what time did to the clock (a level or a break that began, a Fantasyland hold or its
    end) and put the clock's level in force. Anyone may trigger it (``actor`` may be None): it
    only records what the clock already shows."""
    now = now or timezone.now()
    event = lock_event(event)
    refresh_clock(event, now=now, actor=actor)
    return Clock.objects.get(event=event)


def _change_clock(event: Event, *, actor: Any, now: datetime.datetime | None, action: AuditEntry.Action,
                  change: Callable[[ClockSnapshot, datetime.datetime], ClockState]) -> Clock:
    ensure_director(actor)
    now = now or timezone.now()
    event = lock_event(event)
    snapshot = refresh_clock(event, now=now, actor=actor)
    clock = Clock.objects.select_for_update().get(event=event)
    before = _clock_dict(clock)
    try:
        state = change(snapshot, now)
    except ClockError as error:
        raise ServiceError(_clock_message(error), code=error.code) from None
    _store_clock(clock, state)
    if action == AuditEntry.Action.START_CLOCK and event.status == Event.Status.PLANNED:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    after = clock_snapshot(event, now=now, clock=clock)
    _put_level_in_force(event, clock, after, actor=actor)
    clock.save()
    write_audit(actor=actor, event_id=event.pk, action=action, obj=clock,
                before=before, after=_clock_dict(clock))
    return clock


def _options(snapshot: ClockSnapshot) -> dict[str, Any]:
    return {"fantasyland_tables": snapshot.fantasyland_tables, "fantasyland_ended_at": snapshot.fantasyland_ended_at}


@transaction.atomic(durable=True)
def start_clock(event: Event, *, actor: Any, now: datetime.datetime | None = None) -> Clock:
    """Start the clock at the level in force (level 1 for a new event)."""
    return _change_clock(event, actor=actor, now=now, action=AuditEntry.Action.START_CLOCK,
                         change=lambda snap, at: clock_start(snap.specs, snap.state, at))


@transaction.atomic(durable=True)
def pause_clock(event: Event, *, actor: Any, now: datetime.datetime | None = None) -> Clock:
    return _change_clock(event, actor=actor, now=now, action=AuditEntry.Action.PAUSE_CLOCK,
                         change=lambda snap, at: clock_pause(snap.specs, snap.state, at, **_options(snap)))


@transaction.atomic(durable=True)
def resume_clock(event: Event, *, actor: Any, now: datetime.datetime | None = None) -> Clock:
    """Run the clock again; during a Fantasyland hold, start the break now."""
    return _change_clock(event, actor=actor, now=now, action=AuditEntry.Action.RESUME_CLOCK,
                         change=lambda snap, at: clock_resume(snap.specs, snap.state, at, **_options(snap)))


@transaction.atomic(durable=True)
def adjust_clock(event: Event, *, actor: Any, seconds: int = 0, level: int | None = None,
                 now: datetime.datetime | None = None) -> Clock:
    """Give the current level ``seconds`` more time (fewer when negative), or go to ``level``."""
    def change(snap: ClockSnapshot, at: datetime.datetime) -> ClockState:
        state = snap.state
        if level is not None:
            state = go_to_level(snap.specs, state, at, level)
        if seconds:
            state = clock_adjust(snap.specs, state, at, seconds, **_options(snap))
        return state

    return _change_clock(event, actor=actor, now=now, action=AuditEntry.Action.ADJUST_CLOCK, change=change)


# Payouts ------------------------------------------------------------------------------------

@transaction.atomic(durable=True)
def set_payout_structure(event: Event, *, percentages: Sequence[Decimal | str | int], unit: Decimal,
                         actor: Any) -> PayoutStructure:
    """Store the percentage each place takes (first place first) and the rounding unit."""
    ensure_director(actor)
    try:
        values = validate_structure(percentages)
        split_pool(Decimal("0"), values, unit=unit)  # checks the unit
    except (PayoutError, ArithmeticError) as error:
        raise ServiceError(_("Invalid payout structure: %(error)s") % {"error": error},
                           code=getattr(error, "code", "invalid")) from None
    event = lock_event(event)
    structure, _created = PayoutStructure.objects.select_for_update().get_or_create(event=event)
    before = {"percentages": structure.percentages, "unit": str(structure.unit)}
    structure.percentages = [str(value) for value in values]
    structure.unit = Decimal(unit).quantize(Decimal("0.01"))
    structure.save()
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.SET_PAYOUT_STRUCTURE, obj=structure,
                args={"places": len(values)},
                before=before, after={"percentages": structure.percentages, "unit": str(structure.unit)})
    return structure
