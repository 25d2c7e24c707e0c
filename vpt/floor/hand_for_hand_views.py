"""The director's hand-for-hand switch (floor.md, "Hand-for-hand"): on and off, from the
tables overview (which also shows when the event suggests it). Staff only; each POST calls one
service and comes back to the overview with what happened, or why not."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from vpt.accounts.permissions import director_required
from vpt.events.models import Event
from vpt.floor.outcome import run_service
from vpt.rounds.hand_for_hand import start_hand_for_hand, stop_hand_for_hand


@director_required
@require_POST
def switch(request: HttpRequest, slug: str) -> HttpResponse:
    """``on=1`` starts hand-for-hand, anything else stops it."""
    event = get_object_or_404(Event, slug=slug)
    starting = request.POST.get("on") == "1"
    if starting:
        run_service(
            request,
            _("Hand-for-hand is on: the clock is paused."),
            lambda: start_hand_for_hand(event, actor=request.user),
        )
    else:
        run_service(
            request,
            _("Hand-for-hand is off: every table deals again."),
            lambda: stop_hand_for_hand(event, actor=request.user),
        )
    return redirect("floor:tables-overview", slug=event.slug)
