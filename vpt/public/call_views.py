"""A player's "Call the floor" from their own page (floor.md, "Calls"): ``POST
/me/<token>/call/`` with a reason (a ruling, I need to leave, other) and an optional note. The
token authenticates it, as the page's other POSTs (no cookie, no CSRF token); being anonymous,
it is limited per address (`CALLS_PER_ADDRESS` in `CALL_WINDOW_SECONDS`, 429 past it)."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from vpt.accounts.rate import over_limit
from vpt.errors import NotAllowed, ServiceError
from vpt.events.player_links import link_for_token
from vpt.seating.calls import call_floor

from .me_views import _render, link_or_404, player_actor

CALLS_PER_ADDRESS = 10
CALL_WINDOW_SECONDS = 600


@csrf_exempt
@require_POST
def call(request: HttpRequest, token: str) -> HttpResponseBase:
    link = link_or_404(token)
    limit = int(getattr(settings, "VPT_CALLS_PER_ADDRESS", CALLS_PER_ADDRESS))
    if over_limit(request, "floor-call", limit=limit, seconds=CALL_WINDOW_SECONDS):
        response = _render(
            request,
            link.entry,
            token,
            notice=gettext("Too many calls from this device: ask a dealer to call the floor."),
        )
        response.status_code = 429
        return response
    notice = ""
    try:
        made = call_floor(
            None, actor=player_actor(link), reason=request.POST.get("reason", ""), note=request.POST.get("note", "")
        )
    except NotAllowed:
        raise Http404(gettext("No such page.")) from None
    except ServiceError as error:
        notice = error.message
    else:
        if made.repeated:
            notice = gettext("You have called the floor already: the floor is on the way.")
    if request.headers.get("HX-Request") == "true":
        return _render(request, link_for_token(token).entry, token, notice=notice)
    return redirect(reverse("public:me", args=[token]))
