"""The director's Check-in page, at the door: the registrations players made themselves, found
as you type (folded names) or by scanning a player's QR (their private link's URL lands in the
search); Paid, with the method, checks the player in (`vpt.events.registrations.check_in`: the
player, the entry, its payment and their link in one audited step). The waitlist and, once the
event has started, the no-shows are listed; the registrations export as CSV (neutralised cells).
"""

from __future__ import annotations

import io

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.csvsafe import writer as safe_csv_writer
from vpt.errors import ServiceError
from vpt.events.checkin_selectors import check_in_list
from vpt.events.late_registration import registration_window
from vpt.events.models import Event, Payment, Registration
from vpt.events.registrations import check_in, places_taken
from vpt.events.selectors import event_or_404
from vpt.http import HtmxHttpRequest


@director_required
@require_GET
def checkin(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    query = request.GET.get("q", "").strip()[:300]
    context = {
        "event": event,
        "section": "checkin",
        "rows": check_in_list(event, query=query),
        "query": query,
        "methods": Payment.Method.choices,
        "places": places_taken(event),
        "window": registration_window(event),
    }
    if request.htmx:
        return render(request, "floor/checkin.html#checkin-list", context)
    return render(request, "floor/checkin.html", context)


@director_required
@require_POST
def checkin_action(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    registration = get_object_or_404(Registration, pk=registration_id, event__slug=slug)
    try:
        entry = check_in(registration, method=request.POST.get("method", ""), actor=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s is checked in and paid.") % {"name": entry.player.name})
    return redirect(reverse("floor:checkin", args=[slug]))


@director_required
@require_GET
def registrations_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Every registration, in order of arrival; a name a spreadsheet would run is neutralised."""
    event = get_object_or_404(Event, slug=slug)
    out = io.StringIO()
    writer = safe_csv_writer(out)
    writer.writerow(["number", "name", "contact", "status", "registered_at", "checked_in_at"])
    for number, row in enumerate(Registration.objects.filter(event=event).order_by("pk"), start=1):
        writer.writerow(
            [
                number,
                row.name,
                row.contact,
                row.status,
                row.created_at.isoformat(timespec="seconds"),
                row.checked_in_at.isoformat(timespec="seconds") if row.checked_in_at else "",
            ]
        )
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-registrations.csv"'
    return response
