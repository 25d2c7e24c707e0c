"""Writes for the cash desk: an entry paid in, a prize paid out, and cancelling either.

Each is one transaction that locks the event row first (`lock_event`), then the entry, and
writes an audit entry (which bumps the event's version). The amounts are the entry's: its
buy-in and fee when it pays in, its prize as the event now stands when it is paid out.

Paid by ticket, an entry uses its holder's oldest ticket to the event (`vpt.events.tickets`); the
payment cancelled, the ticket is theirs again. A prize is never paid out "by ticket": a
satellite's tickets are issued when it ends, and the desk hands out money.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import Conflict, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Entry, Event, Payment
from vpt.events.payments import payment_method, take_entry_payment
from vpt.events.services import lock_event
from vpt.events.tickets import give_back_ticket
from vpt.money.prizes import event_prizes

__all__ = ["mark_entry_paid", "mark_entry_unpaid", "pay_prize", "undo_prize_payment"]


def _locked(entry: Entry) -> tuple[Event, Entry]:
    event = lock_event(entry.event_id)
    return event, Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)


@transaction.atomic(durable=True)
def mark_entry_paid(entry: Entry, *, method: str, actor: Actor) -> Payment:
    """The desk took the entry's buy-in and fee (cash, card, transfer, or a ticket the person
    holds to this event: their oldest is used; refused when they hold none)."""
    ensure_director(actor)
    how = payment_method(method)
    event, entry = _locked(entry)
    if Payment.objects.filter(entry=entry, kind=Payment.Kind.ENTRY).exists():
        raise Conflict(_("%(name)s has already paid for this entry.") % {"name": entry}, code="already_paid")
    payment = take_entry_payment(event, entry, method=how, actor=actor)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="money.entry_paid",
        obj=payment,
        entry=entry,
        args={"name": str(entry), "money": str(payment.amount), "method": how.value},
        after={"buy_in": str(entry.buy_in), "fee": str(entry.fee), "method": how.value},
    )
    return payment


def _cancel(entry: Entry, *, kind: Payment.Kind, action: str, actor: Actor) -> None:
    event, entry = _locked(entry)
    payment = Payment.objects.filter(entry=entry, kind=kind).first()
    if payment is None:
        raise ServiceError(_("Nothing was paid for %(name)s.") % {"name": entry}, code="not_paid")
    if kind == Payment.Kind.ENTRY and payment.method == Payment.Method.TICKET:
        give_back_ticket(entry, actor=actor)
    before = {"amount": str(payment.amount), "method": payment.method, "taken_by": str(payment.taken_by or "")}
    write_audit(
        actor=actor,
        event_id=event.pk,
        action=action,
        obj=payment,
        entry=entry,
        args={"name": str(entry), "money": str(payment.amount)},
        before=before,
    )
    payment.delete()


@transaction.atomic(durable=True)
def mark_entry_unpaid(entry: Entry, *, actor: Actor) -> None:
    """Cancel an entry's payment (taken by mistake); the audit log keeps it. A ticket that paid
    it is the holder's again (issued, no entry)."""
    ensure_director(actor)
    _cancel(entry, kind=Payment.Kind.ENTRY, action="money.entry_payment_cancelled", actor=actor)


@transaction.atomic(durable=True)
def pay_prize(entry: Entry, *, method: str, actor: Actor) -> Payment:
    """Hand the entry its prize as the event now stands; refused when it wins nothing."""
    ensure_director(actor)
    how = payment_method(method)
    if how == Payment.Method.TICKET:
        raise ServiceError(_("A prize is paid out in cash, by card or by transfer, not by ticket."), code="bad_method")
    event, entry = _locked(entry)
    if Payment.objects.filter(entry=entry, kind=Payment.Kind.PRIZE).exists():
        raise Conflict(_("%(name)s's prize has already been paid out.") % {"name": entry}, code="already_paid")
    amount = event_prizes(event).prize_of(entry.pk)
    if amount <= 0:
        raise ServiceError(_("%(name)s has no prize to pay out.") % {"name": entry}, code="no_prize")
    payment = Payment.objects.create(
        event=event, entry=entry, kind=Payment.Kind.PRIZE, method=how, amount=amount, taken_by=user_of(actor)
    )
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="money.prize_paid",
        obj=payment,
        entry=entry,
        args={"name": str(entry), "money": str(amount), "method": how.value, "place": entry.place},
        after={"amount": str(amount), "method": how.value, "place": entry.place},
    )
    return payment


@transaction.atomic(durable=True)
def undo_prize_payment(entry: Entry, *, actor: Actor) -> None:
    """Cancel a prize payout (handed by mistake); the audit log keeps it."""
    ensure_director(actor)
    _cancel(entry, kind=Payment.Kind.PRIZE, action="money.prize_payment_cancelled", actor=actor)
