"""The director's clock controls: start, pause, resume, add or take away time, go to a level.

Staff only. The page answers htmx with its controls alone; each POST calls one clock service,
and a refusal (already paused, no such level) comes back on the page with 409, an invalid
adjustment with 422. The public clock display lives in `vpt.standings`; both read their words
from `vpt.clock.display`. Here in rounds, not events, because the clock reads the room's
tables and hands (`vpt.rounds.clock`).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.clock.display import clock_payload, time_text
from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.events.selectors import event_or_404
from vpt.floor.event_forms import AdjustClockForm
from vpt.http import HtmxHttpRequest
from vpt.rounds.clock import adjust_clock, clock_now, pause_clock, resume_clock, start_clock

CLOCK_ACTIONS = {"start": start_clock, "pause": pause_clock, "resume": resume_clock}


def _controls(
    request: HtmxHttpRequest, event: Event, *, form: AdjustClockForm | None = None, error: str = "", status: int = 200
) -> HttpResponse:
    snapshot = clock_now(event)
    payload = clock_payload(snapshot.status)
    template = "floor/director_clock.html"
    if request.htmx:
        template += "#clock-controls"
    return render(
        request,
        template,
        {
            "event": event,
            "clock": payload,
            "snapshot": snapshot,
            "form": form or AdjustClockForm(),
            "error": error,
            "time_text": time_text(payload["seconds_left"]),
            "levels": snapshot.levels,
        },
        status=status,
    )


@director_required
@require_GET
def director_clock(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    return _controls(request, event_or_404(slug))


@director_required
@require_POST
def director_clock_action(request: HtmxHttpRequest, slug: str, action: str) -> HttpResponse:
    event = event_or_404(slug)
    form = None
    try:
        if action in CLOCK_ACTIONS:
            CLOCK_ACTIONS[action](event, actor=request.user)
        elif action == "adjust":
            form = AdjustClockForm(request.POST)
            if not form.is_valid():
                return _controls(request, event, form=form, status=422)
            adjust_clock(
                event,
                actor=request.user,
                seconds=form.cleaned_data["shift"],
                level=form.cleaned_data.get("level"),
                time_left=form.cleaned_data.get("time_left"),
            )
            form = None
        else:
            raise Http404(gettext("No such clock action."))
    except ServiceError as error:
        return _controls(request, event, form=form, error=str(error), status=409)
    if not request.htmx:
        return redirect("floor:clock", slug=event.slug)
    return _controls(request, event)
