"""Issuing tickets (festival.md, "Satellites and tickets"; the model: `ticket_models`).

`issue_ticket` gives a person a ticket to an event, won in a satellite (`won_in`, `won_by`) or
awarded by a tour final (`source`); audited, inside the caller's transaction (or its own).
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, user_of
from vpt.errors import ServiceError
from vpt.people.models import Person

from .audit import bump_version, write_audit
from .models import Entry, Event
from .ticket_models import Ticket


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
    return ticket
