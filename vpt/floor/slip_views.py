"""PDF views: a selector builds the data, a renderer draws it, the browser shows it inline.

Who may print what:
  printables page      a director (links to everything below)
  hand slip            the dealer assigned to the hand's table, or a director
  batch of slips       a director (a table's hands, or an event's in a time range)
  seat cards, table list   a director
  results, hand history    everyone (public pages)
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import director_required
from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links
from vpt.http import absolute_url, phones_cannot_reach
from vpt.pages.documents import pdf_response, public_hand_url, withhold_qr
from vpt.slips import hand_slips, selectors
from vpt.slips.documents import render_table_list
from vpt.slips.festival import render_advance_list, render_bag_labels
from vpt.slips.festival_data import advance_list_data, bag_labels_data
from vpt.slips.move_slips import render_move_slips
from vpt.slips.receipt import render_receipt
from vpt.slips.seat_cards import render_seat_cards
from vpt.slips.slip import render_slips
from vpt.tables.models import Table


def _time_range(request: HttpRequest) -> tuple[datetime | None, datetime | None]:
    """``?from=`` and ``?to=`` as aware datetimes (a bare date: that day's start); ValueError if unreadable."""
    bounds: list[datetime | None] = []
    for name in ("from", "to"):
        text = request.GET.get(name, "").strip()
        if not text:
            bounds.append(None)
            continue
        moment = parse_datetime(text)
        if moment is None:
            day = parse_date(text)
            if day is None:
                raise ValueError(name)
            moment = datetime(day.year, day.month, day.day)
        if timezone.is_naive(moment):
            moment = timezone.make_aware(moment)
        bounds.append(moment)
    return bounds[0], bounds[1]


def _batch(request: HttpRequest, event: Event, table: Table | None, filename: str) -> HttpResponse:
    try:
        start, end = _time_range(request)
    except ValueError as error:
        return HttpResponseBadRequest(
            _("Give %(name)s as a date and time, such as 2026-11-29T18:00.") % {"name": str(error)}
        )
    hands = hand_slips.event_hands(event, start=start, end=end, table=table)
    slips = [
        withhold_qr(request, slip)
        for slip in hand_slips.slips_data(hands, public_url=public_hand_url(request, "public:table"))
    ]
    return pdf_response(render_slips(slips), filename)


@require_GET
@director_required
def table_slips(request: HttpRequest, table_id: int) -> HttpResponse:
    """Every slip of one table as one PDF, optionally within ``?from=``/``?to=``."""
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    return _batch(request, table.event, table, f"slips-{table.event.slug}-table{table.number}.pdf")


@require_GET
@director_required
def event_slips(request: HttpRequest, slug: str) -> HttpResponse:
    """Every slip of an event recorded within ``?from=``/``?to=``, by table and hand, as one PDF."""
    event = get_object_or_404(Event, slug=slug)
    return _batch(request, event, None, f"slips-{event.slug}.pdf")


def _player_url(request: HttpRequest, event: Event) -> Callable[[str], str] | None:
    """The QR target of a player's private page on a card or label, by the link's token (the
    entries without a link are issued one first); None, no QR code, for a finished event or
    while the public address is a loopback one."""
    if event.status == Event.Status.FINISHED or phones_cannot_reach(request):
        return None
    issue_player_links(event, actor=request.user)

    def player_url(token: str) -> str:
        return absolute_url(request, reverse("public:me", args=[token]))

    return player_url


@require_GET
@director_required
def printables(request: HttpRequest, slug: str) -> HttpResponse:
    """The director's list of an event's printables, with the time-range form for slips."""
    event = get_object_or_404(Event, slug=slug)
    tables = Table.objects.filter(event=event).order_by("number")
    context = {"event": event, "tables": tables, "section": "printables", "loopback_url": phones_cannot_reach(request)}
    return render(request, "floor/printables.html", context)


@require_GET
@director_required
def seat_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """One card per seated player, with the QR code of their private page (issued to the entries
    without a link first); without it while the public address is a loopback one."""
    event = get_object_or_404(Event, slug=slug)
    data = withhold_qr(request, selectors.seat_cards_data(event, player_url=_player_url(request, event)))
    return pdf_response(render_seat_cards(data), f"seat-cards-{event.slug}.pdf")


@require_GET
@director_required
def move_slips(request: HttpRequest, slug: str) -> HttpResponse:
    """A slip for each player moved and not yet seated; ``?format=a6|thermal80`` (default: the event's)."""
    event = get_object_or_404(Event, slug=slug)
    page_format = request.GET.get("format")
    if page_format not in (None, "a6", "thermal80"):
        return HttpResponseBadRequest(_("Unknown paper format."))
    data = selectors.move_slips_data(event, page_format=page_format)
    return pdf_response(render_move_slips(data), f"moves-{event.slug}.pdf")


@require_GET
@director_required
def table_list(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    return pdf_response(render_table_list(selectors.table_list_data(event)), f"tables-{event.slug}.pdf")


@director_required
@require_GET
def receipt(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """The payout receipt of an entry's prize (the cash desk); ``?format=a6|thermal80``."""
    entry = get_object_or_404(Entry.objects.select_related("event", "player"), pk=entry_id, event__slug=slug)
    page_format = request.GET.get("format")
    if page_format not in (None, "a6", "thermal80"):
        return HttpResponseBadRequest(_("Unknown paper format."))
    data = selectors.receipt_data(entry, page_format=page_format)
    if data is None:
        return HttpResponse(_("This prize has not been paid out yet."), status=404, content_type="text/plain")
    return pdf_response(render_receipt(data), f"receipt-{entry.event.slug}-{entry.pk}.pdf")


@require_GET
@director_required
def bag_labels(request: HttpRequest, slug: str) -> HttpResponse:
    """One label per player still in (a flight's advancing players), by stack, with the QR code
    of their private page; without it while the public address is a loopback one."""
    event = get_object_or_404(Event, slug=slug)
    data = withhold_qr(request, bag_labels_data(event, player_url=_player_url(request, event)))
    return pdf_response(render_bag_labels(data), f"bag-labels-{event.slug}.pdf")


@require_GET
@director_required
def advance_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The players still in by stack with table and seat, and the chips in play proved."""
    event = get_object_or_404(Event, slug=slug)
    return pdf_response(render_advance_list(advance_list_data(event)), f"advance-list-{event.slug}.pdf")
