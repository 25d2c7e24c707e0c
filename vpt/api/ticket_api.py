"""A person's tickets as JSON, for directors only (festival.md, "JSON"):
``GET /api/people/<id>/tickets`` → ``{"person_id", "tickets": [{"id", "event", "value", "won_in",
"status", "entry_id"}]}``.

``event`` and ``won_in`` are event slugs (``won_in`` null for a ticket a tour final awarded),
``value`` a string with 2 decimals, ``status`` one of issued, used, cancelled, ``entry_id`` the
entry the ticket paid (null otherwise). A merged person's id answers for the person they were
merged into, whose tickets include theirs. Anyone but a director (a dealer, a table's device,
nobody signed in) gets 403 before the id is looked at; an unknown id 404. The ETag is a digest of
the answer, so a client polling it gets 304 while nothing changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import is_director
from vpt.events.ticket_models import Ticket
from vpt.events.ticket_selectors import person_tickets
from vpt.live import conditional, digest
from vpt.people.models import Person
from vpt.people.selectors import canonical

__all__ = ["person_tickets_api", "tickets_json"]


def tickets_json(person_id: int, tickets: Iterable[Ticket]) -> dict[str, Any]:
    """The answer's shape (the tickets with their `event` and `won_in` loaded)."""
    return {
        "person_id": person_id,
        "tickets": [
            {
                "id": ticket.pk,
                "event": ticket.event.slug,
                "value": str(ticket.value.quantize(Decimal("0.01"))),
                "won_in": ticket.won_in.slug if ticket.won_in is not None else None,
                "status": ticket.status,
                "entry_id": ticket.entry_id,
            }
            for ticket in tickets
        ],
    }


@require_GET
def person_tickets_api(request: HttpRequest, person_id: int) -> HttpResponseBase:
    if not is_director(request.user):
        return JsonResponse({"error": _("Only a tournament director may do this."), "code": "forbidden"}, status=403)
    person = Person.objects.select_related("merged_into").filter(pk=person_id).first()
    if person is None:
        message = _("No person has the number %(value)s.") % {"value": person_id}
        return JsonResponse({"error": message, "code": "no_person"}, status=404)
    person = canonical(person)
    body = json.dumps(tickets_json(person.pk, person_tickets(person)))
    tag = f'"t{person.pk}.{digest(body)}"'
    return conditional(request, lambda: HttpResponse(body, content_type="application/json"), etag=tag, shared=False)
