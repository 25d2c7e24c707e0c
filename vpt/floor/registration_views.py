"""The registration receipt (`registration_receipt.py`) of one entry, or of several (the players
a CSV import registered), for a director. The player's private link is issued the way the seat
cards issue it (`issue_player_links`, for every entry still without one); on a loopback public
address none is issued or printed, and after the event has finished there is none."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import override
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import director_required
from vpt.events.models import Entry, Event
from vpt.events.money_models import Payment
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.http import absolute_url, phones_cannot_reach
from vpt.pages.documents import pdf_response
from vpt.seating.models import Seat
from vpt.slips.registration_receipt import RegistrationReceiptData, render_registration_receipts
from vpt.slips.selectors import user_name

FORMATS = (None, "a6", "thermal80")


def registration_receipts_data(
    event: Event,
    entries: Sequence[Entry],
    *,
    player_url: Callable[[str], str] | None,
    qr_withheld: str = "",
    page_format: str | None = None,
) -> list[RegistrationReceiptData]:
    """One receipt per entry of ``event``, in the order given: 3 queries (4 with links). The
    QR code's target is ``player_url(token)`` of the entry's live link, when given."""
    ids = [entry.pk for entry in entries]
    seats = {
        seat.entry_id: seat
        for seat in Seat.objects.filter(entry_id__in=ids, table__event=event).select_related("table")
    }
    payments = {
        payment.entry_id: payment
        for payment in Payment.objects.filter(entry_id__in=ids, kind=Payment.Kind.ENTRY).select_related("taken_by")
    }
    tokens = live_player_tokens(entries) if player_url is not None else {}
    finished = event.status == Event.Status.FINISHED
    receipts = []
    with override(event.language):
        for entry in entries:
            seat, payment = seats.get(entry.pk), payments.get(entry.pk)
            token = tokens.get(entry.pk)
            receipts.append(
                RegistrationReceiptData(
                    event=event.name,
                    name=entry.player.name,
                    entry=entry.number,
                    buy_in=entry.buy_in,
                    fee=entry.fee,
                    registered_at=entry.created_at,
                    paid=str(payment.get_method_display()) if payment else "",
                    taken_by=user_name(payment.taken_by) if payment else "",
                    table=seat.table.number if seat else None,
                    seat=seat.number if seat else None,
                    url=player_url(token) if player_url is not None and token else "",
                    qr_withheld=qr_withheld,
                    finished=finished,
                    language=event.language,
                    page_format=page_format or event.slip_format,
                )
            )
    return receipts


def _receipts(request: HttpRequest, event: Event, entries: Sequence[Entry], filename: str) -> HttpResponse:
    page_format = request.GET.get("format")
    if page_format not in FORMATS:
        return HttpResponseBadRequest(_("Unknown paper format."))
    loopback = phones_cannot_reach(request)
    with_links = event.status != Event.Status.FINISHED and not loopback

    def player_url(token: str) -> str:
        return absolute_url(request, reverse("public:me", args=[token]))

    if with_links:
        issue_player_links(event, actor=request.user)
    data = registration_receipts_data(
        event,
        entries,
        player_url=player_url if with_links else None,
        qr_withheld=loopback if event.status != Event.Status.FINISHED else "",
        page_format=page_format,
    )
    return pdf_response(render_registration_receipts(data), filename)


@director_required
@require_GET
def registration_receipt(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """One entry's registration receipt; ``?format=a6|thermal80`` (default: the event's)."""
    entry = get_object_or_404(Entry.objects.select_related("event", "player"), pk=entry_id, event__slug=slug)
    return _receipts(request, entry.event, [entry], f"registration-{entry.event.slug}-{entry.pk}.pdf")


@director_required
@require_GET
def registration_receipts(request: HttpRequest, slug: str) -> HttpResponse:
    """The receipts of the entries ``?entry=<id>&entry=<id>...`` (a CSV import's), in that order."""
    event = get_object_or_404(Event, slug=slug)
    ids = [int(value) for value in request.GET.getlist("entry") if value.isdigit()][:1000]
    found = {entry.pk: entry for entry in Entry.objects.filter(event=event, pk__in=ids).select_related("player")}
    entries = [found[pk] for pk in dict.fromkeys(ids) if pk in found]
    if not entries:
        return HttpResponseBadRequest(_("Name the players with entry=<number>."))
    return _receipts(request, event, entries, f"registrations-{event.slug}.pdf")
