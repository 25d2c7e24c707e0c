"""A PDF answer, and the QR targets printed on slips and sign-in cards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from vpt.http import absolute_url, phones_cannot_reach
from vpt.rounds.models import Hand
from vpt.slips.data import SeatCardData, SlipData
from vpt.slips.festival import BagLabelData

_Printable = TypeVar("_Printable", SlipData, SeatCardData, BagLabelData)


def pdf_response(pdf: bytes, filename: str, *, download: bool = False) -> HttpResponse:
    """The PDF shown in the browser (``inline``), saved under ``filename`` if the user saves it;
    with `download`, saved at once (``attachment``): a file to print elsewhere or keep."""
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'{"attachment" if download else "inline"}; filename="{filename}"'
    response["Cache-Control"] = "no-store"  # a corrected hand prints its new numbers at once
    return response


def public_hand_url(request: HttpRequest, table_page: str) -> Callable[[Hand], str]:
    """The QR code's target: the hand on its table's public page (the URL named `table_page`,
    the audience's: the page of hands that starts with it, scrolled to it). On the
    public address (``VPT_PUBLIC_URL``) when set, not on the host the dealer's tablet typed; none
    (the slip prints without a QR code) when that address is a loopback one no phone reaches."""

    def url(hand: Hand) -> str:
        path = reverse(table_page, kwargs={"slug": hand.event.slug, "number": hand.table.number})
        path += f"?upto={hand.number}#hand-{hand.number}"
        return "" if loopback else absolute_url(request, path)

    loopback = bool(phones_cannot_reach(request))
    return url


def withhold_qr(request: HttpRequest, data: _Printable) -> _Printable:
    """``data`` marked to say, where its QR codes would be, that the public address is a
    loopback one no phone reaches (and what to do); unchanged on a reachable address."""
    loopback_url = phones_cannot_reach(request)
    return replace(data, qr_withheld=loopback_url) if loopback_url else data


def sign_in_url(request: HttpRequest, token: str, sign_in_page: str) -> str:
    """The absolute URL a table's card carries (the URL named `sign_in_page`, the dealer
    audience's): on the public address (``VPT_PUBLIC_URL``) when one is set, else on the host
    this request came to."""
    return absolute_url(request, reverse(sign_in_page, args=[token]))
