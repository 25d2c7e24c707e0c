"""``GET /api/events/<slug>/tables``: every table's next hand as stored (tour.md, "JSON").

``{"event", "level", "chips_per_point", "on_break", "tables": [{"table", "status", "players",
"button", "next_hand", "next_hand_level", "next_hand_chips_per_point", "seats": [{"seat",
"name", "entry_id", "stack", "fantasyland_cards"}], "can_deal", "why_not"}]}``

``level`` and ``chips_per_point`` are the event's level in force (during a break, the chips per
point a Fantasyland hand dealt now plays at). Per table: the stored button seat (the same seat
every page and printout names; it may be empty: a dead button), the next hand's number, and the
level and chips per point it was dealt at (``null`` while it is not dealt); ``seats`` are the
occupied seats in payment order, the button last; ``why_not`` is the code of why the table
deals no hand now (``too_few_players``, ``on_break``, ``table_closed``, ``event_finished``).
A hidden person's name is "Hidden player".
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from vpt.events.models import Event
from vpt.events.selectors import chips_per_point_in_force
from vpt.seating.models import Seat
from vpt.seating.next_hand import next_hand
from vpt.tables.models import Table


def tables_json(event: Event) -> dict[str, Any]:
    """The body of ``/api/events/<slug>/tables``: 2 queries (3 during a break)."""
    occupied = Seat.objects.filter(entry__isnull=False).select_related("entry__player__person__merged_into")
    tables = (
        Table.objects.filter(event=event)
        .select_related("next_level")
        .prefetch_related(Prefetch("seat_set", queryset=occupied, to_attr="occupied"))
        .order_by("number")
    )
    _level, chips_per_point = chips_per_point_in_force(event)
    rows = []
    for table in tables:
        upcoming = next_hand(table, event, getattr(table, "occupied"))  # noqa: B009 (the prefetch above)
        rows.append(
            {
                "table": table.number,
                "status": table.status,
                "players": len(upcoming.seats),
                "button": upcoming.button_seat,
                "next_hand": upcoming.number,
                "next_hand_level": upcoming.level.number if upcoming.level else None,
                "next_hand_chips_per_point": upcoming.chips_per_point,
                "seats": [
                    {
                        "seat": seat.number,
                        "name": seat.occupant.public_name,
                        "entry_id": seat.entry_id,
                        "stack": seat.occupant.stack,
                        "fantasyland_cards": seat.fantasyland_cards,
                    }
                    for seat in upcoming.seats
                ],
                "can_deal": upcoming.can_deal,
                "why_not": upcoming.why_not,
            }
        )
    return {
        "event": event.slug,
        "level": event.current_level.number if event.current_level else None,
        "chips_per_point": chips_per_point,
        "on_break": event.status == Event.Status.ON_BREAK,
        "tables": rows,
    }
