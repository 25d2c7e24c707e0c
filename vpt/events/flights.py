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

from .models import Entry, Event

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
    advance number for a flight (1 when its director ends the day: survivors)."""
    if not is_flight(event):
        return 1
    return flight_advance_number(event) or 1
