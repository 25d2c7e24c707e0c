"""A player's own page, opened by their private link (`/me/<token>/`, no login).

The token is the only key: a wrong, revoked or ended one is a plain 404, the same page
whatever the reason. The page polls its live fragment like the standings (`vpt.pages.live`):
the token's entry and the event's version are read first (1 query), a client holding this
version gets 304, and the fragment is rendered once per (entry, version, language) for every
device of that player. The page lists the tickets the player holds (festival.md, "Satellites
and tickets"): a change to one moves the version of every event they played
(`vpt.events.tickets.holder_changed`), so the fragment is never stale. Nothing here reaches
another page: the token opens this page and the few POSTs beside it, each acting for that entry
only.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import PlayerActor, RegistrantActor
from vpt.clock.steady import steady_now
from vpt.errors import NotAllowed, ServiceError
from vpt.events.models import Entry, PlayerLink, Registration
from vpt.events.player_links import link_for_token
from vpt.events.registrations import cancel_registration, registration_for_token
from vpt.events.ticket_models import Ticket
from vpt.events.ticket_selectors import is_withdrawn, person_tickets
from vpt.live import conditional
from vpt.pages.live import Live
from vpt.rounds.flags import flag_hand
from vpt.rounds.models import Hand
from vpt.seating.calls import PLAYER_REASONS, open_call_of
from vpt.seating.services import confirm_seat_move
from vpt.standings import me
from vpt.tours.final import awarded_by

from .registration_views import registration_response


def link_or_404(token: str) -> PlayerLink:
    """The live link of ``token``; a plain 404 otherwise (no hint whether it existed)."""
    try:
        return link_for_token(token)
    except PlayerLink.DoesNotExist:
        raise Http404(gettext("No such page.")) from None


def player_actor(link: PlayerLink) -> PlayerActor:
    return PlayerActor(entry_id=link.entry_id, link_id=link.pk)


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


def _render(request: HttpRequest, entry: Entry, token: str, *, notice: str = "") -> HttpResponseBase:
    """The page (or its live fragment for htmx); ``notice``: a refusal to show above it, in a
    render of its own (never cached)."""
    live = _live(request, entry)

    def fragment() -> str:
        facts = live.cached("me-facts", lambda: me.event_facts(entry.event), any_page=True)
        context = {
            "event": entry.event,
            "page": me.my_page(entry, facts),
            "token": token,
            "notice": notice,
            "call": open_call_of(entry_id=entry.pk),
            "call_reasons": PLAYER_REASONS,
            "tickets": _tickets_of(entry),
        }
        return render_to_string("public/me.html#me-live", context, request=request)

    def page() -> HttpResponse:
        html = fragment() if notice else live.cached("html", fragment)
        if live.fragment:
            return HttpResponse(html)
        return render(request, "public/me.html", {"event": entry.event, "entry": entry, "live_html": mark_safe(html)})

    # A refusal to show is a render of its own, never answered 304 nor tagged.
    response = conditional(request, page, etag=live.etag, shared=False, fresh=bool(notice))
    if notice:
        del response["ETag"]
    response["Referrer-Policy"] = "no-referrer"  # the token is in the URL: no link may pass it on
    return response


def _tickets_of(entry: Entry) -> list[tuple[Ticket, str]]:
    """The tickets the entry's person holds, used or cashed (not the withdrawn ones), each with
    who awarded it when no satellite did: 2 queries (3 with a tour final's)."""
    person = entry.player.person
    if person is None:
        return []
    return awarded_by([ticket for ticket in person_tickets(person) if not is_withdrawn(ticket)])


@require_GET
def my_page(request: HttpRequest, token: str) -> HttpResponseBase:
    """The entry's page; before check-in, the page of the player's own registration (the same
    token: checking in issues the entry's link with it)."""
    try:
        link = link_for_token(token)
    except PlayerLink.DoesNotExist:
        return registration_response(request, _registration_or_404(token), token)
    return _render(request, link.entry, token)


def _registration_or_404(token: str) -> Registration:
    try:
        return registration_for_token(token)
    except Registration.DoesNotExist:
        raise Http404(gettext("No such page.")) from None


@csrf_exempt
@require_POST
def cancel(request: HttpRequest, token: str) -> HttpResponse:
    """The player cancels their registration (not yet checked in); a freed place goes to the
    first on the waitlist."""
    registration = _registration_or_404(token)
    try:
        cancel_registration(registration, actor=RegistrantActor(registration_id=registration.pk))
    except NotAllowed:
        raise Http404(gettext("No such page.")) from None
    except ServiceError:
        pass  # already cancelled: the page says so
    return redirect(reverse("public:me", args=[token]))


# The player's POSTs: the token in the URL is what authenticates them, no cookie, so there is
# no session for a cross-site request to ride on and the CSRF check has nothing to protect (the
# cached fragment, shared by the player's devices, could not carry one device's token anyway).


@csrf_exempt
@require_POST
def seated(request: HttpRequest, token: str) -> HttpResponseBase:
    """ "I'm seated": the player's move is done; the page without its banner."""
    link = link_or_404(token)
    confirm_seat_move(link.entry, actor=player_actor(link))
    if request.headers.get("HX-Request") == "true":
        return _render(request, link_for_token(token).entry, token)  # the version moved on
    return redirect(reverse("public:me", args=[token]))


@csrf_exempt
@require_POST
def flag(request: HttpRequest, token: str, hand_id: int) -> HttpResponseBase:
    """ "Something's wrong" about a hand the player played: flagged for the director."""
    link = link_or_404(token)
    hand = Hand.objects.filter(pk=hand_id, event_id=link.entry.event_id).first()
    if hand is None:
        raise Http404(gettext("No such page."))
    notice = ""
    try:
        flag_hand(hand, actor=player_actor(link), reason=request.POST.get("reason", ""))
    except NotAllowed:
        raise Http404(gettext("No such page.")) from None
    except ServiceError as error:
        notice = error.message
    if request.headers.get("HX-Request") == "true":
        return _render(request, link_for_token(token).entry, token, notice=notice)
    return redirect(reverse("public:me", args=[token]))
