"""Public pages of an event (no login) and the director's event tools.

Public: standings (polls its own fragment every 5 s while the tab is visible), a table's page,
a player's page, payouts, the clock display and its JSON, and the standings as JSON.
Director (staff): clock controls, payout structure editor, deal calculator, balancing.
Views are thin: a selector reads, a service writes, the template renders.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.middleware import HtmxDetails

from vpt.accounts.permissions import director_required
from vpt.events import payouts as money
from vpt.events.clock import ClockStatus
from vpt.events.errors import ServiceError
from vpt.events.models import Event, Level, Player
from vpt.events.selectors import ClockSnapshot, clock_snapshot, payout_structure
from vpt.events.services import (
    adjust_clock,
    pause_clock,
    resume_clock,
    set_payout_structure,
    start_clock,
    sync_clock,
)
from vpt.seating.balancing import suggest_moves
from vpt.tables.models import Table

from . import rows, selectors
from .forms import AdjustClockForm, DealForm, PayoutStructureForm


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


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


# Payouts -------------------------------------------------------------------------------------

def _payouts(event: Event) -> dict[str, Any]:
    """Pool, structure and amounts (3 queries)."""
    entries = selectors.entry_count(event)
    pool = money.prize_pool(entries, event.buy_in, event.fee)
    structure = payout_structure(event)
    amounts: tuple[Decimal, ...] = ()
    if structure is not None and structure.percentages:
        amounts = money.split_pool(pool, structure.percentages, unit=structure.unit)
    places = len(amounts)
    winners = selectors.in_the_money(event, places) if places else {}
    rows = [
        {"place": place, "percentage": percentage, "amount": amount, "name": winners.get(place, "")}
        for place, (percentage, amount) in enumerate(
            zip(structure.decimal_percentages() if structure else [], amounts), start=1)
    ]
    return {"entries": entries, "pool": pool, "structure": structure, "rows": rows}


@require_GET
def payouts(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    return render(request, "standings/payouts.html", {"event": event, **_payouts(event)})


# Clock ---------------------------------------------------------------------------------------

def _level_label(level: Any) -> str:
    if level.is_break:
        return gettext("Break")
    return gettext("Level %(number)s") % {"number": level.number}


def _cpp(cpp: int) -> str:
    return ngettext("%(cpp)s chip per point", "%(cpp)s chips per point", cpp) % {"cpp": f"{cpp:,}"}


def clock_payload(status: ClockStatus) -> dict[str, Any]:
    """What the clock display shows, translated, and the numbers clock.js counts with."""
    level, following = status.level, status.next_level
    next_text = ""
    if following is not None:
        if following.is_break:
            next_text = gettext("Next: break")
        else:
            next_text = gettext("Next: level %(number)s, %(cpp)s") % {
                "number": following.number, "cpp": _cpp(following.chips_per_point)}
    state_text = ""
    if not status.started:
        state_text = gettext("The clock has not started")
    elif status.paused:
        state_text = gettext("Paused")
    break_text = ""
    if status.next_break is not None and status.seconds_to_break is None and not level.is_break:
        break_text = gettext("Next break: level %(number)s") % {"number": status.next_break.number}
    hands_text = ""
    if status.hands_left is not None:
        hands_text = ngettext("%(count)s hand left", "%(count)s hands left", status.hands_left) % {
            "count": status.hands_left}
    return {
        "running": status.running,
        "started": status.started,
        "paused": status.paused,
        "level": {"number": level.number, "chips_per_point": level.chips_per_point, "is_break": level.is_break,
                  "minutes": level.minutes, "hands": level.hands},
        "seconds_left": status.seconds_left,
        "hands_left": status.hands_left,
        "seconds_to_break": status.seconds_to_break,
        "has_next": following is not None,
        "break": {"kind": str(status.break_status.kind), "tables": list(status.break_status.tables)},
        "level_text": _level_label(level),
        "cpp_text": "" if level.is_break else _cpp(level.chips_per_point),
        "hands_text": hands_text,
        "next_text": next_text,
        "break_template": gettext("Break in %(time)s") % {"time": "{time}"},
        "break_text": break_text,
        "message": status.break_status.message if status.break_status.waiting else "",
        "state_text": state_text,
    }


def _fresh_clock(event: Event) -> ClockSnapshot:
    """The clock now, after putting its level in force if time moved it on (a write only then)."""
    try:
        snapshot = clock_snapshot(event, now=timezone.now())
    except Level.DoesNotExist:
        raise Http404(gettext("The event has no levels.")) from None
    if snapshot.needs_sync:
        sync_clock(event, actor=None)
        snapshot = clock_snapshot(event, now=timezone.now())
    return snapshot


def _time_text(seconds: int | None) -> str:
    if seconds is None:
        return "–"
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@require_GET
def clock(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    snapshot = _fresh_clock(event)
    payload = clock_payload(snapshot.status)
    return render(request, "standings/clock.html", {
        "event": event, "clock": payload,
        "time_text": _time_text(payload["seconds_left"]) if payload["seconds_left"] is not None
        else (payload["hands_left"] if payload["hands_left"] is not None else "–"),
        "break_in": payload["break_template"].replace("{time}", _time_text(payload["seconds_to_break"]))
        if payload["seconds_to_break"] is not None else payload["break_text"],
    })


@require_GET
def clock_json(request: HttpRequest, slug: str) -> JsonResponse:
    event = _event(slug)
    response = JsonResponse(clock_payload(_fresh_clock(event).status))
    response["Cache-Control"] = "no-store"
    return response


CLOCK_ACTIONS = {"start": start_clock, "pause": pause_clock, "resume": resume_clock}


def _controls(request: HtmxHttpRequest, event: Event, *, form: AdjustClockForm | None = None,
              error: str = "", status: int = 200) -> HttpResponse:
    snapshot = _fresh_clock(event)
    payload = clock_payload(snapshot.status)
    template = "standings/director_clock.html"
    if request.htmx:
        template += "#clock-controls"
    return render(request, template, {
        "event": event, "clock": payload, "snapshot": snapshot, "form": form or AdjustClockForm(),
        "error": error, "time_text": _time_text(payload["seconds_left"]),
        "levels": snapshot.levels,
    }, status=status)


@director_required
@require_GET
def director_clock(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    return _controls(request, _event(slug))


@director_required
@require_POST
def director_clock_action(request: HtmxHttpRequest, slug: str, action: str) -> HttpResponse:
    event = _event(slug)
    form = None
    try:
        if action in CLOCK_ACTIONS:
            CLOCK_ACTIONS[action](event, actor=request.user)
        elif action == "adjust":
            form = AdjustClockForm(request.POST)
            if not form.is_valid():
                return _controls(request, event, form=form, status=422)
            adjust_clock(event, actor=request.user, seconds=form.cleaned_data["shift"],
                         level=form.cleaned_data.get("level"))
            form = None
        else:
            raise Http404(gettext("No such clock action."))
    except ServiceError as error:
        return _controls(request, event, form=form, error=str(error), status=409)
    if not request.htmx:
        return redirect("standings:director_clock", slug=event.slug)
    return _controls(request, event)


# Payout structure and deals ------------------------------------------------------------------

@director_required
@require_http_methods(["GET", "POST"])
def payout_editor(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    structure = payout_structure(event)
    saved = False
    if request.method == "POST":
        form = PayoutStructureForm(request.POST)
        if form.is_valid():
            try:
                set_payout_structure(event, percentages=form.cleaned_data["percentages"],
                                     unit=form.cleaned_data["unit"], actor=request.user)
            except ServiceError as error:
                form.add_error(None, str(error))
            else:
                if not request.htmx:
                    return redirect(f"{reverse('standings:payout_editor', args=[event.slug])}?saved=1")
                saved = True
    else:
        initial = {"percentages": ", ".join(structure.percentages), "unit": str(structure.unit)} if structure else {}
        form = PayoutStructureForm(initial=initial)
    context = {"event": event, "form": form, "saved": saved or request.GET.get("saved") == "1",
               **_payouts(event)}
    status = 422 if request.method == "POST" and form.errors else 200
    return render(request, "standings/payout_editor.html", context, status=status)


@director_required
@require_GET
def deal(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    form = DealForm(request.GET or None)
    unit = form.cleaned_data.get("unit") if form.is_valid() else None
    unit = unit or Decimal("1.00")
    active = selectors.event_standings(event).active
    info = _payouts(event)
    prizes = [row["amount"] for row in info["rows"]][: len(active)]
    context: dict[str, Any] = {"event": event, "form": form, "players": active, "prizes": prizes,
                               "unit": unit, **info}
    if len(active) >= 2:
        stacks = [row.stack for row in active]
        try:
            chop = money.chip_chop(stacks, prizes, unit=unit)
            floor = money.chip_chop(stacks, prizes, unit=unit, floor=True)
            icm = money.icm_deal(stacks, prizes, unit=unit) if len(active) <= money.MAX_ICM_PLAYERS else None
        except money.PayoutError as error:
            context["error"] = str(error)
        else:
            context["deal_rows"] = [
                {"row": row, "chop": chop[i], "floor": floor[i], "icm": icm[i] if icm else None}
                for i, row in enumerate(active)
            ]
            context["total"] = sum(prizes, Decimal("0.00"))
    return render(request, "standings/deal.html", context)


# Balancing -----------------------------------------------------------------------------------

@director_required
@require_GET
def balancing(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    tables = selectors.balancing_snapshot(event)
    plan = suggest_moves(tables, max_seats=event.seats_per_table) if tables else None
    return render(request, "standings/balancing.html", {"event": event, "tables": tables, "plan": plan})
