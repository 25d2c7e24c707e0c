"""The director's table tools and the tables' sign-in.

assign dealer   POST from the tables overview (which lives in `vpt.seating`).
dealers page    ``/floor/tables/event/<slug>/dealers/``: the event's dealer accounts (create one
                with a generated password shown once, deactivate) and each table's sign-in
                card (print a new one: `vpt.floor.sign_in_views`; revoke).
sign-in         ``/tables/sign-in/<token>/``, the URL on a table's sign-in card: the page asks
                "Sign in this device?", and its POST signs this browser in as that table's
                device (`vpt.tables.permissions`) and opens the table's page. A link preview
                that fetches the URL signs nothing in. A bad, revoked or finished event's token
                is refused (403), and so is a card that has signed in as many devices as it
                allows (409). The token is kept out of the logs (`vpt.log_redaction`).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.floor.table_forms import AssignDealerForm, CreateDealerForm, dealer_options
from vpt.http import HtmxHttpRequest, phones_cannot_reach
from vpt.tables.models import EventDealer, Table, TableDevice, TableSignIn
from vpt.tables.services import (
    assign_dealer,
    create_dealer,
    deactivate_dealer,
    revoke_table_token,
    sign_out_table_device,
)


@director_required
@require_POST
def assign(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    form = AssignDealerForm(request.POST, event=table.event)
    if form.is_valid():
        try:
            assign_dealer(table, dealer=form.cleaned_data["dealer"], actor=request.user)
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            dealer = form.cleaned_data["dealer"]
            messages.success(
                request,
                _("%(table)s: dealer %(dealer)s.")
                % {"table": table, "dealer": dealer.get_username() if dealer else _("none")},
            )
    else:
        messages.error(request, _("Choose a dealer from the list."))
    if request.POST.get("back") == "dealers":
        return redirect("floor:dealers", slug=table.event.slug)
    return redirect("floor:tables-overview", slug=table.event.slug)


def _dealers_context(request: HttpRequest, event: Event, form: CreateDealerForm, created: Any = None) -> dict[str, Any]:
    dealers = list(
        EventDealer.objects.filter(event=event)
        .select_related("user")
        .prefetch_related(Prefetch("user__dealt_tables", queryset=Table.objects.filter(event=event).order_by("number")))
        .order_by("user__username")
    )
    event_dealers, other_accounts = dealer_options(event)
    signed_in = TableSignIn.objects.filter(signed_out_at__isnull=True).order_by("signed_in_at")
    live = (
        TableDevice.objects.filter(revoked_at__isnull=True)
        .select_related("created_by")
        .prefetch_related(Prefetch("sign_ins", queryset=signed_in, to_attr="signed_in"))
    )
    tables = list(
        Table.objects.filter(event=event, status=Table.Status.OPEN)
        .select_related("dealer")
        .prefetch_related(Prefetch("devices", queryset=live, to_attr="live_devices"))
        .order_by("number")
    )
    return {
        "event": event,
        "section": "dealers",
        "dealers": dealers,
        "event_dealers": event_dealers,
        "other_accounts": other_accounts,
        "tables": tables,
        "form": form,
        "created": created,
        "finished": event.status == Event.Status.FINISHED,
        "loopback_url": phones_cannot_reach(request),
    }


@director_required
@never_cache
@require_http_methods(["GET", "POST"])
def dealers(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's dealers and its tables' sign-in cards; POST creates a dealer and shows the
    password this once (the page is not cached, and the password is stored only hashed)."""
    event = get_object_or_404(Event, slug=slug)
    form = CreateDealerForm(request.POST if request.method == "POST" else None)
    created = None
    if request.method == "POST" and form.is_valid():
        try:
            created = create_dealer(event, name=form.cleaned_data["name"], actor=request.user)
        except ServiceError as error:
            form.add_error("name", str(error))
        else:
            form = CreateDealerForm()
    return render(request, "floor/dealers.html", _dealers_context(request, event, form, created))


@director_required
@require_POST
def deactivate(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    link = get_object_or_404(EventDealer.objects.select_related("user"), event=event, user_id=user_id)
    try:
        deactivate_dealer(event, user=link.user, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(user)s can no longer log in.") % {"user": link.user.get_username()})
    return redirect("floor:dealers", slug=event.slug)


@director_required
@require_POST
def revoke(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    try:
        revoked = revoke_table_token(table, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        if revoked:
            messages.success(request, _("%(table)s: its sign-in card no longer works.") % {"table": table})
        else:
            messages.info(request, _("%(table)s had no sign-in card in use.") % {"table": table})
    return redirect("floor:dealers", slug=table.event.slug)


@director_required
@require_POST
def sign_out(request: HttpRequest, sign_in_id: int) -> HttpResponse:
    """The director signs one device out of its table (the Dealers page)."""
    signed_in = get_object_or_404(TableSignIn.objects.select_related("device__table__event"), pk=sign_in_id)
    sign_out_table_device(signed_in, actor=request.user)
    messages.success(request, _("%(table)s: the device was signed out.") % {"table": signed_in.device.table})
    return redirect("floor:dealers", slug=signed_in.device.table.event.slug)
