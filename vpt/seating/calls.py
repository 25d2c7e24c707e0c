"""Calls to the floor (floor.md, "Calls"): the dealer's device and each player's own page have a
"Call the floor" button; the director's pages show the open calls at the top, with *On my way*
(the caller's screen then says so) and *Done*. All audited.

caller       a table's dealer, its device or a director at the table (no entry: a call of the
             table), or a player from their own link (a `PlayerActor`: the call names the
             table and seat they sit at).
reasons      the dealer's: a ruling, a dispute, the device, a player missing, other; a
             player's: a ruling, I need to leave, other (`DEALER_REASONS`, `PLAYER_REASONS`).
open call    not done yet (waiting, or the floor is on the way). One open call per table (of
             the table's own) and per player: calling again returns the open call
             (`repeated`), and the caller's screen says the floor is on the way.

A call is not a dispute about a recorded hand: that is "Something's wrong" (`vpt.rounds.flags`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, PlayerActor, ensure_can_record, ensure_director
from vpt.errors import Conflict, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Event
from vpt.events.services import lock_event
from vpt.tables.models import Table

from .models import FloorCall, Seat

__all__ = [
    "DEALER_REASONS",
    "NOTE_LENGTH",
    "PLAYER_REASONS",
    "answer_floor_call",
    "call_floor",
    "close_floor_call",
    "open_call_of",
    "open_calls",
]

NOTE_LENGTH = 200
R = FloorCall.Reason
DEALER_REASONS = (R.RULING, R.DISPUTE, R.DEVICE, R.PLAYER_MISSING, R.OTHER)
PLAYER_REASONS = (R.RULING, R.LEAVE, R.OTHER)


def _open() -> dict[str, object]:
    return {"status__in": [FloorCall.Status.OPEN, FloorCall.Status.ON_THE_WAY]}


def open_call_of(*, table: Table | None = None, entry_id: int | None = None) -> FloorCall | None:
    """The open call of a table (its own, not its players') or of a player: 1 query."""
    calls = FloorCall.objects.filter(**_open())
    if entry_id is not None:
        return calls.filter(entry_id=entry_id).first()
    return calls.filter(table=table, entry__isnull=True).first()


@transaction.atomic(durable=True)
def call_floor(table: Table | None, *, actor: Actor, reason: str, note: str = "") -> FloorCall:
    """Call the floor to `table` (None for a player: the table they sit at). Returns the open
    call, the one made earlier (``repeated`` set) when the table or player has one."""
    note = " ".join(note.split())
    if len(note) > NOTE_LENGTH:
        raise ServiceError(_("At most %(length)s characters, please.") % {"length": NOTE_LENGTH}, code="note_too_long")
    player = isinstance(actor, PlayerActor)
    allowed = PLAYER_REASONS if player else DEALER_REASONS
    if reason not in allowed:
        raise ServiceError(_("Choose why you call the floor."), code="invalid_reason")
    seat = None
    if isinstance(actor, PlayerActor):
        seat = Seat.objects.select_related("table").filter(entry_id=actor.entry_id).first()
        if seat is None:
            raise ServiceError(_("You are not seated at a table: ask at the desk."), code="not_seated")
        table = seat.table
    if table is None:
        raise ServiceError(_("Which table calls the floor?"), code="no_table")
    if not player:
        ensure_can_record(actor, dealer_id=table.dealer_id, table_number=table.number, table_id=table.pk)
    event = lock_event(table.event_id)
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event has finished."), code="event_finished")
    earlier = open_call_of(table=table, entry_id=seat.entry_id if seat else None)
    if earlier is not None:
        earlier.repeated = True
        return earlier
    call = FloorCall.objects.create(
        event=event,
        table=table,
        entry_id=seat.entry_id if seat else None,
        seat_number=seat.number if seat else None,
        reason=reason,
        note=note,
    )
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.call_floor",
        obj=call,
        table_number=table.number,
        entry=seat.entry if seat else None,
        args={"table": table.number, "reason": reason, "seat": call.seat_number},
        after={"note": note},
    )
    return call


def _answer(call: FloorCall, *, actor: Actor, status: str, action: str) -> FloorCall:
    ensure_director(actor)
    event = lock_event(call.event_id)
    call = FloorCall.objects.select_for_update().select_related("table").get(pk=call.pk)
    if call.status == FloorCall.Status.DONE:
        raise Conflict(_("This call is done already."), code="call_done")
    before = call.status
    call.status = status
    now = timezone.now()
    if status == FloorCall.Status.ON_THE_WAY:
        call.answered_at = now
    else:
        call.done_at = now
    call.save(update_fields=["status", "answered_at", "done_at"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action=action,
        obj=call,
        table_number=call.table.number,
        entry=call.entry,
        args={"table": call.table.number},
        before={"status": before},
        after={"status": status},
    )
    return call


@transaction.atomic(durable=True)
def answer_floor_call(call: FloorCall, *, actor: Actor) -> FloorCall:
    """*On my way*: the director goes to the call; the caller's screen says so."""
    return _answer(call, actor=actor, status=FloorCall.Status.ON_THE_WAY, action="seating.answer_floor_call")


@transaction.atomic(durable=True)
def close_floor_call(call: FloorCall, *, actor: Actor) -> FloorCall:
    """*Done*: the call is dealt with; the table or player may call again."""
    return _answer(call, actor=actor, status=FloorCall.Status.DONE, action="seating.close_floor_call")


def open_calls(event: Event) -> list[FloorCall]:
    """The event's open calls, oldest first, with table and player: 1 query."""
    return list(
        FloorCall.objects.filter(event=event, **_open()).select_related("table", "entry__player").order_by("called_at")
    )
