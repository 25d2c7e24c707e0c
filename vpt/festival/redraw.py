"""Day 2's seeded redraw (festival.md, "Day 2"): pure arithmetic, no database.

snake   the stacks ranked by size (biggest first) are dealt to the tables 1, 2, ... T, then
        T, T-1, ... 1, then 1, 2, ... again, so the big stacks are spread over the room.
seats   within a table, the seats are drawn at random from the seed: the same seed gives
        the same room.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def snake_tables(players: int, tables: int) -> list[int]:
    """The table (1..`tables`) of each ranked player, biggest stack first.

    >>> snake_tables(10, 4)
    [1, 2, 3, 4, 4, 3, 2, 1, 1, 2]
    >>> snake_tables(3, 1)
    [1, 1, 1]
    """
    if tables < 1:
        return []
    numbers = []
    for index in range(players):
        position = index % (2 * tables)
        numbers.append(position + 1 if position < tables else 2 * tables - position)
    return numbers


def redraw(
    ranked: Sequence[int], *, tables: int, seats_per_table: int, seed: int
) -> tuple[dict[int, tuple[int, int]], dict[int, int]]:
    """Where each ranked entry sits on Day 2: entry id -> (table, seat), and each table's
    button seat. `ranked` is biggest stack first; the seats are drawn with `seed`.

    >>> places, buttons = redraw([11, 12, 13, 14], tables=2, seats_per_table=3, seed=7)
    >>> sorted(table for table, _seat in places.values())
    [1, 1, 2, 2]
    >>> places[11][0], places[12][0], places[13][0], places[14][0]
    (1, 2, 2, 1)
    >>> redraw([11, 12, 13, 14], tables=2, seats_per_table=3, seed=7) == (places, buttons)
    True
    """
    rng = random.Random(seed)
    groups: dict[int, list[int]] = {number: [] for number in range(1, tables + 1)}
    for entry_id, table in zip(ranked, snake_tables(len(ranked), tables)):
        groups[table].append(entry_id)
    places: dict[int, tuple[int, int]] = {}
    buttons: dict[int, int] = {}
    for table, group in groups.items():
        chosen = rng.sample(range(1, seats_per_table + 1), len(group))
        for entry_id, seat in zip(group, chosen):
            places[entry_id] = (table, seat)
        if chosen:
            buttons[table] = rng.choice(sorted(chosen))
    return places, buttons
