"""The cash desk (staff only): each entry paid in, each prize paid out, and the cash report.

The page lists every entry with its price, its payment, its prize and its payout, each with
the button that records it (`vpt.money.cash_services`); the report adds it all up
(`vpt.money.cash`). Tickets (festival.md, "Satellites and tickets"): a target's entry whose
person holds one is offered *Paid* by *Ticket*; a satellite's winners show their ticket; each
links to the person's tickets (`vpt.floor.ticket_views`). A refusal is shown as a message and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Entry, Event, Payment
from vpt.floor.event_forms import PaymentForm
from vpt.money.cash_services import mark_entry_paid, mark_entry_unpaid, pay_prize, undo_prize_payment
from vpt.money.prizes import cash_desk as read_cash_desk


@director_required
@require_GET
def cash_desk(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    desk = read_cash_desk(event)
    context = {
        "event": event,
        "section": "cash",
        "desk": desk,
        "report": desk.report,
        "target": event.target,
        "methods": Payment.Method.choices,
        # A prize is handed out in money: a satellite's tickets are issued when it ends.
        "prize_methods": [(value, label) for value, label in Payment.Method.choices if value != Payment.Method.TICKET],
        "received_by_method": [
            (label, desk.report.received_by_method.get(value)) for value, label in Payment.Method.choices
        ],
        "paid_out_by_method": [
            (label, desk.report.paid_out_by_method.get(value)) for value, label in Payment.Method.choices
        ],
    }
    return render(request, "floor/cash_desk.html", context)


ACTIONS: dict[str, Callable[..., object]] = {
    "paid": mark_entry_paid,
    "unpaid": mark_entry_unpaid,
    "pay-prize": pay_prize,
    "undo-prize": undo_prize_payment,
}


@director_required
@require_POST
def cash_action(request: HttpRequest, slug: str, entry_id: int, action: str) -> HttpResponse:
    """Record or cancel an entry's payment or a prize's payout; back to the desk with a message."""
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_id, event__slug=slug)
    service = ACTIONS.get(action)
    if service is None:
        return HttpResponse(status=404)
    try:
        if action in ("paid", "pay-prize"):
            form = PaymentForm(request.POST)
            if not form.is_valid():
                raise ServiceError(_("Choose how it was paid."), code="bad_method")
            service(entry, method=form.cleaned_data["method"], actor=request.user)
        else:
            service(entry, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Cash desk saved: %(name)s.") % {"name": entry})
    return redirect(f"{reverse('floor:cash', args=[slug])}#entry-{entry.pk}")
