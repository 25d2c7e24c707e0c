"""The festival's director pages: a main event's flights and *Start Day 2*, the printable Day 2
seat list; a flight's end of the day (the players still in, their stacks, tables and seats, and
the chips in play proved against the starting chips)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.flights import is_main_event
from vpt.events.models import Event
from vpt.festival.overview import day2_seats, main_event_overview
from vpt.festival.services import start_day2
from vpt.pages.documents import pdf_response
from vpt.slips.festival import Day2Seat, Day2SeatListData, render_day2_seat_list
from vpt.slips.festival_data import advance_list_data


@require_GET
@director_required
def end_of_day(request: HttpRequest, slug: str) -> HttpResponse:
    """The end-of-day report: who advances with what stack, where they sit, the chips proved."""
    event = get_object_or_404(Event, slug=slug)
    report = advance_list_data(event)
    context = {
        "event": event,
        "report": report,
        "chips_equal": report.chips_in_play == report.starting_chips,
        "section": "printables",
    }
    return render(request, "floor/end_of_day.html", context)


class Day2Form(forms.Form):
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=2**31 - 1)
    level = forms.IntegerField(label=_("Starting level"), required=False, min_value=1)


def _main_event(slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not is_main_event(event):
        raise Http404("not a main event")
    return event


@director_required
@require_http_methods(["GET", "POST"])
def flights(request: HttpRequest, slug: str) -> HttpResponse:
    """A main event's flights, pool, policy and advance rule; *Start Day 2*; the Day 2 seats."""
    main = _main_event(slug)
    form = Day2Form(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                tables = start_day2(
                    main, seed=form.cleaned_data["seed"], level=form.cleaned_data["level"], actor=request.user
                )
            except ServiceError as error:
                messages.error(request, str(error))
            else:
                messages.success(
                    request,
                    ngettext("Day 2 started at %(tables)s table.", "Day 2 started at %(tables)s tables.", len(tables))
                    % {"tables": len(tables)},
                )
                return redirect("floor:flights", slug=main.slug)
        else:
            for field, problems in form.errors.items():
                for problem in problems:
                    messages.error(request, f"{form.fields[field].label}: {problem}")
    overview = main_event_overview(main)
    context = {"event": main, "overview": overview, "form": form, "section": "printables"}
    return render(request, "floor/flights.html", context)


@require_GET
@director_required
def day2_seat_list_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The printable Day 2 seat list (every table, its seats: name, flight, stack)."""
    main = _main_event(slug)
    data = Day2SeatListData(
        event=main.name,
        seats=tuple(
            Day2Seat(table=s.table, seat=s.seat, player=s.director_name, flight=s.flight_name, stack=s.stack)
            for s in day2_seats(main)
        ),
        language=main.language,
        printed_at=timezone.now(),
    )
    return pdf_response(render_day2_seat_list(data), f"day2-seat-list-{main.slug}.pdf")
