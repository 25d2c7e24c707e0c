"""A hand's chip-settlement slip as a PDF, for the dealer assigned to the hand's table, its
device, or a director."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from vpt.pages.documents import pdf_response, public_hand_url, withhold_qr
from vpt.rounds.models import Hand
from vpt.slips import hand_slips
from vpt.slips.slip import render_slip
from vpt.tables.permissions import device_actor, may_deal


@require_GET
def hand_slip(request: HttpRequest, hand_id: int) -> HttpResponse:
    """One hand's chip-settlement slip (the dealer of its table, its device, or a director)."""
    if not request.user.is_authenticated and device_actor(request) is None:
        return redirect_to_login(request.get_full_path())
    hand = get_object_or_404(Hand.objects.select_related("table"), pk=hand_id)
    if not may_deal(request, hand.table):
        raise PermissionDenied
    data = withhold_qr(request, hand_slips.slip_data(hand, public_url=public_hand_url(request, "public:table")))
    return pdf_response(render_slip(data), f"slip-table{hand.table.number}-hand{hand.number}.pdf")
