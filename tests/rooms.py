"""One event at one table with its dealer assigned: what the dealer-page tests start from.

Import it as ``from rooms import one_table`` (pytest puts tests/ on the path, pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User

from vpt.events.entries import register_player
from vpt.events.services import create_event
from vpt.seating.services import draw_seats
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer


def one_table(
    director: User, dealer: User, *, name: str, slug: str, seed: int, players: Sequence[str] = ("Ana", "Ben", "Cid")
) -> Table:
    """`players` registered and drawn (reproducibly, `seed`) at one table that `dealer` deals."""
    event = create_event(name=name, slug=slug, actor=director, levels=[100, 200])
    for player in players:
        register_player(event, name=player, actor=director)
    draw_seats(event, actor=director, seed=seed)
    table = Table.objects.get(event=event)
    assign_dealer(table, dealer=dealer, actor=director)
    return table
