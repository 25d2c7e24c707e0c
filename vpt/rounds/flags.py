"""The second pair of eyes: a player flags a hand they played ("Something's wrong", with a
short reason) from their own page; the floor shows it, and the table's dealer sees the hand is
disputed, until a director resolves it. Both are audited.

open flag   not resolved yet. One open flag per player and hand: flagging it again says so.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, PlayerActor, ensure_director, user_of
from vpt.errors import Conflict, NotAllowed, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Event
from vpt.events.services import lock_event
from vpt.tables.models import Table

from .models import Board, Hand, HandFlag

__all__ = ["REASON_LENGTH", "flag_hand", "open_flags", "open_flags_at", "resolve_hand_flag"]

REASON_LENGTH = 200


def _clean(text: str, *, required: bool) -> str:
    text = " ".join(text.split())
    if required and not text:
        raise ServiceError(_("Say in a few words what is wrong."), code="no_reason")
    if len(text) > REASON_LENGTH:
        raise ServiceError(
            _("At most %(length)s characters, please.") % {"length": REASON_LENGTH}, code="reason_too_long"
        )
    return text


@transaction.atomic(durable=True)
def flag_hand(hand: Hand, *, actor: Actor, reason: str) -> HandFlag:
    """A player flags a hand they played (their own link: a `PlayerActor`)."""
    if not isinstance(actor, PlayerActor):
        raise NotAllowed(_("Only a player of the hand may flag it."))
    reason = _clean(reason, required=True)
    event = lock_event(hand.event_id)
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event has finished."), code="event_finished")
    hand = Hand.objects.select_related("table").get(pk=hand.pk)
    if not Board.objects.filter(hand=hand, entry_id=actor.entry_id).exists():
        raise NotAllowed(_("Only a player of the hand may flag it."))
    if HandFlag.objects.filter(hand=hand, entry_id=actor.entry_id, resolved_at__isnull=True).exists():
        raise Conflict(_("You have flagged this hand already: the director will look at it."), code="already_flagged")
    flag = HandFlag.objects.create(hand=hand, entry_id=actor.entry_id, reason=reason)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="rounds.hand_flagged",
        obj=flag,
        table_number=hand.table.number,
        entry=flag.entry,
        args={"name": str(flag.entry), "table": hand.table.number, "number": hand.number, "reason": reason},
    )
    return flag


@transaction.atomic(durable=True)
def resolve_hand_flag(flag: HandFlag, *, actor: Actor, resolution: str = "") -> HandFlag:
    """A director has looked at the flagged hand (corrected it, or found it right)."""
    ensure_director(actor)
    resolution = _clean(resolution, required=False)
    event = lock_event(flag.hand.event_id)
    flag = HandFlag.objects.select_for_update().select_related("hand__table", "entry__player").get(pk=flag.pk)
    if flag.resolved_at is not None:
        raise Conflict(_("This flag was resolved already."), code="already_resolved")
    flag.resolved_at = timezone.now()
    flag.resolved_by = user_of(actor)
    flag.resolution = resolution
    flag.save(update_fields=["resolved_at", "resolved_by", "resolution"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="rounds.hand_flag_resolved",
        obj=flag,
        table_number=flag.hand.table.number,
        entry=flag.entry,
        args={"name": str(flag.entry), "table": flag.hand.table.number, "number": flag.hand.number},
        after={"resolution": resolution},
    )
    return flag


def open_flags(event: Event) -> list[HandFlag]:
    """The event's flags not resolved yet, oldest first, with hand, table and player: 1 query."""
    return list(
        HandFlag.objects.filter(hand__event=event, resolved_at__isnull=True)
        .select_related("hand__table", "entry__player")
        .order_by("flagged_at", "id")
    )


def open_flags_at(table: Table) -> list[HandFlag]:
    """The table's flags not resolved yet (for its dealer's page): 1 query."""
    return list(
        HandFlag.objects.filter(hand__table=table, resolved_at__isnull=True)
        .select_related("hand", "entry__player")
        .order_by("hand__number", "id")
    )
