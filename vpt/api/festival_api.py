"""The festival's public JSON (festival.md, "JSON"): a main event's flights, a flight's advancing players."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from vpt.events.flights import is_main_event
from vpt.events.models import Event
from vpt.festival.overview import flights_version, main_event_overview
from vpt.pages.live import Live, live_page
from vpt.slips.festival_data import still_in_rows

from .festival_json import advance_json, flights_json


def _advance_body(live: Live) -> str:
    rows, in_play = still_in_rows(live.event)
    main = live.event.main_event
    body = advance_json(
        event=live.event.slug,
        main_event=main.slug if main is not None else None,
        status=live.event.status,
        chips_in_play=in_play,
        rows=rows,
    )
    return json.dumps(body, cls=DjangoJSONEncoder)


@require_GET
@live_page("api-advance")
def advance_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """A flight's players still in by stack with table, seat and bag count; the chips in play. An
    ETag from the event's version, 304 while it holds. 404 for an event that is not a flight."""
    if live.event.main_event_id is None:
        raise Http404("not a flight")
    response = HttpResponse(live.cached("json", lambda: _advance_body(live)), content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _flights_body(live: Live) -> str:
    overview = main_event_overview(live.event)
    body = flights_json(
        event=live.event.slug,
        policy=overview.policy,
        advance=overview.advance,
        prize_pool=overview.prize_pool,
        flights=overview.flights,
        day2_started=overview.day2_started,
        day2_seats=overview.day2_seats,
    )
    return json.dumps(body, cls=DjangoJSONEncoder)


def _flights_version(event: Event) -> str:
    if not is_main_event(event):
        raise Http404("not a main event")
    return flights_version(event)


@require_GET
@live_page("api-flights", version=_flights_version)
def flights_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """A main event's flights (entries, advancing), pool, policy, advance rule and Day 2 seats. An
    ETag from the event's version, 304 while it holds. 404 for an event that is not a main event."""
    response = HttpResponse(live.cached("json", lambda: _flights_body(live)), content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"
    return response
