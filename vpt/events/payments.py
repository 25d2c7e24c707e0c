"""An entry's payment row, written by the cash desk (`vpt.money.cash_services`) and by
checking in at the door (`vpt.events.registrations.check_in`). Paid by ticket, it uses the
holder's ticket to the event (`vpt.events.tickets.use_ticket`), or is refused when they hold none."""

from __future__ import annotations

from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, user_of
from vpt.errors import ServiceError
from vpt.events.models import Entry, Event, Payment
from vpt.events.tickets import use_ticket


def payment_method(method: str) -> Payment.Method:
    if method not in Payment.Method.values:
        raise ServiceError(
            _("Choose how it was paid: %(methods)s.") % {"methods": ", ".join(str(m.label) for m in Payment.Method)},
            code="bad_method",
        )
    return Payment.Method(method)


def take_entry_payment(event: Event, entry: Entry, *, method: str, actor: Actor) -> Payment:
    """The payment row of an entry's buy-in and fee (the caller locked the event, checked the entry
    has not paid, and writes the audit entry): also what checking in at the door takes. By
    ticket: the holder's oldest ticket to the event pays it (refused when they hold none)."""
    how = payment_method(method)
    if how == Payment.Method.TICKET:
        use_ticket(event, entry, actor=actor)
    return Payment.objects.create(
        event=event,
        entry=entry,
        kind=Payment.Kind.ENTRY,
        method=how,
        amount=entry.buy_in + entry.fee,
        taken_by=user_of(actor),
    )
