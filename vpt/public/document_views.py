"""The public PDFs: an event's results sheet and a table's hand history."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from vpt.events.models import Event
from vpt.pages.documents import pdf_response
from vpt.slips import hand_slips, selectors
from vpt.slips.documents import render_hand_history, render_results
from vpt.tables.models import Table


@require_GET
def results(request: HttpRequest, slug: str) -> HttpResponse:
    """The results sheet (public)."""
    event = get_object_or_404(Event, slug=slug)
    return pdf_response(render_results(selectors.results_data(event)), f"results-{event.slug}.pdf")


@require_GET
def hand_history(request: HttpRequest, table_id: int) -> HttpResponse:
    """One table's hand history (public)."""
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    data = hand_slips.hand_history_data(table)
    return pdf_response(render_hand_history(data), f"history-{table.event.slug}-table{table.number}.pdf")
