"""What a table that deals no hand waits for (floor.md, "Hand-for-hand", "Pace"): the tables
it waits for and, where it can be told, about how long.

wait       for `why_not: "hand_for_hand"`, the open tables still playing the round
           (`vpt.rounds.hand_for_hand.tables_still_playing`); a Fantasyland hand among them is
           estimated from the event's Fantasyland allowance. For `waiting_for_tables` (keep
           tables in step), the slowest tables and their estimate (`vpt.rounds.pace`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from django.utils import timezone

from vpt.events.models import Event
from vpt.seating.models import Seat
from vpt.seating.next_hand import HAND_FOR_HAND, WAITING_FOR_TABLES
from vpt.tables.models import Table

from .hand_for_hand import tables_still_playing
from .pace import step_wait

__all__ = ["Wait", "table_wait"]


@dataclass(frozen=True)
class Wait:
    """The tables a table waits for (by number) and the estimated wait in whole minutes (None:
    no estimate)."""

    tables: list[int] = field(default_factory=list)
    minutes: int | None = None


def _fantasyland_minutes(event: Event, tables: list[int]) -> int | None:
    """The Fantasyland allowance in minutes when one of `tables` plays a Fantasyland hand."""
    if not event.fantasyland_allowance or not tables:
        return None
    pending = Seat.objects.filter(
        table__event=event, table__number__in=tables, table__status=Table.Status.OPEN, fantasyland_cards__gt=0
    ).exists()
    return math.ceil(event.fantasyland_allowance / 60) if pending else None


def table_wait(table: Table, why_not: str | None) -> Wait | None:
    """What `table` waits for, given why it deals no hand (None when it does not wait for
    other tables): 1 to 3 queries."""
    event = table.event
    if why_not == HAND_FOR_HAND:
        tables = [number for number in tables_still_playing(event) if number != table.number]
        return Wait(tables=tables, minutes=_fantasyland_minutes(event, tables))
    if why_not == WAITING_FOR_TABLES:
        tables, minutes = step_wait(table, now=timezone.now())
        return Wait(tables=tables, minutes=minutes)
    return None
