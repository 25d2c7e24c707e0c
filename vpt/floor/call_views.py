"""The director's answers to calls to the floor (floor.md, "Calls"): *On my way* and *Done*,
each one service, back to the page the director came from (the tables overview by default).
The open calls themselves are shown at the top of the tables overview. Staff only."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.seating.calls import answer_floor_call, close_floor_call
from vpt.seating.models import FloorCall


@director_required
@require_POST
def answer(request: HttpRequest, call_id: int, action: str) -> HttpResponse:
    """``action``: ``on-my-way`` or ``done``."""
    call = get_object_or_404(FloorCall.objects.select_related("event"), pk=call_id)
    service = {"on-my-way": answer_floor_call, "done": close_floor_call}.get(action)
    if service is None:
        return HttpResponse(status=404)
    try:
        service(call, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect("floor:tables-overview", slug=call.event.slug)
