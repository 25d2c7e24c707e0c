"""The director's money tools: the payout structure editor and the deal calculator.

Staff only. The editor saves through `set_payout_structure` (a refusal becomes a form error,
422); the deal calculator only reads: chip-chop, chip-chop with floor and ICM for the players
still in, over the prizes still to be won. The public payouts page lives in `vpt.standings`;
both read pool, structure and amounts from `vpt.events.selectors.event_payouts`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events import payouts as money
from vpt.events.flights import is_main_event
from vpt.events.models import Deal, Entry, Event
from vpt.events.selectors import event_or_404, event_standings
from vpt.festival.selectors import players_advancing
from vpt.floor.event_forms import DealForm, PayoutStructureForm, places_warning
from vpt.http import HtmxHttpRequest
from vpt.money.payout_services import set_payout_structure
from vpt.money.prizes import event_prizes
from vpt.money.selectors import event_payouts, payout_structure


@director_required
@require_http_methods(["GET", "POST"])
def payout_editor(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    structure = payout_structure(event)
    saved = False
    advancing = players_advancing(event) if is_main_event(event) else None
    if request.method == "POST":
        form = PayoutStructureForm(request.POST, advancing=advancing)
        if form.is_valid():
            try:
                set_payout_structure(
                    event,
                    percentages=form.cleaned_data["percentages"],
                    unit=form.cleaned_data["unit"],
                    actor=request.user,
                )
            except ServiceError as error:
                form.add_error(None, str(error))
            else:
                if not request.htmx and not form.warning:  # a warning: saved, and said on this page
                    return redirect(f"{reverse('floor:payout-editor', args=[event.slug])}?saved=1")
                saved = True
    else:
        initial = {"percentages": ", ".join(structure.percentages), "unit": str(structure.unit)} if structure else {}
        form = PayoutStructureForm(initial=initial, advancing=advancing)
        form.warning = places_warning(structure.places if structure else 0, advancing)
    context = {"event": event, "form": form, "saved": saved or request.GET.get("saved") == "1", **event_payouts(event)}
    status = 422 if request.method == "POST" and form.errors else 200
    return render(request, "floor/payout_editor.html", context, status=status)


def deal_context(event: Event, *, unit: Decimal, form: DealForm | None = None, **extra: Any) -> dict[str, Any]:
    """The deal calculator's page: chip-chop, with floor and ICM for the players still in, over
    the prizes still to be won; and the deal made, if any. ``extra``: a refused deal's errors."""
    # Entries still in, biggest stack first (then by name): the same order as the standings.
    active = list(event_standings(event).filter(status=Entry.Status.ACTIVE))
    info = event_payouts(event)
    made = Deal.objects.filter(event=event).prefetch_related("shares__entry__player").first()
    prizes = list(event_prizes(event).left_for(len(active)))
    context: dict[str, Any] = {
        "event": event,
        "form": form or DealForm(),
        "players": active,
        "prizes": prizes,
        "unit": unit,
        "deal": made,
        "deal_kinds": Deal.Kind,
        **info,
        **extra,
    }
    if len(active) >= 2 and made is None and any(prizes):
        stacks = [entry.stack for entry in active]
        try:
            chop = money.chip_chop(stacks, prizes, unit=unit)
            floor = money.chip_chop(stacks, prizes, unit=unit, floor=True)
            icm = money.icm_deal(stacks, prizes, unit=unit) if len(active) <= money.MAX_ICM_PLAYERS else None
        except money.PayoutError as error:
            context["error"] = str(error)
        else:
            typed = extra.get("typed", {})
            context["deal_rows"] = [
                {
                    "entry": entry,
                    "chop": chop[i],
                    "floor": floor[i],
                    "icm": icm[i] if icm else None,
                    "typed": typed.get(entry.pk, ""),
                    "typed_place": typed.get(f"place-{entry.pk}", ""),
                    "error": extra.get("field_errors", {}).get(entry.pk, ""),
                }
                for i, entry in enumerate(active)
            ]
            context["total"] = sum(prizes, Decimal("0.00"))
    return context


@director_required
@require_GET
def deal(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    form = DealForm(request.GET or None)
    unit = form.cleaned_data.get("unit") if form.is_valid() else None
    return render(request, "floor/deal.html", deal_context(event, unit=unit or Decimal("1.00"), form=form))
