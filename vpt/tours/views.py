"""Tour pages. Public: the leaderboard (phone and big screen, polled while visible), its CSV
and JSON, a person's career page and statistics JSON. Director: the tours, a tour's name, points
rule and events. Views are thin: selectors read, services write, refusals are form errors."""

from __future__ import annotations

import io
import json
from typing import Any, TypeVar

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from vpt.accounts.permissions import director_required
from vpt.csvsafe import writer as safe_csv_writer
from vpt.errors import ServiceError
from vpt.events.models import Event

from .forms import AddEventForm, TourForm
from .live import TourLive, tour_page
from .models import Tour, TourChange, TourEvent
from .rules import parse_rule
from .selectors import breakdown, leaderboard_data, tour_events, tour_leaderboard
from .services import add_event_to_tour, create_tour, remove_event_from_tour, update_tour
from .words import rule_words

T = TypeVar("T")

# Public ----------------------------------------------------------------------------------------


def _leaderboard_context(live: TourLive) -> dict[str, Any]:
    data = tour_leaderboard(live.tour, live.events)
    rows = [
        {
            "row": row,
            "name": data.name(row.person_id),
            "hidden": data.people[row.person_id].hidden,
            "lines": breakdown(data, row),
        }
        for row in data.board.rows
    ]
    big = live.request.GET.get("screen") == "big"
    return {
        "tour": live.tour,
        "board": data.board,
        "rows": rows,
        "big": big,
        "poll_url": reverse("tours:leaderboard", args=[live.tour.slug]) + ("?screen=big" if big else ""),
        "now": timezone.localtime(),
    }


@require_GET
@tour_page("leaderboard", query=("screen",), shared=False)
def leaderboard(request: HttpRequest, live: TourLive) -> HttpResponse:
    fragment = live.cached(
        "html" + (".big" if request.GET.get("screen") == "big" else ""),
        lambda: render_to_string(
            "tours/leaderboard.html#leaderboard-live", _leaderboard_context(live), request=request
        ),
    )
    if live.fragment:
        return HttpResponse(fragment)
    rule = parse_rule(live.tour.rule)
    context = {
        "tour": live.tour,
        "events": live.events,
        "rule_words": rule_words(rule),
        "big": request.GET.get("screen") == "big",
        "live_html": mark_safe(fragment),
    }
    return render(request, "tours/leaderboard.html", context)


@require_GET
@tour_page("api-leaderboard")
def leaderboard_api(request: HttpRequest, live: TourLive) -> HttpResponse:
    body = live.cached(
        "json", lambda: json.dumps(leaderboard_data(tour_leaderboard(live.tour, live.events)), cls=DjangoJSONEncoder)
    )
    response = HttpResponse(body, content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"
    return response


@require_GET
@tour_page("csv")
def leaderboard_csv(request: HttpRequest, live: TourLive) -> HttpResponse:
    def compute() -> str:
        data = leaderboard_data(tour_leaderboard(live.tour, live.events))
        out = io.StringIO()
        writer = safe_csv_writer(out)
        slugs = [event["slug"] for event in data["events"]]
        writer.writerow(["rank", "name", "points", "events_played", "events_counted", "wins", "qualified", *slugs])
        for row in data["rows"]:
            by_event = {result["event"]: result for result in row["results"]}
            cells = []
            for slug in slugs:
                result = by_event.get(slug)
                cells.append("" if result is None else result["points"] + ("" if result["counted"] else "*"))
            writer.writerow(
                [
                    row["rank"],
                    row["name"],
                    row["points"],
                    row["events_played"],
                    row["events_counted"],
                    row["wins"],
                    "yes" if row["qualified"] else "no",
                    *cells,
                ]
            )
        return out.getvalue()

    response = HttpResponse(live.cached("csv", compute), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{live.tour.slug}-leaderboard.csv"'
    return response


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
            return redirect("tours:manage", slug=tour.slug)
    return render(
        request,
        "tours/tours.html",
        {"tours": Tour.objects.order_by("name"), "form": form},
        status=400 if form.errors else 200,
    )


def _manage_context(tour: Tour, **forms: Any) -> dict[str, Any]:
    free = Event.objects.exclude(pk__in=TourEvent.objects.values("event_id")).order_by("-created_at")
    return {
        "tour": tour,
        "events": tour_events(tour),
        "rule_words": rule_words(parse_rule(tour.rule)),
        "form": forms.get("form")
        or TourForm(initial={"name": tour.name, "rule": json.dumps(tour.rule, indent=1)}, editing=True),
        "add_form": forms.get("add_form") or AddEventForm(events=free),
        "changes": TourChange.objects.filter(tour=tour).select_related("actor")[:20],
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
                return redirect("tours:manage", slug=tour.slug)
        return render(request, "tours/manage.html", _manage_context(tour, form=form), status=400)
    return render(request, "tours/manage.html", _manage_context(tour))


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
            return redirect("tours:manage", slug=tour.slug)
    return render(request, "tours/manage.html", _manage_context(tour, add_form=form), status=400)


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
    return redirect("tours:manage", slug=tour.slug)
