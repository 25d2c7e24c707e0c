"""Writes for an event's level structure: add, change, reorder and delete levels; advance.

level structure  the event's levels in order (1, 2, ...), each with its chips per point and
                 its length in minutes or hands, or a break. Levels already in force or past
                 are history (the hands played in them keep their chips per point), so only
                 the levels after the current one may be reordered or deleted.
whole structure  `set_structure` replaces every level after the one in force at once (the
                 structure editor: add, remove, reorder, insert breaks in one save);
                 `falling_levels` says where chips per point would fall.
level in force   `Event.current_level`; `advance_level` moves it by hand, the clock moves it
                 with time (`vpt.clock.services`).

Each service is one transaction that locks the event row and writes an audit entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, Max, ProtectedError
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.errors import Conflict, ServiceError

from .audit import level_args, write_audit
from .models import Event, Level
from .services import lock_event


@transaction.atomic(durable=True)
def advance_level(event: Event, *, actor: Actor, number: int | None = None) -> Level:
    """Put the next level (or level `number`) in force; hands started from now use its chips per point."""
    ensure_director(actor)
    event = lock_event(event)
    current = event.current_level.number if event.current_level else 0
    target = current + 1 if number is None else number
    level = Level.objects.filter(event=event, number=target).first()
    if level is None:
        raise ServiceError(_("There is no level %(number)s.") % {"number": target}, code="no_such_level")
    event.current_level = level
    status = event.status_during(on_break=level.is_break)
    update = ["current_level"] if status == event.status else ["current_level", "status"]
    event.status = status
    event.save(update_fields=update)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.level_advanced",
        obj=event,
        args={"level": level_args(level)},
        before={"level": current},
        after={"level": target},
    )
    return level


def _current_number(event: Event) -> int:
    return event.current_level.number if event.current_level else 0


def _level_fields(chips_per_point: int, minutes: int | None, hands: int | None, is_break: bool) -> dict[str, Any]:
    if chips_per_point < 1:
        raise ServiceError(_("Chips per point must be 1 or more."), code="invalid_level")
    return {"chips_per_point": chips_per_point, "minutes": minutes, "hands": hands, "is_break": is_break}


@transaction.atomic(durable=True)
def add_level(
    event: Event,
    *,
    actor: Actor,
    chips_per_point: int = 1,
    minutes: int | None = None,
    hands: int | None = None,
    is_break: bool = False,
) -> Level:
    """Append a level (or a break) to the structure."""
    ensure_director(actor)
    event = lock_event(event)
    fields = _level_fields(chips_per_point, minutes, hands, is_break)
    number = (Level.objects.filter(event=event).aggregate(top=Max("number"))["top"] or 0) + 1
    level = Level.objects.create(event=event, number=number, **fields)
    if event.current_level is None:
        event.current_level = level
        event.save(update_fields=["current_level"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.level_added",
        obj=level,
        args={"level": level_args(level)},
        after={"number": number, **fields},
    )
    return level


def _lock_level(level: Level) -> tuple[Event, Level]:
    event = lock_event(level.event_id)
    return event, Level.objects.get(pk=level.pk)


def _refuse_history(event: Event, level: Level) -> None:
    if level.number <= _current_number(event):
        raise Conflict(
            _("Level %(number)s is in force or past; only later levels can be reordered or removed.")
            % {"number": level.number},
            code="level_played",
        )


@transaction.atomic(durable=True)
def update_level(
    level: Level,
    *,
    actor: Actor,
    chips_per_point: int,
    minutes: int | None = None,
    hands: int | None = None,
    is_break: bool = False,
) -> Level:
    """Change a level; past levels are history (hands keep the chips per point they were played at)."""
    ensure_director(actor)
    event, level = _lock_level(level)
    if level.number < _current_number(event):
        raise Conflict(_("Level %(number)s is past; it cannot change.") % {"number": level.number}, code="level_played")
    fields = _level_fields(chips_per_point, minutes, hands, is_break)
    before = {key: getattr(level, key) for key in fields}
    for key, value in fields.items():
        setattr(level, key, value)
    level.save(update_fields=list(fields))
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.level_changed",
        obj=level,
        args={"level": level_args(level)},
        before=before,
        after=fields,
    )
    return level


@transaction.atomic(durable=True)
def move_level(level: Level, *, actor: Actor, up: bool) -> Level:
    """Swap a level with the one before it (`up`) or after it."""
    ensure_director(actor)
    event, level = _lock_level(level)
    _refuse_history(event, level)
    other = Level.objects.filter(event=event, number=level.number + (-1 if up else 1)).first()
    if other is None:
        raise ServiceError(_("There is no level to swap with."), code="no_such_level")
    _refuse_history(event, other)
    first, second = level.number, other.number
    level.number = 0  # free the number: (event, number) is unique
    level.save(update_fields=["number"])
    other.number = first
    other.save(update_fields=["number"])
    level.number = second
    level.save(update_fields=["number"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.level_moved",
        obj=level,
        args={"from": first, "to": second},
        before={"number": first},
        after={"number": second},
    )
    return level


@transaction.atomic(durable=True)
def delete_level(level: Level, *, actor: Actor) -> None:
    """Remove a future level; the later levels move up one number."""
    ensure_director(actor)
    event, level = _lock_level(level)
    _refuse_history(event, level)
    number = level.number
    removed = level_args(level)
    level.delete()
    for later in Level.objects.filter(event=event, number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.level_removed",
        obj=event,
        args={"level": removed},
        before={"number": number},
    )


@dataclass(frozen=True, slots=True)
class LevelSpec:
    """One level as the structure editor sends it (a break has no chips per point of its own)."""

    chips_per_point: int
    minutes: int | None = None
    hands: int | None = None
    is_break: bool = False


def falling_levels(levels: Sequence[LevelSpec], *, before: int | None = None) -> list[tuple[int, int, int]]:
    """Where chips per point falls from one played level to the next: (level number, from, to).

    Breaks are skipped (they keep the last level's chips per point); ``before`` is the chips
    per point of the level in force when the list starts after it.

    >>> falling_levels([LevelSpec(100), LevelSpec(0, 10, None, True), LevelSpec(50)], before=None)
    [(3, 100, 50)]
    """
    found = []
    last = before
    for number, spec in enumerate(levels, start=1):
        if spec.is_break:
            continue
        if last is not None and spec.chips_per_point < last:
            found.append((number, last, spec.chips_per_point))
        last = spec.chips_per_point
    return found


@transaction.atomic(durable=True)
def set_structure(event: Event, *, levels: Sequence[LevelSpec], actor: Actor) -> list[Level]:
    """Replace every level after the one in force with ``levels``, in that order, at once.

    The levels in force or past are history and stay as they are; the new ones follow them,
    numbered on from there. Returns the event's levels after the change."""
    ensure_director(actor)
    specs = list(levels)
    for spec in specs:
        if not spec.is_break:
            _level_fields(spec.chips_per_point, spec.minutes, spec.hands, spec.is_break)
    event = lock_event(event)
    current = _current_number(event)
    history = list(Level.objects.filter(event=event, number__lte=current).order_by("number"))
    future = list(Level.objects.filter(event=event, number__gt=current).order_by("number"))
    carried = history[-1].chips_per_point if history else 1
    before = [level_args(level) for level in future]
    # Free the numbers first: (event, number) is unique, and rows are reused in their new order.
    Level.objects.filter(pk__in=[level.pk for level in future]).update(number=F("number") + 10_000)
    kept: list[Level] = []
    for offset, spec in enumerate(specs, start=1):
        level = future[offset - 1] if offset <= len(future) else Level(event=event)
        level.number = current + offset
        level.chips_per_point = spec.chips_per_point if not spec.is_break else carried
        level.minutes, level.hands, level.is_break = spec.minutes, spec.hands, spec.is_break
        level.save()
        if not spec.is_break:
            carried = spec.chips_per_point
        kept.append(level)
    leftover = future[len(specs) :]
    try:
        Level.objects.filter(pk__in=[level.pk for level in leftover]).delete()
    except ProtectedError:
        raise Conflict(_("A level to remove has hands recorded in it."), code="level_played") from None
    if event.current_level is None and kept:
        event.current_level = kept[0]
        event.save(update_fields=["current_level"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.structure_set",
        obj=event,
        args={"count": len(specs), "from": current + 1},
        before={"levels": before},
        after={"levels": [level_args(level) for level in kept]},
    )
    return history + kept
