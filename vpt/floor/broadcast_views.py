"""The stream, for the director (floor.md, "The featured table").

feature      POST from the tables overview: mark a table as featured on the stream, or take the
             mark off (`vpt.tables.featured.set_table_featured`, audited).
broadcast    ``/floor/events/<slug>/broadcast/``: the URLs to paste into OBS as browser sources
             (1920×1080), each with a preview: every featured table's page, the chip leaders'
             lower third and the clock. The pages themselves are public (`vpt.public`).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.http import HtmxHttpRequest
from vpt.tables.featured import set_table_featured
from vpt.tables.models import Table


@director_required
@require_POST
def feature(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("event"), pk=table_id)
    featured = request.POST.get("featured") == "1"
    try:
        set_table_featured(table, featured=featured, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        text = _("%(table)s is featured on the stream.") if featured else _("%(table)s is no longer featured.")
        messages.success(request, text % {"table": table})
    if request.POST.get("back") == "broadcast":
        return redirect("floor:broadcast", slug=table.event.slug)
    return redirect("floor:tables-overview", slug=table.event.slug)


@director_required
@require_GET
def broadcast(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    featured = list(Table.objects.filter(event=event, featured=True).order_by("number"))

    def url(name: str, *args: object) -> str:
        return request.build_absolute_uri(reverse(name, args=[event.slug, *args]))

    sources = [
        {"name": str(table), "url": url("public:broadcast-table", table.number), "table": table} for table in featured
    ]
    sources += [
        {"name": _("Chip leaders (lower third)"), "url": url("public:broadcast-chips"), "table": None},
        {"name": _("Clock"), "url": url("public:broadcast-clock"), "table": None},
    ]
    context = {"event": event, "sources": sources, "featured": featured}
    return render(request, "floor/broadcast.html", context)
