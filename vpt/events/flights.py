"""The rules a flight of a main event needs while its hands are recorded (festival.md,
"Flights and the main event").

flight          an event whose `main_event` is set (Day 1A, 1B...): its own tables, levels,
                entries and hands; the main event holds the advance rule.
advance number  the players left at which a flight stops: `{"kind": "fraction", "value": v}`
                takes ceil(v × the flight's entries), at least 2; `{"kind": "survivors"}`
                plays on until the director ends the day (`vpt.festival.services.end_day`).
advancing       an entry still in when its flight finished: it holds no place in the flight
                and goes on to Day 2 (unless the best-stack policy withdraws it).
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from vpt.errors import Conflict

from .models import Entry, Event, FlightPolicy
from .satellites import satellite_seats

DEFAULT_ADVANCE: dict[str, Any] = {"kind": "fraction", "value": 0.15}


def advance_rule(main_event: Event) -> dict[str, Any]:
    """The main event's advance rule, the default (15%) when none is set."""
    rule = main_event.advance or {}
    if rule.get("kind") == "survivors":
        return {"kind": "survivors"}
    if rule.get("kind") == "fraction":
        return {"kind": "fraction", "value": rule.get("value", DEFAULT_ADVANCE["value"])}
    return dict(DEFAULT_ADVANCE)


def advance_number(rule: dict[str, Any], entries: int) -> int | None:
    """The players left at which a flight of `entries` entries stops; None for "survivors".

    >>> advance_number({"kind": "fraction", "value": 0.15}, 100)
    15
    >>> advance_number({"kind": "fraction", "value": 0.15}, 101)
    16
    >>> advance_number({"kind": "fraction", "value": 0.15}, 6)
    2
    >>> advance_number({"kind": "survivors"}, 50) is None
    True
    """
    if rule.get("kind") == "survivors":
        return None
    value = Decimal(str(rule.get("value", DEFAULT_ADVANCE["value"])))
    return max(2, math.ceil(value * entries))


def is_flight(event: Event) -> bool:
    return event.main_event_id is not None


def flight_advance_number(flight: Event) -> int | None:
    """The advance number of a flight (None: the director ends the day), counting every entry
    of the flight (re-entries too)."""
    assert flight.main_event is not None
    entries = Entry.objects.filter(event=flight).count()
    return advance_number(advance_rule(flight.main_event), entries)


def players_to_finish_at(event: Event) -> int:
    """The entries still in at which `event` is finished: 1 for a plain event (or Day 2), the
    advance number for a flight (1 when its director ends the day: survivors), the seats of a
    satellite (at least 1)."""
    if not is_flight(event):
        if event.target_id is not None:
            return max(1, satellite_seats(event) or 1)
        return 1
    return flight_advance_number(event) or 1


def is_main_event(event: Event) -> bool:
    """A main event has an advance rule (`create_main_event` sets one): no query."""
    return bool(event.advance) and event.main_event_id is None


def main_event_of(event: Event) -> Event | None:
    """The main event a flight plays into, or the main event itself; None for a plain event."""
    if is_main_event(event):
        return event
    return event.main_event if event.main_event_id is not None else None


def pool_entries(main_event: Event) -> Any:
    """Every entry whose buy-in goes into a main event's pool: every entry of every flight,
    and Day 2's (which carry a flight's stack and pay nothing more)."""
    from django.db.models import Q

    return Entry.objects.filter(Q(event=main_event) | Q(event__main_event=main_event))


def entry_price(event: Event, number: int) -> tuple[Decimal, Decimal]:
    """The buy-in and fee of the entry numbered `number`: a flight's entries pay the main
    event's prices (a re-entry its re-entry prices)."""
    main = event.main_event if event.main_event_id is not None else None
    return (main or event).price_of_entry(number)


def advanced_from(main_event: Event, person_ids: list[int], *, exclude: Event | None = None) -> Event | None:
    """The first finished flight of `main_event` (other than `exclude`) in which one of
    `person_ids` is still in: the flight they advanced from, or None."""
    flights = Event.objects.filter(main_event=main_event, status=Event.Status.FINISHED)
    if exclude is not None:
        flights = flights.exclude(pk=exclude.pk)
    entry = (
        Entry.objects.filter(
            event__in=flights, status=Entry.Status.ACTIVE, withdrawn=False, player__person_id__in=person_ids
        )
        .select_related("event")
        .order_by("event__created_at", "event_id")
        .first()
    )
    return entry.event if entry is not None else None


def flight_label(flight: Event) -> str:
    """ "Day 1A" for the flight `main-1a` of the main event `main`; the flight's name otherwise."""
    main = flight.main_event
    prefix = f"{main.slug}-" if main is not None else ""
    if prefix and flight.slug.startswith(prefix):
        return str(_("Day %(label)s") % {"label": flight.slug[len(prefix) :].upper()})
    return flight.name


def check_may_enter_flight(event: Event, person: Any) -> None:
    """Under the "first_stack" policy a person who advanced from a flight cannot enter another:
    refused, naming the flight (`ServiceError`). Anything else may enter."""
    main = event.main_event if event.main_event_id is not None else None
    if main is None or main.flight_policy != FlightPolicy.FIRST_STACK:
        return
    from vpt.people.models import Person

    ids = [person.pk, *Person.objects.filter(merged_into=person).values_list("pk", flat=True)]
    flight = advanced_from(main, ids, exclude=event)
    if flight is not None:
        raise Conflict(
            _("%(name)s advanced from %(flight)s: who has advanced cannot play another flight.")
            % {"name": person.name, "flight": flight_label(flight)},
            code="already_advanced",
        )
