"""The festival's director pages: a flight's end of the day (the players still in, their stacks,
tables and seats, and the chips in play proved against the starting chips)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import director_required
from vpt.events.models import Event
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
