"""Writes for the director's event pages: edit an event and its level structure.

These complete ``vpt.events.services`` (which creates events and puts levels in force) for
the floor pages; each is one transaction that locks the event row and writes an audit entry.

level structure  the event's levels in order (1, 2, ...). Levels already in force or past are
                 history (the hands played in them keep their chips per point), so only the
                 levels after the current one may be reordered or deleted.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from vpt.accounts.permissions import ensure_director
from vpt.errors import Conflict, ServiceError
from vpt.ofc import InvalidHand, get_ruleset

from .audit import level_args, write_audit
from .models import AuditEntry, Event, Level
from .services import lock_event

EVENT_FIELDS = (
    "name", "venue", "starts_on", "ends_on", "variant", "rule_overrides", "starting_stack", "seats_per_table",
    "buy_in", "fee", "reentry_until_level", "max_entries", "language", "slip_format",
)
# Fields that the first hand fixes: changing them later would rewrite history.
FIXED_BY_PLAY = ("variant", "rule_overrides", "starting_stack", "seats_per_table")


def _has_hands(event: Event) -> bool:
    return event.hands.exists()


@transaction.atomic(durable=True)
def update_event(event: Event, *, actor: Any, **fields: Any) -> Event:
    """Change an event's settings; the rule set, stack and table size only before the first hand."""
    ensure_director(actor)
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise ServiceError(_("Unknown event field: %(fields)s") % {"fields": ", ".join(sorted(unknown))})
    event = lock_event(event)
    changed = {key: value for key, value in fields.items() if getattr(event, key) != value}
    if not changed:
        return event
    frozen = [key for key in changed if key in FIXED_BY_PLAY]
    if frozen and _has_hands(event):
        raise Conflict(
            _("Hands have been played: the rule set, starting stack and seats per table can no longer change."),
            code="hands_recorded",
        )
    variant = changed.get("variant", event.variant)
    overrides = changed.get("rule_overrides", event.rule_overrides) or {}
    try:
        rules = get_ruleset(variant).with_overrides(overrides)
    except InvalidHand as error:
        raise ServiceError(_("Rule overrides: %(problem)s") % {"problem": error}, code="invalid_rules") from None
    seats = changed.get("seats_per_table", event.seats_per_table)
    if not rules.min_players <= seats <= rules.max_players:
        raise ServiceError(
            _("%(variant)s seats %(low)s to %(high)s players at a table.")
            % {"variant": variant, "low": rules.min_players, "high": rules.max_players},
            code="invalid_seats",
        )
    before = {key: str(getattr(event, key)) for key in changed}
    for key, value in changed.items():
        setattr(event, key, value)
    event.save(update_fields=list(changed))
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.UPDATE_EVENT, obj=event,
                args={"name": event.name, "fields": ", ".join(changed)},
                before=before, after={key: str(value) for key, value in changed.items()})
    return event


def _current_number(event: Event) -> int:
    return event.current_level.number if event.current_level else 0


def _level_fields(chips_per_point: int, minutes: int | None, hands: int | None, is_break: bool) -> dict[str, Any]:
    if chips_per_point < 1:
        raise ServiceError(_("Chips per point must be 1 or more."), code="invalid_level")
    return {"chips_per_point": chips_per_point, "minutes": minutes, "hands": hands, "is_break": is_break}


@transaction.atomic(durable=True)
def add_level(event: Event, *, actor: Any, chips_per_point: int = 1, minutes: int | None = None,
              hands: int | None = None, is_break: bool = False) -> Level:
    """Append a level (or a break) to the structure."""
    ensure_director(actor)
    event = lock_event(event)
    fields = _level_fields(chips_per_point, minutes, hands, is_break)
    number = (Level.objects.filter(event=event).aggregate(top=Max("number"))["top"] or 0) + 1
    level = Level.objects.create(event=event, number=number, **fields)
    if event.current_level is None:
        event.current_level = level
        event.save(update_fields=["current_level"])
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.ADD_LEVEL, obj=level,
                args={"level": level_args(level)},
                after={"number": number, **fields})
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
def update_level(level: Level, *, actor: Any, chips_per_point: int, minutes: int | None = None,
                 hands: int | None = None, is_break: bool = False) -> Level:
    """Change a level; past levels are history (hands keep the chips per point they were played at)."""
    ensure_director(actor)
    event, level = _lock_level(level)
    if level.number < _current_number(event):
        raise Conflict(_("Level %(number)s is past; it cannot change.") % {"number": level.number},
                       code="level_played")
    fields = _level_fields(chips_per_point, minutes, hands, is_break)
    before = {"chips_per_point": level.chips_per_point, "minutes": level.minutes, "hands": level.hands,
              "is_break": level.is_break}
    for key, value in fields.items():
        setattr(level, key, value)
    level.save(update_fields=list(fields))
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.UPDATE_LEVEL, obj=level,
                args={"level": level_args(level)},
                before=before, after=fields)
    return level


@transaction.atomic(durable=True)
def move_level(level: Level, *, actor: Any, up: bool) -> Level:
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
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.MOVE_LEVEL, obj=level,
                args={"from": first, "to": second},
                before={"number": first}, after={"number": second})
    return level


@transaction.atomic(durable=True)
def delete_level(level: Level, *, actor: Any) -> None:
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
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.DELETE_LEVEL, obj=event,
                args={"level": removed}, before={"number": number})
