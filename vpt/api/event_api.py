"""Public pages of an event (no login): standings (polls its own fragment every 5 s while the
tab is visible), a table's page, a player's page, payouts, the clock display and its JSON, and
the standings as JSON.

The director's event tools live below: clock controls, payout editor and deal calculator in
`vpt.events` (clock_views, payout_views), balancing suggestions in `vpt.floor.seating_views`. The
clock's words and the payouts come from `vpt.events` too, so the public pages and the tools
show the same thing. Views are thin: a selector reads, the template renders.
"""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from vpt.money.results import event_results_table, results_json
from vpt.pages.live import Live, live_page
from vpt.standings import selectors
from vpt.standings.tables_json import tables_json


@require_GET
@live_page("api-standings")
def standings_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    body = live.cached(
        "json",
        lambda: json.dumps(selectors.standings_data(selectors.event_standings(live.event)), cls=DjangoJSONEncoder),
    )
    response = HttpResponse(body, content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"  # streaming overlays load it from elsewhere
    return response


@require_GET
@live_page("api-tables")
def tables_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """Every table's next hand as stored: button, level, seats, whether it can deal (tour.md)."""
    body = live.cached("json", lambda: json.dumps(tables_json(live.event), cls=DjangoJSONEncoder))
    response = HttpResponse(body, content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"
    return response


@require_GET
@live_page("api-results")
def results_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """Every entry's place, name, prize and chips, the pool and the deal (tour.md, "JSON")."""
    body = live.cached(
        "json", lambda: json.dumps(results_json(event_results_table(live.event, public=True)), cls=DjangoJSONEncoder)
    )
    response = HttpResponse(body, content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"
    return response
