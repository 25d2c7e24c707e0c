"""Tour pages. Public: the leaderboard (phone and big screen, polled while visible), its CSV
and JSON, a person's career page and statistics JSON. Director: the tours, a tour's name, points
rule and events. Views are thin: selectors read, services write, refusals are form errors."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.floor.tour_forms import AddEventForm, TourForm
from vpt.tours.models import Tour, TourEvent
from vpt.tours.rules import parse_rule
from vpt.tours.selectors import tour_changes, tour_events
from vpt.tours.services import add_event_to_tour, create_tour, remove_event_from_tour, update_tour
from vpt.tours.words import rule_words

# Public ----------------------------------------------------------------------------------------


# Director --------------------------------------------------------------------------------------


@director_required
@require_http_methods(["GET", "POST"])
def tours(request: HttpRequest) -> HttpResponse:
    form = TourForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tour = create_tour(
                slug=form.cleaned_data["slug"],
                name=form.cleaned_data["name"],
                rule=form.cleaned_data["rule"],
                actor=request.user,
            )
        except ServiceError as error:
            form.add_error("slug" if error.code == "duplicate_slug" else None, str(error))
        else:
            messages.success(request, _("Tour %(name)s created.") % {"name": tour.name})
            return redirect("floor:tour-manage", slug=tour.slug)
    return render(
        request,
        "floor/tours.html",
        {"tours": Tour.objects.order_by("name"), "form": form},
        status=400 if form.errors else 200,
    )


def _manage_context(tour: Tour, **forms: Any) -> dict[str, Any]:
    # A flight is no event of a tour on its own: its main event is (festival.md, "The tour").
    free = (
        Event.objects.exclude(pk__in=TourEvent.objects.values("event_id"))
        .filter(main_event__isnull=True)
        .order_by("-created_at")
    )
    return {
        "tour": tour,
        "events": tour_events(tour),
        "rule_words": rule_words(parse_rule(tour.rule)),
        "form": forms.get("form")
        or TourForm(initial={"name": tour.name, "rule": json.dumps(tour.rule, indent=1)}, editing=True),
        "add_form": forms.get("add_form") or AddEventForm(events=free),
        "changes": tour_changes(tour),
    }


@director_required
@require_http_methods(["GET", "POST"])
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    tour = get_object_or_404(Tour, slug=slug)
    if request.method == "POST":
        form = TourForm(request.POST, editing=True)
        if form.is_valid():
            try:
                update_tour(tour, name=form.cleaned_data["name"], rule=form.cleaned_data["rule"], actor=request.user)
            except ServiceError as error:
                form.add_error("rule", str(error))
            else:
                messages.success(request, _("Tour saved."))
                return redirect("floor:tour-manage", slug=tour.slug)
        return render(request, "floor/tour_manage.html", _manage_context(tour, form=form), status=400)
    return render(request, "floor/tour_manage.html", _manage_context(tour))


@director_required
@require_POST
def add_event(request: HttpRequest, slug: str) -> HttpResponse:
    tour = get_object_or_404(Tour, slug=slug)
    form = AddEventForm(request.POST, events=Event.objects.all())
    if form.is_valid():
        try:
            add_event_to_tour(tour, event=form.cleaned_data["event"], actor=request.user)
        except ServiceError as error:
            form.add_error("event", str(error))
        else:
            messages.success(request, _("%(event)s is part of the tour.") % {"event": form.cleaned_data["event"]})
            return redirect("floor:tour-manage", slug=tour.slug)
    return render(request, "floor/tour_manage.html", _manage_context(tour, add_form=form), status=400)


@director_required
@require_POST
def remove_event(request: HttpRequest, slug: str, event_slug: str) -> HttpResponse:
    tour = get_object_or_404(Tour, slug=slug)
    event = get_object_or_404(Event, slug=event_slug)
    try:
        remove_event_from_tour(tour, event=event, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(event)s is no longer part of the tour.") % {"event": event.name})
    return redirect("floor:tour-manage", slug=tour.slug)
