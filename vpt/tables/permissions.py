"""The dealer's check, done once per request: "is this user the dealer of this table?"

Like pretix's ``event_permission_required``: the decorator loads the table named by the URL,
answers 404 when there is none and 403 when the user may not deal it, and hands the loaded
table to the view, so no view repeats the check.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse

from vpt.accounts.permissions import View, can_deal, dealer_required

from .models import Table


def table_dealer_required(view: View) -> View:
    """Log in, then only the table's dealer or a director; the view gets ``table`` (event, level, dealer loaded)."""

    @wraps(view)
    def wrapper(request: HttpRequest, table_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        table = Table.objects.select_related("event__current_level", "dealer").filter(pk=table_id).first()
        if table is None:
            raise Http404
        if not can_deal(request.user, dealer_id=table.dealer_id):
            raise PermissionDenied
        return view(request, *args, table=table, **kwargs)

    return dealer_required(wrapper)
