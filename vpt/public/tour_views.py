"""A tour's public leaderboard (phone and big screen, polled while visible, 25 rows a page) and
its CSV."""

from __future__ import annotations

import io
from typing import Any, TypeVar
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from vpt.csvsafe import writer as safe_csv_writer
from vpt.events.late_registration import registration_window
from vpt.events.models import Event
from vpt.pages.live import TourLive, tour_page
from vpt.tours.rules import parse_rule
from vpt.tours.selectors import leaderboard_data, leaderboard_page, page_number, tour_leaderboard
from vpt.tours.words import rule_words

T = TypeVar("T")


def _leaderboard_context(live: TourLive) -> dict[str, Any]:
    data = tour_leaderboard(live.tour, live.events)
    big = live.request.GET.get("screen") == "big"
    page = leaderboard_page(data, page_number(live.request.GET.get("page", "")), breakdowns=not big)
    screen = {"screen": "big"} if big else {}
    base = reverse("public:leaderboard", args=[live.tour.slug])
    shown = {**screen, "page": page.number} if page.number > 1 else screen
    return {
        "tour": live.tour,
        "board": data.board,
        "rows": page.rows,
        "page": page,
        "page_url": f"{base}?{urlencode({**screen, 'page': ''})}",  # + a page's number
        "big": big,
        "poll_url": f"{base}?{urlencode(shown)}" if shown else base,
        "now": timezone.localtime(),
    }


@require_GET
@tour_page("leaderboard", query=("screen", "page"), shared=False)
def leaderboard(request: HttpRequest, live: TourLive) -> HttpResponse:
    fragment = live.cached(
        "html" + (".big" if request.GET.get("screen") == "big" else ""),
        lambda: render_to_string(
            "public/leaderboard.html#leaderboard-live", _leaderboard_context(live), request=request
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
        "registering": [
            {"event": event, "window": registration_window(event)}
            for event in live.events
            if event.self_registration and event.status != Event.Status.FINISHED
        ],
    }
    return render(request, "public/leaderboard.html", context)


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
