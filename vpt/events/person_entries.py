"""What a person played, event by event: what a merge of people moves (the people app sits
below the events and cannot read their players, so the merge's confirmation reads it here).

moved   every entry of a player whose person is one of the people given (the duplicate and
        the people merged into it), grouped by event, oldest event first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .models import Entry

__all__ = ["EventEntries", "entries_of_people"]


@dataclass(frozen=True)
class EventEntries:
    event: str
    name: str  # as the player was registered there
    entries: int


def entries_of_people(person_ids: Iterable[int]) -> list[EventEntries]:
    """The entries of the players of `person_ids`, one line per event and player: 1 query."""
    names: dict[tuple[int, int], tuple[str, str]] = {}
    counts: Counter[tuple[int, int]] = Counter()
    rows = (
        Entry.objects.filter(player__person_id__in=list(person_ids))
        .order_by("event__created_at", "event_id", "player_id", "number")
        .values_list("event_id", "event__name", "player_id", "player__name")
    )
    for event_id, event_name, player_id, player_name in rows:
        names.setdefault((event_id, player_id), (event_name, player_name))
        counts[(event_id, player_id)] += 1
    return [EventEntries(event=event, name=name, entries=counts[key]) for key, (event, name) in names.items()]
