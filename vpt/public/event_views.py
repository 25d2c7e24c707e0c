"""Public pages of an event (no login): standings (polls its own fragment every 5 s while the
tab is visible), a table's page, a player's page, payouts, the clock display and its JSON, and
the standings as JSON.

The director's event tools live below: clock controls, payout editor and deal calculator in
`vpt.events` (clock_views, payout_views), balancing suggestions in `vpt.floor.seating_views`. The
clock's words and the payouts come from `vpt.events` too, so the public pages and the tools
show the same thing. Views are thin: a selector reads, the template renders.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from vpt.clock.display import changes_with_time, clock_payload, finished_payload, time_text
from vpt.events.late_registration import registration_window
from vpt.events.models import Event, Player
from vpt.http import HtmxHttpRequest
from vpt.money.results import event_results_table
from vpt.money.selectors import event_payouts
from vpt.pages.live import Live, live_page
from vpt.rounds.clock import clock_now
from vpt.seating.selectors import recent_moves
from vpt.standings import rows, selectors, versions
from vpt.tables.models import Table


def _event(slug: str) -> Event:
    try:
        return selectors.event_by_slug(slug)
    except Event.DoesNotExist:
        raise Http404(gettext("No such event.")) from None


# Standings ---------------------------------------------------------------------------------
#
# Live pages (`vpt.pages.live`): the event's version is read first (1 query), a client that
# has this version's page gets 304, and the expensive part (the live fragment, the JSON) is
# rendered once per (event, version, language, page and parameters) and taken from the cache
# after that. A full page wraps the cached fragment in its header, which holds the viewer's
# login and CSRF token, so only the fragment is shared between viewers.


def _fragment(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def _standings_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    query = request.GET.get("q", "")[:100]
    base = reverse("public:standings", args=[event.slug])
    data = selectors.event_standings(event, query=query)
    links = {"player_base": f"{base}players/", "table_base": f"{base}tables/"}
    results = event_results_table(event, public=True) if event.status == Event.Status.FINISHED else None
    return {
        "results": results,
        "event": event,
        "standings": data,
        "poll_url": f"{base}?{urlencode({'q': query})}" if query.strip() else base,
        "active_rows": rows.active_rows(data.active, **links),
        "eliminated_rows": rows.eliminated_rows(data.eliminated, **links),
        "now": timezone.localtime(),
    }


@require_GET
@live_page("standings", query=("q",), shared=_fragment)
def standings(request: HtmxHttpRequest, live: Live, slug: str) -> HttpResponse:
    event = live.event
    fragment = live.cached(
        "html",
        lambda: render_to_string(
            "public/standings.html#standings-live", _standings_context(request, event), request=request
        ),
    )
    if live.fragment:
        return HttpResponse(fragment)
    context = {
        "event": event,
        "query": request.GET.get("q", "")[:100],
        "live_html": mark_safe(fragment),
        "window": registration_window(event),
    }
    return render(request, "public/standings.html", context)


def _upto(request: HttpRequest) -> int | None:
    """The ``?upto=`` of an older page of hands (None: the newest)."""
    value = request.GET.get("upto", "")
    return int(value) if value.isdigit() else None


@require_GET
@live_page("table", query=("upto",), shared=_fragment, version=versions.table_version)
def table(request: HtmxHttpRequest, live: Live, slug: str, number: int) -> HttpResponse:
    event = live.event

    def compute() -> dict[str, Any]:
        try:
            page = selectors.table_page(event, number, upto=_upto(request))
        except Table.DoesNotExist:
            raise Http404(gettext("No such table.")) from None
        context = {"event": event, "page": page}
        return {
            "html": render_to_string("public/table.html#table-live", context, request=request),
            "title": str(page.table),
            "broken": page.table.status == Table.Status.BROKEN,
        }

    cached = live.cached("table", compute)
    if live.fragment:
        return HttpResponse(cached["html"])
    context = {
        "event": event,
        "title": cached["title"],
        "broken": cached["broken"],
        "live_html": mark_safe(cached["html"]),
    }
    return render(request, "public/table.html", context)


@require_GET
@live_page("player", query=("upto",), shared=False, version=versions.player_version)
def player(request: HttpRequest, live: Live, slug: str, player_id: int) -> HttpResponse:
    event = live.event

    def compute() -> dict[str, Any]:
        try:
            page = selectors.player_page(event, player_id, upto=_upto(request))
        except Player.DoesNotExist:
            raise Http404(gettext("No such player.")) from None
        results = event_results_table(event, public=True) if event.status == Event.Status.FINISHED else None
        by_entry = {row.entry_id: row for row in results.rows} if results else {}
        context = {
            "event": event,
            "page": page,
            "finished": results is not None,
            "entry_results": [(entry, by_entry.get(entry.pk)) for entry in page.entries],
        }
        html = render_to_string("public/player.html#player-live", context, request=request)
        return {"html": html, "name": page.player.public_name}

    cached = live.cached("player", compute)
    context = {"event": event, "title": cached["name"], "live_html": mark_safe(cached["html"])}
    return render(request, "public/player.html", context)


# Payouts and the clock -----------------------------------------------------------------------


@require_GET
@live_page("payouts", shared=_fragment)
def payouts(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """The pool explained, the prizes won and the payout structure; the live part polls itself,
    so the pool and the payouts grow as entries come in (a 304 while nothing changed)."""
    event = live.event

    def compute() -> str:
        context = {
            "event": event,
            "results": event_results_table(event, public=True),
            **event_payouts(event, public=True),
        }
        return render_to_string("public/payouts.html#payouts-live", context)

    fragment = live.cached("html", compute)
    if live.fragment:
        return HttpResponse(fragment)
    return render(request, "public/payouts.html", {"event": event, "live_html": mark_safe(fragment)})


def _clock_bucket(live: Live) -> str:
    """The second the clock's payload holds for; none while it does not change with time (a
    paused clock, a level counted in hands), which the payload's first render notes."""
    if live.version_fact("clock-fixed"):
        return ""
    return str(int(live.now.timestamp()))


