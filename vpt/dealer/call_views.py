"""The dealer's "Call the floor" (floor.md, "Calls"): ``POST /tables/<id>/call/`` with a reason
and an optional note calls the floor to the table (`call_floor`); ``GET`` answers the call's
state alone, the fragment the dealer's page polls so *On my way* shows without a reload. The
table's dealer, its device or a director."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from vpt.errors import NotAllowed, ServiceError
from vpt.seating.calls import DEALER_REASONS, call_floor, open_call_of
from vpt.tables.contact import note_contact
from vpt.tables.models import Table
from vpt.tables.permissions import table_actor, table_dealer_required


def call_context(table: Table) -> dict[str, object]:
    """What the call panel shows: the table's open call, if any, and the reasons to choose."""
    return {"table": table, "call": open_call_of(table=table), "reasons": DEALER_REASONS}


@table_dealer_required
@require_http_methods(["GET", "POST"])
def call(request: HttpRequest, *, table: Table) -> HttpResponse:
    note_contact(table.pk)  # the page polls this every 10 s: the floor's "device last contact"
    if request.method == "GET":
        return render(request, "dealer/_floor_call.html", call_context(table))
    try:
        made = call_floor(
            table,
            actor=table_actor(request, table),
            reason=request.POST.get("reason", ""),
            note=request.POST.get("note", ""),
        )
    except NotAllowed:
        raise PermissionDenied from None
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("You have called the floor already: the floor is on the way.")
            if made.repeated
            else _("The floor is called."),
        )
    if request.headers.get("HX-Request") == "true":
        return render(request, "dealer/_floor_call.html", call_context(table))
    return redirect("dealer:table", table_id=table.pk)
