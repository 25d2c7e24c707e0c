"""Issuing, using and cashing tickets (festival.md, "Satellites and tickets"; the model:
`ticket_models`, the reads: `ticket_selectors`).

issue        `issue_ticket` gives a person a ticket to an event, won in a satellite (`won_in`,
             `won_by`) or awarded by a tour final (`source`).
use          `use_ticket`: at the target's desk, *Paid* → *ticket* takes the holder's oldest issued
             ticket to that event and marks it used by that entry (one ticket pays one entry,
             buy-in and fee); `give_back_ticket`: cancelling that payment makes it issued again.
             Both run inside the desk's transaction (`vpt.events.payments`), the event locked.
cash         `cancel_ticket_for_cash`: the director pays a held ticket's value in cash instead;
             the ticket is cancelled with `cashed` = its value. A used ticket cannot be.

Each change is audited, and moves the versions of every event the holder played
(`bump_people_events`): a player's own page in any of them lists the tickets they hold.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import Conflict, ServiceError
from vpt.people.models import Person

from .audit import bump_people_events, bump_version, write_audit
from .models import Entry, Event
from .ticket_models import Ticket
from .ticket_selectors import held_by, holder_ids, payable_events

__all__ = ["cancel_ticket_for_cash", "give_back_ticket", "holder_changed", "issue_ticket", "use_ticket"]


def issue_ticket(
    *,
    person: Person,
    event: Event,
    actor: Actor,
    value: Decimal | None = None,
    won_in: Event | None = None,
    won_by: Entry | None = None,
    source: str = "",
) -> Ticket:
    """A new issued ticket of ``person`` to ``event`` (the target), worth ``value`` (default:
    the event's buy-in and fee). A person may hold several tickets to the same event."""
    amount = event.buy_in + event.fee if value is None else Decimal(value)
    if amount < 0:
        raise ServiceError(_("A ticket cannot be worth less than zero."), code="bad_value")
    with transaction.atomic():
        ticket = Ticket.objects.create(
            person=person,
            event=event,
            value=amount.quantize(Decimal("0.01")),
            won_in=won_in,
            won_by=won_by,
            source=source,
            created_by=user_of(actor),
        )
        if won_in is not None:
            bump_version(won_in.pk)
        write_audit(
            actor=actor,
            event_id=event.pk,
            action="events.ticket_issued",
            obj=ticket,
            args={"name": person.name, "event": event.name, "money": str(ticket.value)},
        )
        holder_changed(person)
    return ticket


def holder_changed(person: Person) -> None:
    """A ticket of ``person`` changed: every event they (or the people merged with them) played
    shows it, on their own page."""
    bump_people_events(holder_ids(person))


def _audit(ticket: Ticket, *, action: str, actor: Actor, event_id: int, entry: Entry | None = None) -> None:
    write_audit(
        actor=actor,
        event_id=event_id,
        action=action,
        obj=ticket,
        entry=entry,
        args={"name": ticket.person.name, "event": ticket.event.name, "money": str(ticket.value)},
        after={"status": ticket.status, "entry": ticket.entry_id, "cashed": str(ticket.cashed or "")},
    )
    holder_changed(ticket.person)


def _set_used(ticket: Ticket, entry: Entry, *, used: bool, action: str, actor: Actor, event_id: int) -> Ticket:
    """``ticket`` now pays ``entry`` (``used``) or is issued again (its payment of ``entry``
    cancelled): saved and audited as ``action``, and the event it was won in shows it."""
    ticket.status = Ticket.Status.USED if used else Ticket.Status.ISSUED
    ticket.entry = entry if used else None
    ticket.save(update_fields=["status", "entry", "updated_at"])
    _audit(ticket, action=action, actor=actor, event_id=event_id, entry=entry)
    if ticket.won_in_id is not None:
        bump_version(ticket.won_in_id)
    return ticket


def use_ticket(event: Event, entry: Entry, *, actor: Actor) -> Ticket:
    """The holder's oldest issued ticket to ``event`` (for a flight: to its main event, or to the
    flight itself), now used by ``entry`` (the caller locked the event and the entry, and checked
    the entry has not paid); refused when they hold none."""
    person_id = entry.player.person_id
    person = None if person_id is None else Person.objects.select_related("merged_into").filter(pk=person_id).first()
    ticket = None
    if person is not None:
        ticket = (
            Ticket.objects.select_for_update(of=("self",))
            .select_related("person", "event")
            .filter(held_by(person), event_id__in=payable_events(event), status=Ticket.Status.ISSUED)
            .order_by("created_at", "id")
            .first()
        )
    if ticket is None:
        target = event.main_event if event.main_event_id is not None else event
        raise ServiceError(
            _("%(name)s holds no ticket to %(event)s: choose another way to pay.")
            % {"name": entry.player.name, "event": target},
            code="no_ticket",
        )
    return _set_used(ticket, entry, used=True, action="events.ticket_used", actor=actor, event_id=event.pk)


def give_back_ticket(entry: Entry, *, actor: Actor) -> Ticket | None:
    """The ticket that paid ``entry``, issued again (its payment was cancelled); None when no
    ticket paid it. Inside the caller's transaction, the event and the entry locked."""
    ticket = (
        Ticket.objects.select_for_update(of=("self",)).select_related("person", "event").filter(entry=entry).first()
    )
    if ticket is None:
        return None
    return _set_used(ticket, entry, used=False, action="events.ticket_returned", actor=actor, event_id=ticket.event_id)


@transaction.atomic(durable=True)
def cancel_ticket_for_cash(ticket: Ticket, *, actor: Actor) -> Ticket:
    """Cancel a held ticket and pay its value in cash instead (`cashed` = its value): cash paid
    out at the desk of the event it was won in. A used or cancelled ticket is refused."""
    ensure_director(actor)
    # Both events the ticket counts in, locked in one order (by id) whoever asks.
    for event_id in sorted({ticket.event_id, ticket.won_in_id or ticket.event_id}):
        Event.objects.select_for_update(no_key=True, of=("self",)).filter(pk=event_id).first()
    ticket = Ticket.objects.select_for_update(of=("self",)).select_related("person", "event", "entry").get(pk=ticket.pk)
    names = {"name": ticket.person.name, "event": ticket.event.name}
    if ticket.status == Ticket.Status.USED:
        raise ServiceError(
            _("%(name)s's ticket to %(event)s already paid the entry %(entry)s: it cannot be cancelled.")
            % {**names, "entry": ticket.entry or "?"},
            code="ticket_used",
        )
    if ticket.status == Ticket.Status.CANCELLED:
        raise Conflict(_("%(name)s's ticket to %(event)s is already cancelled.") % names, code="ticket_cancelled")
    ticket.status = Ticket.Status.CANCELLED
    ticket.cashed = ticket.value
    ticket.save(update_fields=["status", "cashed", "updated_at"])
    _audit(ticket, action="events.ticket_cashed", actor=actor, event_id=ticket.won_in_id or ticket.event_id)
    bump_version(ticket.event_id)
    return ticket
