"""Tour pages. Public: the leaderboard (phone and big screen, polled while visible), its CSV
and JSON, a person's career page and statistics JSON. Director: the tours, a tour's name, points
rule and events. Views are thin: selectors read, services write, refusals are form errors."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from vpt.live import conditional
from vpt.pages.live import Live, TourLive, career_cached, career_etag, career_of, live_page, tour_page
from vpt.tours.hands import event_hands_data
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
@live_page("api-hands")
def event_hands_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    body = live.cached("json", lambda: json.dumps(event_hands_data(live.event)))
    response = HttpResponse(body, content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"
    return response
