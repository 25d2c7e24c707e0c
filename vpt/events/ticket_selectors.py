"""Reading tickets (festival.md, "Satellites and tickets"; the model: `ticket_models`).

holder      the person a ticket belongs to is the person they now are: a ticket issued to a
            person later merged into another is that other person's (and theirs again when
            the merge is undone). `holder_ids` names every person id whose tickets one
            person holds.
pays here   a ticket to an event pays an entry of that event or, for a main event, of any of
            its flights (registering in a flight is registering in the main event).
withdrawn   a ticket a reopened satellite took back: cancelled, never paid in cash. It counts
            nowhere (no cash report, no player's page) but the director's list of the person's
            tickets and the JSON.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from vpt.people.models import Person
from vpt.people.selectors import canonical, person_ids_merged_into

from .models import Event
from .ticket_models import Ticket

__all__ = [
    "held_by",
    "holder_ids",
    "is_withdrawn",
    "payable_events",
    "people_holding_tickets",
    "person_tickets",
    "tickets_of_event",
]


def holder_ids(person: Person) -> list[int]:
    """The person ``person`` now is, and the people merged into them: 1 or 2 queries."""
    person = canonical(person)
    return [person.pk, *person_ids_merged_into(person)]


def payable_events(event: Event) -> list[int]:
    """The events whose tickets pay an entry of ``event``: itself and, for a flight, its main event."""
    return [event.pk] if event.main_event_id is None else [event.pk, event.main_event_id]


def is_withdrawn(ticket: Ticket) -> bool:
    return ticket.status == Ticket.Status.CANCELLED and ticket.cashed is None


def _held_by(person_ids: set[int]) -> Q:
    return Q(person_id__in=person_ids) | Q(person__merged_into_id__in=person_ids)


def held_by(person: Person) -> Q:
    """A filter of tickets: those ``person`` holds (the merge of ``person`` loaded: no query)."""
    return _held_by({canonical(person).pk})


def person_tickets(person: Person) -> list[Ticket]:
    """Every ticket ``person`` holds (withdrawn ones too), oldest first, with the target, where it
    was won and the entry it paid: 1 query (2 when the person's merge is not loaded)."""
    return list(
        Ticket.objects.filter(held_by(person))
        .select_related("event", "won_in", "entry__player", "person")
        .order_by("created_at", "id")
    )


def people_holding_tickets(person_ids: Iterable[int]) -> set[int]:
    """Which of these people (ids of the people they now are) hold a ticket to any event, in any
    status: 1 query."""
    wanted = set(person_ids)
    rows = Ticket.objects.filter(_held_by(wanted)).values_list("person_id", "person__merged_into_id").distinct()
    return {merged_into_id or person_id for person_id, merged_into_id in rows}


def tickets_of_event(event: Event) -> list[Ticket]:
    """The tickets ``event`` awarded (a satellite's) and the tickets that pay its entries (a
    target's, or its main event's for a flight), with their holders, targets and the entries
    they paid: 1 query."""
    return list(
        Ticket.objects.filter(Q(won_in=event) | Q(event_id__in=payable_events(event)))
        .select_related("person", "event", "won_in", "entry__player")
        .order_by("created_at", "id")
    )
