"""The director's list of the players' private links (one per player, kept across re-entries, to send by SMS or
WhatsApp), and replacing one. Served under /floor/events/<slug>/player-links/ in the `events`
namespace (vpt/urls.py); it lives here because each link opens a page of this app.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links, live_player_tokens, replace_player_link
from vpt.events.selectors import event_or_404
from vpt.http import absolute_url, phones_cannot_reach
from vpt.people.names import name_key


def player_path(token: str) -> str:
    """The path of the page a player's private link opens."""
    return reverse("public:me", args=[token])


def entry_links(event: Event, url: Any) -> list[tuple[Entry, str]]:
    """Every player of ``event`` (their latest entry) by name with the URL of their live link
    (``url`` makes it absolute); "" for one without (the event has finished): 2 queries."""
    latest: dict[int, Entry] = {}  # one row per player: a re-entry keeps the player's link
    for entry in Entry.objects.filter(event=event).select_related("player"):
        if entry.player_id not in latest or entry.number > latest[entry.player_id].number:
            latest[entry.player_id] = entry
    entries = sorted(latest.values(), key=lambda entry: name_key(entry.player.name))
    tokens = live_player_tokens(entries)
    return [(entry, url(player_path(tokens[entry.pk])) if entry.pk in tokens else "") for entry in entries]


def _ensure_links(request: HttpRequest, event: Event) -> None:
    if event.status != Event.Status.FINISHED:
        issue_player_links(event, actor=request.user)


@require_GET
@director_required
def player_links(request: HttpRequest, slug: str) -> HttpResponse:
    """Every entry's link (issued on the first visit for the entries without one)."""
    event = event_or_404(slug)
    _ensure_links(request, event)
    loopback = phones_cannot_reach(request)
    context = {
        "event": event,
        "section": "links",
        "links": entry_links(event, lambda path: absolute_url(request, path)),
        "loopback_url": loopback,
        "finished": event.status == Event.Status.FINISHED,
    }
    return render(request, "floor/player_links.html", context)


@require_POST
@director_required
def replace_link(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=entry_id, event__slug=slug)
    try:
        replace_player_link(entry, actor=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s has a new link; the old one no longer opens.") % {"name": entry})
    return redirect(reverse("floor:player-links", args=[slug]) + f"#entry-{entry.pk}")
