"""The Fantasyland allowance on the dealer's page (floor.md, "Pace"): while a hand with a
Fantasyland player is being entered, how long that player has had, against the event's
allowance (`Event.fantasyland_allowance`, seconds). Past it the page says so; the rules forfeit
nothing (the floor decides).

started   the hand was dealt when the table's previous hand was recorded (or, for a table's
          first hand, never: no timer).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from vpt.tables.models import Table

from .models import Hand

__all__ = ["FantasylandTimer", "fantasyland_timer"]


@dataclass(frozen=True)
class FantasylandTimer:
    elapsed_seconds: int
    allowance_seconds: int

    @property
    def over(self) -> bool:
        return self.elapsed_seconds > self.allowance_seconds


def fantasyland_timer(table: Table, *, fantasyland: bool, now: datetime) -> FantasylandTimer | None:
    """The timer of the Fantasyland hand in play at `table` (None: no Fantasyland hand, no
    allowance set, or no earlier hand to start from): 0 or 1 query."""
    allowance = table.event.fantasyland_allowance
    if not fantasyland or not allowance or not table.last_hand_number:
        return None
    started = (
        Hand.objects.filter(table=table, number=table.last_hand_number).values_list("recorded_at", flat=True).first()
    )
    if started is None:
        return None
    return FantasylandTimer(elapsed_seconds=max(0, int((now - started).total_seconds())), allowance_seconds=allowance)
