"""The tickets a satellite issues when it ends (festival.md, "Satellites and tickets").

winners     a finished satellite's entries placed within its seats (the players left share
            place 1; players out in one hand below the seats take the last seats by the usual
            ranking). A tie block that straddles the last seat wins no ticket here: the
            director settles it (they cannot split a ticket).
sync        `sync_satellite_tickets` makes the satellite's tickets match its winners, inside
            the caller's transaction (the event locked): a winner without a ticket gets one
            (`issue_ticket`, worth the seat value, to the target); a winner whose ticket was
            withdrawn by a reopening gets that same ticket back; a ticket whose entry no longer
            wins (a correction reopened the satellite) is withdrawn: cancelled, not cashed. A
            used ticket stays used. Never two tickets for one entry.
"""

from __future__ import annotations

from collections import Counter

from vpt.accounts.permissions import Actor

from .audit import bump_version, write_audit
from .models import Entry, Event
from .satellites import satellite_split
from .ticket_models import Ticket
from .tickets import holder_changed, issue_ticket


def satellite_winners(event: Event, seats: int) -> list[Entry]:
    """The entries of a finished satellite that win a ticket (latest entries placed <= seats)."""
    if event.status != Event.Status.FINISHED or seats < 1:
        return []
    placed = list(
        Entry.objects.filter(event=event, place__isnull=False, place__lte=seats)
        .select_related("player__person__merged_into")
        .order_by("place", "id")
    )
    at = Counter(entry.place for entry in placed)
    return [entry for entry in placed if entry.place is not None and entry.place + at[entry.place] - 1 <= seats]


def sync_satellite_tickets(event: Event, *, actor: Actor) -> list[Entry]:
    """Issue, give back or withdraw the satellite's tickets as its places now stand; the
    winners who have no person (and so get no ticket) are returned. No-op for another event."""
    if event.target_id is None:
        return []
    split = satellite_split(event)
    seats = split.seats if split is not None else 0
    winners = satellite_winners(event, seats)
    held = {ticket.won_by_id: ticket for ticket in Ticket.objects.filter(won_in=event).select_related("person")}
    winning = {entry.pk for entry in winners}
    changed = False
    for entry_id, ticket in held.items():
        if entry_id not in winning and ticket.status == Ticket.Status.ISSUED:
            _set_status(ticket, Ticket.Status.CANCELLED, event=event, actor=actor, action="events.ticket_withdrawn")
            changed = True
    skipped: list[Entry] = []
    target = event.target
    for entry in winners:
        kept = held.get(entry.pk)
        if kept is not None:
            if kept.status == Ticket.Status.CANCELLED and kept.cashed is None:
                _set_status(kept, Ticket.Status.ISSUED, event=event, actor=actor, action="events.ticket_issued")
                changed = True
            continue
        person = entry.player.person
        if person is None:
            skipped.append(entry)
            continue
        assert target is not None and split is not None
        issue_ticket(
            person=person.merged_into or person,
            event=target,
            actor=actor,
            value=split.seat_value,
            won_in=event,
            won_by=entry,
        )
    if changed:
        bump_version(event.pk)
    return skipped


def _set_status(ticket: Ticket, status: str, *, event: Event, actor: Actor, action: str) -> None:
    ticket.status = status
    ticket.save(update_fields=["status", "updated_at"])
    write_audit(
        actor=actor,
        event_id=ticket.event_id,
        action=action,
        obj=ticket,
        args={"name": ticket.person.name, "event": str(ticket.event), "money": str(ticket.value)},
    )
    holder_changed(ticket.person)
