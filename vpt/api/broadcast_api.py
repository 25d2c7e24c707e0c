"""The stream's JSON (floor.md, "The featured table"): a table's live state with its last hand,
and the chip leaders' lower third. Polled every 2 s by the broadcast pages (`vpt.public`), and
by streamers' own overlays (hence the CORS header); a poll while nothing changed in the event
costs one query and answers 304 (`vpt.pages.live`)."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from vpt.pages.live import Live, live_page
from vpt.standings.broadcast import chip_leaders_json, table_live_json
from vpt.tables.models import Table


def _json(body: str) -> HttpResponse:
    response = HttpResponse(body, content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"  # streaming overlays load it from elsewhere
    return response


@require_GET
@live_page("api-table-live")
def table_live_api(request: HttpRequest, live: Live, slug: str, number: int) -> HttpResponse:
    """``GET /api/events/<slug>/tables/<n>/live``: the table, its players and its last hand."""

    def compute() -> str:
        try:
            return json.dumps(table_live_json(live.event, number), cls=DjangoJSONEncoder)
        except Table.DoesNotExist:
            raise Http404(gettext("No such table.")) from None

    return _json(live.cached("json", compute))


@require_GET
@live_page("api-chip-leaders")
def chip_leaders_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """``GET /api/events/<slug>/chip-leaders``: the top ten stacks, players left, average, pool
    and the next pay jump."""
    return _json(live.cached("json", lambda: json.dumps(chip_leaders_json(live.event), cls=DjangoJSONEncoder)))
