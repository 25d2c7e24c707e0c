"""The festival's public pages: the Day 2 seat list of a main event (festival.md, "Day 2")."""

from __future__ import annotations

from itertools import groupby

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from vpt.events.flights import is_main_event
from vpt.events.models import Event
from vpt.festival.overview import day2_seats


@require_GET
def day2_seat_list(request: HttpRequest, slug: str) -> HttpResponse:
    """Every Day 2 table with its seats: name (a hidden person hidden), flight, stack. 404 for an
    event that is not a main event; before Day 2 starts, a line saying so."""
    event = Event.objects.filter(slug=slug).first()
    if event is None or not is_main_event(event):
        raise Http404(gettext("No such event."))
    seats = day2_seats(event)
    tables = [(number, list(group)) for number, group in groupby(seats, key=lambda s: s.table)]
    return render(request, "public/day2_seat_list.html", {"event": event, "tables": tables})
