"""Making and undoing a deal at the final table, from the deal calculator (staff only).

Served under /floor/events/<slug>/deal/... in the `events` namespace (vpt/urls.py); it lives in
seating because a deal needs the players left at one table, which only seating knows. The
first POST answers with a confirmation naming every amount; the second (``confirm=1``) makes
the deal (`vpt.money.deals.apply_deal`). A refused deal comes back on the calculator's page
with the message on the field it names, and nothing is saved.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Deal, Entry, Event
from vpt.events.money_format import format_money
from vpt.floor.confirmation import Confirmation, confirmed, render_confirmation
from vpt.floor.outcome import run_service
from vpt.floor.payout_views import deal_context
from vpt.money.deals import apply_deal, close_event, parse_amount, plan_deal, undo_deal, undo_deal_effects
from vpt.seating.selectors import tables_in_play
from vpt.tables.services import end_sign_in_cards

UNITS = {"0.01", "1.00", "5.00", "10.00"}


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("current_level"), slug=slug)


def _typed(
    request: HttpRequest, players: list[Entry]
) -> tuple[dict[Any, str], dict[int, str], dict[int, Decimal], dict[int, int]]:
    """What the director typed per player: the raw text, the errors, the amounts and places."""
    typed: dict[Any, str] = {}
    errors: dict[int, str] = {}
    amounts: dict[int, Decimal] = {}
    places: dict[int, int] = {}
    for entry in players:
        text = request.POST.get(f"amount-{entry.pk}", "").strip()
        place = request.POST.get(f"place-{entry.pk}", "").strip()
        typed[entry.pk], typed[f"place-{entry.pk}"] = text, place
        if not text:
            errors[entry.pk] = _("%(name)s: enter an amount.") % {"name": entry}
        else:
            try:
                amounts[entry.pk] = parse_amount(text, name=str(entry))
            except ServiceError as error:
                errors[entry.pk] = str(error)
        if place:
            if place.isdigit() and int(place) > 0:
                places[entry.pk] = int(place)
            else:
                errors[entry.pk] = _("%(name)s: a place is a whole number from 1.") % {"name": entry}
    return typed, errors, amounts, places


def _refused(request: HttpRequest, event: Event, unit: Decimal, **extra: Any) -> HttpResponse:
    context = deal_context(event, unit=unit, **extra)
    return render(request, "floor/deal.html", context, status=422)


@director_required
@require_POST
def apply(request: HttpRequest, slug: str) -> HttpResponse:
    """Confirm, then make the deal of the kind posted (chip-chop, ICM or the amounts agreed)."""
    event = _event(slug)
    kind = request.POST.get("kind", "")
    unit = Decimal(request.POST["unit"]) if request.POST.get("unit") in UNITS else Decimal("0.01")
    players = list(Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).select_related("player"))
    amounts: dict[int, Decimal] | None = None
    places: dict[int, int] | None = None
    typed: dict[Any, str] = {}
    if kind == Deal.Kind.AGREED:
        typed, errors, amounts, places = _typed(request, players)
        if errors:
            return _refused(request, event, unit, typed=typed, field_errors=errors)
    tables = tables_in_play(event)
    try:
        if tables > 1:
            raise ServiceError(
                _("The players left are still at %(count)s tables: a deal is made at one final table.")
                % {"count": tables},
                code="two_tables",
            )
        plan = plan_deal(event, kind=kind, amounts=amounts, places=places or None, unit=unit)
        if not confirmed(request):
            fields = [
                (key, str(value))
                for key, value in request.POST.items()
                if key not in ("csrfmiddlewaretoken", "confirm")
            ]
            return render_confirmation(
                request,
                event,
                Confirmation(
                    title=_("Make the deal"),
                    text=_("%(kind)s: the players left share %(total)s (what is left of the pool); the event finishes.")
                    % {"kind": Deal.Kind(kind).label, "total": format_money(plan.total)},
                    details=[
                        _("Place %(place)s: %(name)s, %(chips)s chips: %(amount)s")
                        % {
                            "place": share.place,
                            "name": share.entry,
                            "chips": number_format(share.chips, force_grouping=True),
                            "amount": format_money(share.amount),
                        }
                        for share in plan.shares
                    ],
                    action=reverse("floor:deal-apply", args=[event.slug]),
                    fields=fields,
                    button=_("Make the deal"),
                    cancel=reverse("floor:deal", args=[event.slug]),
                    danger=False,
                ),
            )
        apply_deal(
            event,
            kind=kind,
            amounts=amounts,
            places=places or None,
            unit=unit,
            tables_in_play=tables,
            actor=request.user,
        )
    except ServiceError as error:
        field_errors = {error.details["entry_id"]: str(error)} if error.details.get("entry_id") else {}
        return _refused(request, event, unit, typed=typed, field_errors=field_errors, deal_error=str(error))
    messages.success(request, _("Deal made: the event is finished and every player has a place."))
    return redirect("floor:deal", slug=event.slug)


@director_required
@require_POST
def undo(request: HttpRequest, slug: str) -> HttpResponse:
    """Confirm (naming each share taken back and each prize already paid out), then undo."""
    event = _event(slug)
    if not confirmed(request):
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Undo the deal"),
                text=_("The deal is taken back: the players are in again, with no places, and the event runs again."),
                details=undo_deal_effects(event),
                action=reverse("floor:deal-undo", args=[event.slug]),
                button=_("Undo the deal"),
                cancel=reverse("floor:deal", args=[event.slug]),
            ),
        )
    run_service(request, _("Deal undone: the players are in again."), lambda: undo_deal(event, actor=request.user))
    return redirect("floor:deal", slug=event.slug)


@director_required
@require_POST
def close(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    if not confirmed(request):
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Close the event"),
                text=_("The results become final: a deal can no longer be undone."),
                action=reverse("floor:close", args=[event.slug]),
                button=_("Close the event"),
                cancel=reverse("floor:deal", args=[event.slug]),
            ),
        )

    def close_and_end_sign_in() -> None:
        close_event(event, actor=request.user)
        end_sign_in_cards(event, actor=request.user)

    run_service(request, _("Event closed."), close_and_end_sign_in)
    return redirect("floor:deal", slug=event.slug)
