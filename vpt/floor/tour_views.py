"""The director's tour pages: the tours, a tour's name, points rule and events (each with its
multiplier), and its final: the seats, *Issue final tickets* and *Scale the final's stacks*.
Views are thin: selectors read, services write, refusals are form errors or messages."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.floor.outcome import run_service
from vpt.floor.tour_forms import AddEventForm, FinalForm, MultiplierForm, TourForm
from vpt.tours.final import final_plan, single_event
from vpt.tours.models import Tour, TourEvent
from vpt.tours.rules import parse_rule
from vpt.tours.selectors import TOUR_MULTIPLIER, tour_changes, tour_events
from vpt.tours.services import (
    add_event_to_tour,
    create_tour,
    issue_final_tickets,
    remove_event_from_tour,
    scale_final_stacks,
    set_tour_event_multiplier,
    set_tour_final,
    update_tour,
)
from vpt.tours.words import rule_words


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


def _final_events(tour: Tour) -> Any:
    """The events that may be the tour's final: one event (no flight, no main event) not in it."""
    candidates = Event.objects.exclude(pk__in=TourEvent.objects.filter(tour=tour).values("event_id"))
    return Event.objects.filter(pk__in=[event.pk for event in candidates if single_event(event)]).order_by(
        "-created_at"
    )


def _manage_context(tour: Tour, **forms: Any) -> dict[str, Any]:
    # A flight is no event of a tour on its own: its main event is (festival.md, "The tour").
    free = (
        Event.objects.exclude(pk__in=TourEvent.objects.values("event_id"))
        .filter(main_event__isnull=True)
        .order_by("-created_at")
    )
    posted = forms.get("multiplier")  # (event id, the bound form that was refused)
    events = tour_events(tour)
    rows = [
        (
            event,
            posted[1]
            if posted and posted[0] == event.pk
            else MultiplierForm(
                initial={"multiplier": format(getattr(event, TOUR_MULTIPLIER).normalize(), "f")},
                auto_id=f"m{event.pk}_%s",
            ),
        )
        for event in events
    ]
    final_form = forms.get("final_form") or FinalForm(
        initial={
            "final_event": tour.final_event_id,
            "final_seats": tour.final_seats or None,
            "final_base_stack": tour.final_base_stack,
            "final_chips_per_point": tour.final_chips_per_point,
        },
        events=_final_events(tour),
    )
    return {
        "tour": tour,
        "events": rows,
        "rule_words": rule_words(parse_rule(tour.rule)),
        "form": forms.get("form")
        or TourForm(initial={"name": tour.name, "rule": json.dumps(tour.rule, indent=1)}, editing=True),
        "add_form": forms.get("add_form") or AddEventForm(events=free),
        "final_form": final_form,
        "final": final_plan(tour),
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
    run_service(
        request,
        _("%(event)s is no longer part of the tour.") % {"event": event.name},
        lambda: remove_event_from_tour(tour, event=event, actor=request.user),
    )
    return redirect("floor:tour-manage", slug=tour.slug)


@director_required
@require_POST
def set_multiplier(request: HttpRequest, slug: str, event_slug: str) -> HttpResponse:
    tour = get_object_or_404(Tour, slug=slug)
    membership = get_object_or_404(TourEvent.objects.select_related("event"), tour=tour, event__slug=event_slug)
    event = membership.event
    form = MultiplierForm(request.POST, auto_id=f"m{event.pk}_%s")
    if form.is_valid():
        try:
            set_tour_event_multiplier(tour, event=event, multiplier=form.cleaned_data["multiplier"], actor=request.user)
        except ServiceError as error:
            form.add_error("multiplier", str(error))
        else:
            messages.success(
                request,
                _("The points of %(event)s count × %(multiplier)s.")
                % {"event": event.name, "multiplier": format(form.cleaned_data["multiplier"].normalize(), "f")},
            )
            return redirect("floor:tour-manage", slug=tour.slug)
    return render(request, "floor/tour_manage.html", _manage_context(tour, multiplier=(event.pk, form)), status=400)


@director_required
@require_POST
def set_final(request: HttpRequest, slug: str) -> HttpResponse:
    tour = get_object_or_404(Tour, slug=slug)
    form = FinalForm(request.POST, events=_final_events(tour))
    if form.is_valid():
        data = form.cleaned_data
        try:
            set_tour_final(
                tour,
                event=data["final_event"],
                seats=data["final_seats"] or 0,
                base_stack=data["final_base_stack"],
                chips_per_point=data["final_chips_per_point"] or Decimal(0),
                actor=request.user,
            )
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The tour's final is saved."))
            return redirect("floor:tour-manage", slug=tour.slug)
    return render(request, "floor/tour_manage.html", _manage_context(tour, final_form=form), status=400)


@director_required
@require_POST
def final_tickets(request: HttpRequest, slug: str) -> HttpResponse:
    tour = get_object_or_404(Tour, slug=slug)
    try:
        done = issue_final_tickets(tour, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect("floor:tour-manage", slug=tour.slug)
    if done.issued:
        count = len(done.issued)
        messages.success(
            request, ngettext("%(count)s ticket issued.", "%(count)s tickets issued.", count) % {"count": count}
        )
    else:
        messages.info(request, _("Nobody new: every seat's person holds a ticket already."))
    if done.tied_at_cut:
        messages.warning(
            request,
            _("A rank is shared at the last seat: the leaderboard's order gave it. Check it before the final."),
        )
    return redirect("floor:tour-manage", slug=tour.slug)


@director_required
@require_POST
def final_stacks(request: HttpRequest, slug: str) -> HttpResponse:
    tour = get_object_or_404(Tour, slug=slug)
    try:
        changed = scale_final_stacks(tour, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        count = len(changed)
        messages.success(
            request,
            ngettext("%(count)s starting stack scaled.", "%(count)s starting stacks scaled.", count) % {"count": count},
        )
    return redirect("floor:tour-manage", slug=tour.slug)
