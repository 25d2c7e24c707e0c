"""A person's tickets (staff only; festival.md, "Satellites and tickets"): every ticket they hold,
to which event, worth what, won where, its status and the entry it paid, and *Cancel for cash*
on a held one (`vpt.events.tickets.cancel_ticket_for_cash`, after a confirmation). Reached from
the people page, an event's players page and the cash desks of the satellite and the target.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.events.money_format import format_money
from vpt.events.ticket_models import Ticket
from vpt.events.ticket_selectors import held_by, person_tickets
from vpt.events.tickets import cancel_ticket_for_cash
from vpt.floor.confirmation import Confirmation, confirmed, render_confirmation
from vpt.floor.outcome import run_service
from vpt.people.models import Person
from vpt.people.selectors import canonical
from vpt.tours.final import awarded_by


def _person_or_404(person_id: int) -> Person:
    return canonical(get_object_or_404(Person.objects.select_related("merged_into"), pk=person_id))


@director_required
@require_GET
def tickets(request: HttpRequest, person_id: int) -> HttpResponse:
    person = _person_or_404(person_id)
    context = {"person": person, "tickets": awarded_by(person_tickets(person)), "section": "people"}
    return render(request, "floor/person_tickets.html", context)


@director_required
@require_POST
def cancel_for_cash(request: HttpRequest, person_id: int, ticket_id: int) -> HttpResponse:
    """Confirm (naming the ticket, its value and the desk that pays it), then cancel it for cash."""
    person = _person_or_404(person_id)
    ticket = get_object_or_404(Ticket.objects.select_related("event", "won_in").filter(held_by(person)), pk=ticket_id)
    back = reverse("floor:person-tickets", args=[person.pk])
    if not confirmed(request):
        names = {"name": person.name, "event": ticket.event.name, "money": format_money(ticket.value)}
        desk = ticket.won_in.name if ticket.won_in is not None else ticket.event.name
        return render_confirmation(
            request,
            None,
            Confirmation(
                title=_("Cancel a ticket for cash"),
                text=_("Cancel %(name)s's ticket to %(event)s and pay them %(money)s in cash instead.") % names,
                details=[
                    _("Pay it at the cash desk of %(desk)s: its cash report counts it as paid out.") % {"desk": desk},
                    _("The ticket can no longer pay an entry; this cannot be undone."),
                ],
                action=reverse("floor:cancel-ticket", args=[person.pk, ticket.pk]),
                button=_("Cancel and pay %(money)s") % names,
                cancel=back,
            ),
            section="people",
        )
    run_service(
        request,
        _("%(name)s's ticket to %(event)s is cancelled: pay %(money)s in cash.")
        % {"name": person.name, "event": ticket.event.name, "money": format_money(ticket.value)},
        lambda: cancel_ticket_for_cash(ticket, actor=request.user),
    )
    return redirect(back)
