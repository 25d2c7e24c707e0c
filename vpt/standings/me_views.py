"""A player's own page, opened by their private link (`/me/<token>/`, no login).

The token is the only key: a wrong, revoked or ended one is a plain 404, the same page
whatever the reason. The page polls its live fragment like the standings (`vpt.events.live`):
the token's entry and the event's version are read first (1 query), a client holding this
version gets 304, and the fragment is rendered once per (entry, version, language) for every
device of that player. Nothing here reaches another page: the token opens this page and the
few POSTs beside it, each acting for that entry only.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from vpt.events.clock_time import steady_now
from vpt.events.live import Live, not_modified
from vpt.events.models import Entry, PlayerLink
from vpt.events.player_links import entry_for_token

from . import me


def entry_or_404(token: str) -> Entry:
    """The entry a live link opens; a plain 404 otherwise (no hint whether it existed)."""
    try:
        return entry_for_token(token)
    except PlayerLink.DoesNotExist:
        raise Http404(gettext("No such page.")) from None


def _live(request: HttpRequest, entry: Entry) -> Live:
    return Live(
        request=request,
        event=entry.event,
        page="me",
        params=(f"entry={entry.pk}",),
        now=steady_now(),
        language=get_language() or settings.LANGUAGE_CODE,
        shared=request.headers.get("HX-Request") == "true",
    )


@require_GET
def my_page(request: HttpRequest, token: str) -> HttpResponse:
    entry = entry_or_404(token)
    live = _live(request, entry)
    etag = live.etag
    response: HttpResponse
    if not_modified(request, etag):
        response = HttpResponseNotModified()
    else:
        html = live.cached(
            "html",
            lambda: render_to_string(
                "standings/me.html#me-live",
                {"event": entry.event, "page": me.my_page(entry), "token": token},
                request=request,
            ),
        )
        if live.fragment:
            response = HttpResponse(html)
        else:
            context = {"event": entry.event, "entry": entry, "live_html": mark_safe(html)}
            response = render(request, "standings/me.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["Referrer-Policy"] = "no-referrer"  # the token is in the URL: no link may pass it on
    patch_vary_headers(response, ["HX-Request", "Cookie"])
    return response
