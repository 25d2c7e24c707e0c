"""Planned moves: the balancing moves that wait for the round at the player's table to end
(ofc-rules.md, "Moves and Fantasyland").

planned move  a `PlannedMove`, stored by `balance_tables` for a move its suggestion says
              happens "after the round" (or after the Fantasyland hand, which continues it).
carried out   made by `carry_out_planned_moves`, which the service recording a hand
              (`vpt.rounds.services.record_hand`) calls once that hand has ended the round at
              the player's table: the button has gone around and nobody there plays
              Fantasyland next. The player takes the seat planned, or the destination's first
              free seat if it has been taken since; a table left with nobody is broken.
move now      the director's confirmed choice to make a planned move at once, during the round
              (`move_planned_now`); never away from a table where someone plays Fantasyland
              next while two or more sit there.
cancelled     `cancel_planned_move`: the player stays.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.errors import ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Event
from vpt.events.services import lock_event
from vpt.tables.models import Table

from .models import PlannedMove, Seat
from .next_hand import deal_next_hands
from .services import (
    _check_move,
    _free,
    _lock_tables,
    _move,
    _occupied,
    _seats_by_table,
    close_table,
    fantasyland_pins,
)

__all__ = ["cancel_planned_move", "carry_out_planned_moves", "move_planned_now"]


def _audit_move(actor: Actor, event: Event, planned: PlannedMove, target: Seat, action: str) -> None:
    write_audit(
        actor=actor,
        event_id=event.pk,
        action=action,
        obj=target,
        table_number=planned.to_table.number,
        entry=planned.entry,
        args={
            "name": str(planned.entry),
            "from": planned.from_table.number,
            "to": planned.to_table.number,
            "seat": target.number,
        },
        after={"table": planned.to_table.number, "seat": target.number},
    )


def carry_out_planned_moves(table: Table, *, event: Event, round_over: bool, actor: Actor) -> list[Table]:
    """Make the moves planned away from `table` once its round is over (`round_over`: the hand
    just recorded there ended it); returns the tables players moved to. The caller deals them.

    A helper of `record_hand`, inside its transaction with the event and `table` locked (the
    other open tables are locked here, in id order). A planned move whose player no longer sits
    at `table` is dropped; one whose destination is full or closed stays planned. `table` is
    broken when nobody is left at it.
    """
    if not round_over or not table.is_open or event.status == Event.Status.FINISHED:
        return []
    planned = list(
        PlannedMove.objects.filter(from_table=table)
        .select_related("entry__player", "from_table", "to_table")
        .order_by("planned_at", "id")
    )
    if not planned:
        return []
    tables = _lock_tables(event)
    tables[table.pk] = table  # the caller's row, so that what it saves next agrees
    seats = _seats_by_table(tables)
    if fantasyland_pins(seats[table.pk]):
        return []  # cannot happen once the round is over; a pending Fantasyland hand comes first
    moved_to: list[Table] = []
    for move in planned:
        source = next((seat for seat in seats[table.pk] if seat.entry_id == move.entry_id), None)
        if source is None:
            move.delete()
            continue
        destination = tables.get(move.to_table_id)
        free = _free(seats[destination.pk]) if destination is not None else []
        if destination is None or not free:
            continue
        target = next((seat for seat in free if seat.number == move.to_seat), free[0])
        _move(source, target, tables)  # deletes the planned move
        _audit_move(actor, event, move, target, "seating.planned_move_made")
        if destination not in moved_to:
            moved_to.append(destination)
    if not _occupied(seats[table.pk]):
        close_table(table)
    return moved_to


def _lock_planned(planned: PlannedMove) -> tuple[Event, PlannedMove]:
    event = lock_event(planned.event_id)
    current = (
        PlannedMove.objects.select_for_update()
        .select_related("entry__player", "from_table", "to_table")
        .filter(pk=planned.pk)
        .first()
    )
    if current is None:
        raise ServiceError(_("This move has been made or cancelled already."), code="not_planned")
    return event, current


@transaction.atomic(durable=True)
def move_planned_now(planned: PlannedMove, *, actor: Actor) -> Seat:
    """Make `planned` at once, during the round (the director confirmed "Move now"); returns
    the player's new seat. Refused away from a table where someone plays Fantasyland next
    while two or more sit there, and when it would leave a player alone there."""
    ensure_director(actor)
    event, planned = _lock_planned(planned)
    tables = _lock_tables(event)
    seats = _seats_by_table(tables)
    if planned.from_table_id not in tables or planned.to_table_id not in tables:
        raise ServiceError(_("%(table)s is not open.") % {"table": planned.to_table}, code="table_closed")
    source = next((seat for seat in seats[planned.from_table_id] if seat.entry_id == planned.entry_id), None)
    if source is None:
        raise ServiceError(
            _("%(name)s no longer sits at %(table)s.") % {"name": planned.entry, "table": planned.from_table},
            code="not_seated",
        )
    target = _check_move(source, seats[planned.from_table_id], seats[planned.to_table_id], None)
    wanted = next((seat for seat in _free(seats[planned.to_table_id]) if seat.number == planned.to_seat), None)
    target = wanted or target
    _move(source, target, tables)
    deal_next_hands(event, [tables[planned.from_table_id], tables[planned.to_table_id]])
    _audit_move(actor, event, planned, target, "seating.player_moved")
    return target


@transaction.atomic(durable=True)
def cancel_planned_move(planned: PlannedMove, *, actor: Actor) -> None:
    """Drop `planned`: the player stays where they sit."""
    ensure_director(actor)
    event, planned = _lock_planned(planned)
    planned.delete()
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.planned_move_cancelled",
        obj=planned.entry,
        table_number=planned.from_table.number,
        entry=planned.entry,
        args={"name": str(planned.entry), "from": planned.from_table.number, "to": planned.to_table.number},
    )
