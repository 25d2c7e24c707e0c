"""An event's public JSON: the standings, the results and every table's next hand."""

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


def _minute(live: Live) -> str:
    """The minute: each table's "minutes since" move with it (README, "Floor codes and fields")."""
    return str(int(live.now.timestamp()) // 60)


@require_GET
@live_page("api-tables", bucket=_minute)
def tables_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """Every table's next hand as stored: button, level, seats, whether it can deal (tour.md),
    and each open table's pace and health (floor.md, "Pace")."""
    body = live.cached("json", lambda: json.dumps(tables_json(live.event, now=live.now), cls=DjangoJSONEncoder))
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