def _clock(live: Live) -> dict[str, Any]:
    """What the clock shows, computed without writing, once per version, language and second."""

    if live.event.status == Event.Status.FINISHED:
        live.version_note("clock-fixed", True)
        return finished_payload()

    def compute() -> dict[str, Any]:
        # Computed at the first request of the second; those later in the same second get it too.
        status = clock_now(live.event, now=live.now).status
        if not changes_with_time(status):
            live.version_note("clock-fixed", True)
        payload = clock_payload(status)
        if live.event.hand_for_hand:  # floor.md, "Hand-for-hand": the big screen says so
            payload = {**payload, "state_text": gettext("Hand-for-hand"), "hand_for_hand": True}
        return payload

    payload = live.cached("clock-payload", compute, any_page=True)
    if live.bucket and live.version_fact("clock-fixed"):  # keep it for this version, whatever the second
        live.bucket = ""
        live.cached("clock-payload", lambda: payload, any_page=True)
    return payload


@require_GET
@live_page("clock", shared=False, bucket=_clock_bucket)
def clock(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    return render(request, "public/clock.html", {"event": live.event, **_clock_context(_clock(live))})


def _clock_context(payload: dict[str, Any]) -> dict[str, Any]:
    """The clock's texts as first rendered (the script counts on from there)."""
    if payload.get("finished"):
        return {"clock": payload, "time_text": payload["time_text"], "break_in": ""}
    return {
        "clock": payload,
        "time_text": time_text(payload["seconds_left"])
        if payload["seconds_left"] is not None
        else (payload["hands_left"] if payload["hands_left"] is not None else "–"),
        "break_in": payload["break_template"].replace("{time}", time_text(payload["seconds_to_break"]))
        if payload["seconds_to_break"] is not None
        else payload["break_text"],
    }


def _screen_panel(event: Event) -> dict[str, Any]:
    """The big screen's side: players left, entries, average stack, the pool and its payouts,
    and the chip leaders (for the rotation)."""
    results = event_results_table(event, public=True)
    if results.finished:  # places and prizes as the results have them: no clock, no chips in play
        return {
            "event": event,
            "finished": True,
            "entries": results.entries,
            "pool": results.prizes.pool,
            "results": results.placed_rows()[:SCREEN_LEADERS],
            "deal": results.deal,
        }
    still_in = sorted((row for row in results.rows if row.status == "in"), key=lambda row: -row.chips)
    chips = sum(row.chips for row in still_in)
    return {
        "event": event,
        "players_left": len(still_in),
        "entries": results.entries,
        "average_stack": round(chips / len(still_in)) if still_in else 0,  # as the standings round it
        "pool": results.prizes.pool,
        "payout_rows": event_payouts(event, public=True)["rows"],
        "leaders": still_in[:SCREEN_LEADERS],
        "moves": recent_moves(event, since=timezone.now() - SCREEN_MOVES_FOR, limit=SCREEN_MOVES),
        "window": registration_window(event),
    }


# The chip leaders the big screen shows in turn with the payouts.
SCREEN_LEADERS = 10
# The seat changes it lists: the latest few of the last minutes (who must go where now).
SCREEN_MOVES = 8
SCREEN_MOVES_FOR = timedelta(minutes=20)


def _panel_html(live: Live) -> str:
    return live.cached("panel", lambda: render_to_string("public/screen.html#screen-panel", _screen_panel(live.event)))


@require_GET
@live_page("screen", query=("rotate",), shared=False, bucket=_clock_bucket)
def screen(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """The clock for the room's TV: no header, the whole screen, the numbers a room reads. Its
    side panel polls `screen_panel` (a 304 while nothing changed); the clock resyncs from
    clock.json. Nothing here writes."""
    context = {
        "event": live.event,
        "panel_html": mark_safe(_panel_html(live)),
        "rotate": request.GET.get("rotate") == "1",
        **_clock_context(_clock(live)),
    }
    return render(request, "public/screen.html", context)


@require_GET
@live_page("screen-panel")
def screen_panel(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    """The big screen's side panel alone, once per event version and language."""
    return HttpResponse(_panel_html(live))


@require_GET
@live_page("clock.json", bucket=_clock_bucket)
def clock_json(request: HttpRequest, live: Live, slug: str) -> JsonResponse:
    return JsonResponse(_clock(live))
