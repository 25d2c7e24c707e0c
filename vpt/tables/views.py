"""The director's table tools: who deals each table (the overview lives in `vpt.seating`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.http import HtmxHttpRequest

from .forms import AssignDealerForm
from .models import Table
from .services import assign_dealer


@director_required
@require_POST
def assign(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    form = AssignDealerForm(request.POST)
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
    return redirect("seating:tables-overview", slug=table.event.slug)
