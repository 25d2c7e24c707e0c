"""Reads for tables."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from .models import Table


def dealer_tables(user: Any) -> QuerySet[Table]:
    """The open tables assigned to `user`: 1 query."""
    return (
        Table.objects.filter(dealer_id=user.pk, status=Table.Status.OPEN)
        .select_related("event")
        .order_by("event__name", "number")
    )
