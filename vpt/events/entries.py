"""Writes for a player's entries: register, re-enter, adjust chips.

player       a person registered for the event (one per name).
entry        one buy-in of a player, with its own stack; a re-entry is a fresh entry
             (number 2, 3, ...) for a player whose previous entry is out.
adjustment   a director's signed change to an active entry's stack, kept with its reason
             in the ledger (`ChipAdjustment`).

Each service is one transaction that locks the event row first (`lock_event`) and writes
an audit entry.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import Conflict, ServiceError

from .audit import write_audit
from .models import AuditEntry, ChipAdjustment, Entry, Event, Player
from .places import assign_places
from .services import lock_event


def _check_open_for_entries(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event has finished."), code="event_finished")


@transaction.atomic(durable=True)
def register_player(event: Event, *, name: str, actor: Actor, country: str = "", email: str = "") -> Entry:
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
    write_audit(
        actor=actor,
        event_id=event.pk,
        action=AuditEntry.Action.REGISTER_PLAYER,
        obj=entry,
        entry=entry,
        args={"name": name},
        after={"stack": entry.stack},
    )
    return entry


@transaction.atomic(durable=True)
def reenter_player(player: Player, *, actor: Actor) -> Entry:
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
        event=event,
        player=player,
        number=len(entries) + 1,
        starting_stack=event.starting_stack,
        stack=event.starting_stack,
    )
    assign_places(event)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action=AuditEntry.Action.REENTER_PLAYER,
        obj=entry,
        entry=entry,
        args={"name": player.name, "number": entry.number},
        after={"stack": entry.stack},
    )
    return entry


@transaction.atomic(durable=True)
def adjust_chips(entry: Entry, *, amount: int, reason: str, actor: Actor) -> ChipAdjustment:
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
        event=event,
        entry=entry,
        amount=amount,
        reason=reason.strip(),
        created_by=user_of(actor),
        stack_before=entry.stack,
        stack_after=entry.stack + amount,
    )
    entry.stack += amount
    entry.save(update_fields=["stack"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action=AuditEntry.Action.ADJUST_CHIPS,
        obj=entry,
        entry=entry,
        args={"name": str(entry), "amount": amount, "reason": reason.strip()},
        before={"stack": adjustment.stack_before},
        after={"stack": adjustment.stack_after},
    )
    return adjustment
