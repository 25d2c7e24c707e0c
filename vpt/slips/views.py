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
from dataclasses import replace
from datetime import datetime
from typing import TypeVar

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import director_required
from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links
from vpt.http import absolute_url, phones_cannot_reach
from vpt.rounds.models import Hand
from vpt.tables.models import Table
from vpt.tables.permissions import device_actor, may_deal

from . import selectors
from .data import SeatCardData, SlipData
from .documents import render_hand_history, render_results, render_table_list
from .move_slips import render_move_slips
from .receipt import render_receipt
from .seat_cards import render_seat_cards
from .slip import render_slip, render_slips

_Printable = TypeVar("_Printable", SlipData, SeatCardData)


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    """The PDF shown in the browser (``inline``), saved under ``filename`` if the user saves it."""
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "no-store"  # a corrected hand prints its new numbers at once
    return response


def public_hand_url(request: HttpRequest) -> Callable[[Hand], str]:
    """The QR code's target: the hand on its table's public page (the page of hands that starts
    with it, scrolled to it); while the standings pages are not mounted, the table's hand history PDF. On the
    public address (``VPT_PUBLIC_URL``) when set, not on the host the dealer's tablet typed; none
    (the slip prints without a QR code) when that address is a loopback one no phone reaches."""

    def url(hand: Hand) -> str:
        try:
            path = reverse("standings:table", kwargs={"slug": hand.event.slug, "number": hand.table.number})
            path += f"?upto={hand.number}#hand-{hand.number}"
        except NoReverseMatch:
            path = reverse("slips:hand-history", args=[hand.table_id])
        return "" if loopback else absolute_url(request, path)

    loopback = bool(phones_cannot_reach(request))
    return url


def withhold_qr(request: HttpRequest, data: _Printable) -> _Printable:
    """``data`` marked to say, where its QR codes would be, that the public address is a
    loopback one no phone reaches (and what to do); unchanged on a reachable address."""
    loopback_url = phones_cannot_reach(request)
    return replace(data, qr_withheld=loopback_url) if loopback_url else data


@require_GET
def hand_slip(request: HttpRequest, hand_id: int) -> HttpResponse:
    """One hand's chip-settlement slip (the dealer of its table, its device, or a director)."""
    if not request.user.is_authenticated and device_actor(request) is None:
        return redirect_to_login(request.get_full_path())
    hand = get_object_or_404(Hand.objects.select_related("table"), pk=hand_id)
    if not may_deal(request, hand.table):
        raise PermissionDenied
    data = withhold_qr(request, selectors.slip_data(hand, public_url=public_hand_url(request)))
    return pdf_response(render_slip(data), f"slip-table{hand.table.number}-hand{hand.number}.pdf")


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
    hands = selectors.event_hands(event, start=start, end=end, table=table)
    slips = [withhold_qr(request, slip) for slip in selectors.slips_data(hands, public_url=public_hand_url(request))]
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


@require_GET
@director_required
def printables(request: HttpRequest, slug: str) -> HttpResponse:
    """The director's list of an event's printables, with the time-range form for slips."""
    event = get_object_or_404(Event, slug=slug)
    tables = Table.objects.filter(event=event).order_by("number")
    context = {"event": event, "tables": tables, "section": "printables", "loopback_url": phones_cannot_reach(request)}
    return render(request, "slips/printables.html", context)


@require_GET
@director_required
def seat_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """One card per seated player, with the QR code of their private page (issued to the entries
    without a link first); without it while the public address is a loopback one."""
    event = get_object_or_404(Event, slug=slug)

    def player_url(token: str) -> str:
        return absolute_url(request, reverse("standings:me", args=[token]))

    with_links = event.status != Event.Status.FINISHED and not phones_cannot_reach(request)
    if with_links:
        issue_player_links(event, actor=request.user)
    data = withhold_qr(request, selectors.seat_cards_data(event, player_url=player_url if with_links else None))
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


@require_GET
def results(request: HttpRequest, slug: str) -> HttpResponse:
    """The results sheet (public)."""
    event = get_object_or_404(Event, slug=slug)
    return pdf_response(render_results(selectors.results_data(event)), f"results-{event.slug}.pdf")


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
def hand_history(request: HttpRequest, table_id: int) -> HttpResponse:
    """One table's hand history (public)."""
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    data = selectors.hand_history_data(table)
    return pdf_response(render_hand_history(data), f"history-{table.event.slug}-table{table.number}.pdf")
