"""The tour's JSON: a tour's leaderboard, a person's career statistics, and an event's hands a
page at a time."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from vpt.live import conditional, not_modified
from vpt.pages.live import Live, TourLive, career_cached, career_etag, career_of, live_page, tour_page
from vpt.rounds.hands_json import event_hands_page, parse_after, parse_limit
from vpt.tours.selectors import leaderboard_data, tour_leaderboard
from vpt.tours.stats import career_data, person_career


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
def person_stats_api(request: HttpRequest, person_id: int) -> HttpResponseBase:
    person, key = career_of(request, person_id)
    if person is None:
        # The id is the resource's own address (tour.md, "JSON": every endpoint there is a GET of
        # a path), so a missing person is a 404, not a 400: 400 is for a bad id in a body or a
        # query parameter, and no endpoint takes one.
        message = _("No person has the number %(value)s.") % {"value": person_id}
        return JsonResponse({"error": message, "code": "no_person"}, status=404)

    def answer() -> HttpResponse:
        body = career_cached(key, "json", lambda: json.dumps(career_data(person_career(person))))
        response = HttpResponse(body, content_type="application/json")
        response["Access-Control-Allow-Origin"] = "*"
        return response

    return conditional(request, answer, etag=career_etag(key, "api-stats", request), shared=True)


@require_GET
@live_page("api-hands", query=("after", "limit"), view_etag=True)
def event_hands_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """A page of the event's hands (`vpt.rounds.hands_json.event_hands_page`), with its own ETag: a
    page that reads the same after a hand at another table answers 304."""
    try:
        after = parse_after(request.GET.get("after", ""))
        limit = parse_limit(request.GET.get("limit", ""))
    except ValueError:
        message = _("The page must be given as table:hand, such as 3:120, and the limit as a whole number.")
        return JsonResponse({"error": message, "code": "bad_page"}, status=400)
    page = live.cached("page", lambda: event_hands_page(live.event, after=after, limit=limit, base=request.path))
    response: HttpResponse = HttpResponseNotModified()
    if not not_modified(request, page.etag):
        response = HttpResponse(page.body, content_type="application/json")
    response["ETag"] = page.etag
    response["Access-Control-Allow-Origin"] = "*"
    if page.next is not None:
        response["Link"] = f'<{page.next}>; rel="next"'
    return response
