"""The director's audit log of an event, filtered by table, player or who made the change.

Served under /floor/events/<slug>/audit/ in the `events` namespace (vpt/urls.py); it lives in rounds
because the filter by player reads the hands they played. Staff only.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import director_required
from vpt.events.floor_selectors import audit_log
from vpt.events.selectors import event_or_404
from vpt.floor.event_forms import AuditFilterForm
from vpt.rounds.models import Board, Hand


@director_required
@require_GET
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    form = AuditFilterForm(request.GET or None, event=event)
    table_number = player = actor = None
    if form.is_bound and form.is_valid():
        table_number = form.cleaned_data["table"] or None
        player, actor = form.cleaned_data["player"], form.cleaned_data["actor"]
    played = Board.objects.filter(entry__player=player).values_list("hand_id", flat=True) if player else []
    entries = audit_log(
        event,
        table_number=table_number,
        player=player,
        played={Hand._meta.label_lower: list(played)},
        actor_id=actor.pk if actor else None,
    )
    page = Paginator(entries, 100).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "floor/audit.html",
        {"event": event, "section": "audit", "form": form, "page": page, "query": query.urlencode()},
    )
