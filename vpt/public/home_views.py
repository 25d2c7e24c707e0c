"""The home page: the way in for everyone."""

from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from vpt.events.models import Event
from vpt.tours.models import Tour


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The way in for everyone: players find their event's standings, staff their tools."""
    events = Event.objects.order_by(F("starts_on").desc(nulls_last=True), "name")
    tours = Tour.objects.order_by("name")
    return render(request, "public/home.html", {"events": list(events), "tours": list(tours)})
