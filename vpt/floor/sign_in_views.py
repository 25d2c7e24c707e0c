"""Printing tables' sign-in cards (a director): each print issues a new token and ends the
table's old card, since only a hash of a token is kept and a card can never be printed again.

POST only: printing changes state (the old card stops working). A card is never printed for
a loopback address (127.0.0.1, localhost): no tablet could open it, so the director is told why
and what to do, and no token is issued.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.http import phones_cannot_reach
from vpt.pages.documents import pdf_response, sign_in_url
from vpt.slips.sign_in_card import SignInCard, SignInCardData, render_sign_in_cards
from vpt.tables.models import Table
from vpt.tables.services import IssuedToken, issue_event_tokens, issue_table_token


def _cards(request: HttpRequest, event: Event, issued: list[IssuedToken]) -> SignInCardData:
    return SignInCardData(
        event=event.name,
        cards=tuple(
            SignInCard(item.device.table.number, sign_in_url(request, item.token, "dealer:sign-in")) for item in issued
        ),
        language=event.language,
        printed_at=timezone.now(),
    )


def _devices(request: HttpRequest) -> int:
    """How many devices the printed card signs in (the form's number; one when not given). A
    number out of range is refused by the service with its message."""
    try:
        return int(request.POST.get("devices") or 1)
    except ValueError:
        return 0


def _refused(error: ServiceError) -> HttpResponse:
    return HttpResponse(str(error), status=409, content_type="text/plain; charset=utf-8")


def _unreachable(request: HttpRequest, event: Event) -> HttpResponse | None:
    """The refusal page when the cards would carry a loopback address, else None."""
    loopback_url = phones_cannot_reach(request)
    if not loopback_url:
        return None
    context = {"event": event, "loopback_url": loopback_url}
    return render(request, "floor/sign_in_cards_refused.html", context, status=409)


@require_POST
@director_required
def sign_in_card(request: HttpRequest, table_id: int) -> HttpResponse:
    """A new sign-in card for one table (its old card stops working)."""
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    if refusal := _unreachable(request, table.event):
        return refusal
    try:
        issued = issue_table_token(table, actor=request.user, devices=_devices(request))
    except ServiceError as error:
        return _refused(error)
    data = _cards(request, table.event, [issued])
    return pdf_response(
        render_sign_in_cards(data), f"sign-in-{table.event.slug}-table{table.number}.pdf", download=True
    )


@require_POST
@director_required
def sign_in_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """New sign-in cards for every open table of the event, one page each."""
    event = get_object_or_404(Event, slug=slug)
    if refusal := _unreachable(request, event):
        return refusal
    try:
        issued = issue_event_tokens(event, actor=request.user, devices=_devices(request))
    except ServiceError as error:
        return _refused(error)
    return pdf_response(
        render_sign_in_cards(_cards(request, event, issued)), f"sign-in-{event.slug}.pdf", download=True
    )
