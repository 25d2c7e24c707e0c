"""``GET /api/events/<slug>/tables``: every table's next hand as stored (tour.md, "JSON").

``{"event", "level", "chips_per_point", "on_break", "tables": [{"table", "status", "players",
"button", "next_hand", "next_hand_level", "next_hand_chips_per_point", "seats": [{"seat",
"name", "entry_id", "stack", "fantasyland_cards"}], "can_deal", "why_not", "waiting_for",
"pace_per_hour", "hands_this_level", "hands_behind", "minutes_since_last_hand",
"minutes_since_contact", "open_calls", "disputes", "lone_player", "fantasyland_pending"}],
"hand_for_hand", "hand_for_hand_round"}``

``level`` and ``chips_per_point`` are the event's level in force (during a break, the chips per
point a Fantasyland hand dealt now plays at). Per table: the stored button seat (the same seat
every page and printout names; it may be empty: a dead button), the next hand's number, and the
level and chips per point it was dealt at (``null`` while it is not dealt); ``seats`` are the
occupied seats in payment order, the button last; ``why_not`` is the code of why the table
deals no hand now (``too_few_players``, ``on_break``, ``table_closed``, ``event_finished``,
``hand_for_hand``, ``waiting_for_tables``), ``waiting_for`` the tables it waits for then. The
pace and health fields (`vpt.rounds.table_health`; README, "Floor codes and fields") are
``null`` for a broken table. A hidden person's name is "Hidden player".
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from vpt.events.models import Event
from vpt.events.selectors import chips_per_point_in_force
from vpt.rounds.hand_for_hand import tables_still_playing
from vpt.rounds.table_health import health_json, table_health
from vpt.seating.models import Seat
from vpt.seating.next_hand import HAND_FOR_HAND, WAITING_FOR_TABLES, next_hand
from vpt.seating.pace import held_tables, step_counts
from vpt.tables.models import Table

HEALTH_FIELDS = (
    "pace_per_hour",
    "hands_this_level",
    "hands_behind",
    "minutes_since_last_hand",
    "minutes_since_contact",
    "open_calls",
    "disputes",
    "lone_player",
    "fantasyland_pending",
)


def seat_json(seat: Seat) -> dict[str, Any]:
    """An occupied seat as the public JSON gives it (its entry loaded with its person)."""
    return {
        "seat": seat.number,
        "name": seat.occupant.public_name,
        "entry_id": seat.entry_id,
        "stack": seat.occupant.stack,
        "fantasyland_cards": seat.fantasyland_cards,
    }


def tables_json(event: Event, *, now: datetime | None = None) -> dict[str, Any]:
    """The body of ``/api/events/<slug>/tables``: 6 queries (one more during a break, in
    hand-for-hand, or while tables are kept in step)."""
    occupied = Seat.objects.filter(entry__isnull=False).select_related("entry__player__person__merged_into")
    rows_of_tables = (
        Table.objects.filter(event=event)
        .select_related("next_level")
        .prefetch_related(Prefetch("seat_set", queryset=occupied, to_attr="occupied"))
        .order_by("number")
    )
    _level, chips_per_point = chips_per_point_in_force(event)
    tables = list(rows_of_tables)
    held = held_tables(event, [table for table in tables if not table.is_dealt]) if event.max_hands_ahead else set()
    upcoming_of = {
        table.pk: next_hand(table, event, table.occupied, held=table.pk in held)  # type: ignore[attr-defined]
        for table in tables
    }
    open_tables = [
        (table, len(upcoming_of[table.pk].seats), bool(upcoming_of[table.pk].fantasyland))
        for table in tables
        if table.is_open
    ]
    health = table_health(event, open_tables, now=now or timezone.now())
    still_playing = tables_still_playing(event)
    slowest = step_counts(event).slowest() if held else []
    rows = []
    for table in tables:
        upcoming = upcoming_of[table.pk]
        waiting: list[int] = []
        if upcoming.why_not == HAND_FOR_HAND:
            waiting = [number for number in still_playing if number != table.number]
        elif upcoming.why_not == WAITING_FOR_TABLES:
            waiting = slowest
        rows.append(
            {
                "table": table.number,
                "status": table.status,
                "players": len(upcoming.seats),
                "button": upcoming.button_seat,
                "next_hand": upcoming.number,
                "next_hand_level": upcoming.level.number if upcoming.level else None,
                "next_hand_chips_per_point": upcoming.chips_per_point,
                "seats": [seat_json(seat) for seat in upcoming.seats],
                "can_deal": upcoming.can_deal,
                "why_not": upcoming.why_not,
                "waiting_for": waiting,
                **(health_json(health[table.pk]) if table.pk in health else dict.fromkeys(HEALTH_FIELDS)),
            }
        )
    return {
        "event": event.slug,
        "level": event.current_level.number if event.current_level else None,
        "chips_per_point": chips_per_point,
        "on_break": event.status == Event.Status.ON_BREAK,
        "hand_for_hand": event.hand_for_hand,
        "hand_for_hand_round": event.hand_for_hand_round if event.hand_for_hand else None,
        "tables": rows,
    }
