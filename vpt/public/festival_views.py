"""The festival's public pages: the Day 2 seat list of a main event (festival.md, "Day 2")."""

from __future__ import annotations

from itertools import groupby

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from vpt.events.flights import is_main_event
from vpt.festival.overview import day2_seats
from vpt.pages.live import Live, live_page


@require_GET
@live_page("day2", shared=False)
def day2_seat_list(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """Every Day 2 table with its seats: name (a hidden person hidden), flight, stack. 404 for an
    event that is not a main event; before Day 2 starts, a line saying so. A live page of the
    main event: a 304 while nothing of it changed, the seat list rendered once per version."""
    event = live.event
    if not is_main_event(event):
        raise Http404(gettext("No such event."))

    def seats_html() -> str:
        seats = day2_seats(event)
        tables = [(number, list(group)) for number, group in groupby(seats, key=lambda s: s.table)]
        return render_to_string("public/day2_seat_list.html#day2-seats", {"tables": tables})

    context = {"event": event, "seats_html": mark_safe(live.cached("html", seats_html))}
    return render(request, "public/day2_seat_list.html", context)
