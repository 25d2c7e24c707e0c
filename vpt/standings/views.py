"""Public pages of an event (no login): standings (polls its own fragment every 5 s while the
tab is visible), a table's page, a player's page, payouts, the clock display and its JSON, and
the standings as JSON.

The director's event tools live below: clock controls, payout editor and deal calculator in
`vpt.events` (clock_views, payout_views), balancing suggestions in `vpt.seating.views`. The
clock's words and the payouts come from `vpt.events` too, so the public pages and the tools
show the same thing. Views are thin: a selector reads, the template renders.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from vpt.events.clock_display import clock_now, clock_payload, time_text
from vpt.events.models import Event, Player
from vpt.events.selectors import event_payouts
from vpt.http import HtmxHttpRequest
from vpt.tables.models import Table

from . import rows, selectors


def _event(slug: str) -> Event:
    try:
        return selectors.event_by_slug(slug)
    except Event.DoesNotExist:
        raise Http404(gettext("No such event.")) from None


# Standings -----------------------------------------------------------------------------------


def _standings_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    query = request.GET.get("q", "")[:100]
    base = reverse("standings:standings", args=[event.slug])
    data = selectors.event_standings(event, query=query)
    links = {"player_base": f"{base}players/", "table_base": f"{base}tables/"}
    return {
        "event": event,
        "standings": data,
        "poll_url": f"{base}?{urlencode({'q': query})}" if query.strip() else base,
        "active_rows": rows.active_rows(data.active, **links),
        "eliminated_rows": rows.eliminated_rows(data.eliminated, **links),
        "now": timezone.localtime(),
    }


@require_GET
def standings(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    template = "standings/standings.html"
    if request.htmx:
        template += "#standings-live"
    return render(request, template, _standings_context(request, event))


@require_GET
def standings_api(request: HttpRequest, slug: str) -> JsonResponse:
    event = _event(slug)
    response = JsonResponse(selectors.standings_data(selectors.event_standings(event)))
    response["Access-Control-Allow-Origin"] = "*"  # streaming overlays load it from elsewhere
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def table(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event(slug)
    try:
        page = selectors.table_page(event, number, show_all=request.GET.get("all") == "1")
    except Table.DoesNotExist:
        raise Http404(gettext("No such table.")) from None
    template = "standings/table.html"
    if request.htmx:
        template += "#table-live"
    return render(request, template, {"event": event, "page": page})


@require_GET
def player(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    event = _event(slug)
    try:
        page = selectors.player_page(event, player_id)
    except Player.DoesNotExist:
        raise Http404(gettext("No such player.")) from None
    return render(request, "standings/player.html", {"event": event, "page": page})


# Payouts and the clock -----------------------------------------------------------------------


@require_GET
def payouts(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    return render(request, "standings/payouts.html", {"event": event, **event_payouts(event)})


@require_GET
def clock(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    payload = clock_payload(clock_now(event).status)
    return render(
        request,
        "standings/clock.html",
        {
            "event": event,
            "clock": payload,
            "time_text": time_text(payload["seconds_left"])
            if payload["seconds_left"] is not None
            else (payload["hands_left"] if payload["hands_left"] is not None else "–"),
            "break_in": payload["break_template"].replace("{time}", time_text(payload["seconds_to_break"]))
            if payload["seconds_to_break"] is not None
            else payload["break_text"],
        },
    )


@require_GET
def clock_json(request: HttpRequest, slug: str) -> JsonResponse:
    event = _event(slug)
    response = JsonResponse(clock_payload(clock_now(event).status))
    response["Cache-Control"] = "no-store"
    return response
