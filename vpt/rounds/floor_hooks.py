"""What the floor keeps of each recorded hand (floor.md, "Pace", "Hand-for-hand"): one step of
`record_hand`, called with the event and the table locked, once the hand's stacks and
eliminations are written and before places are assigned and the next hands dealt."""

from __future__ import annotations

from vpt.accounts.permissions import Actor
from vpt.events.models import Event
from vpt.tables.models import Table

from .hand_for_hand import hand_for_hand_recorded
from .models import Hand
from .pace import count_level_hand

__all__ = ["floor_hand_recorded"]


def floor_hand_recorded(event: Event, table: Table, hand: Hand, *, actor: Actor) -> None:
    """Count the table's hands at the level (keep tables in step; in memory, saved by the caller
    with the table), then mark the hand-for-hand round (which may start the next round or end
    hand-for-hand)."""
    count_level_hand(table, hand)
    hand_for_hand_recorded(event, table, hand, actor=actor)
