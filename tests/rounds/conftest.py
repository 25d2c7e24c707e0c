"""A three-player event at one table, and boards that score known ways."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.events.services import create_event
from vpt.rounds.selectors import table_state
from vpt.seating.services import draw_seats
from vpt.tables.models import Table

# Three boards with no card in common. None enters Fantasyland.
JACKS = {"top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"}  # royalties 6 + 2
ACES_FULL = {"top": "3h 6d 9c", "middle": "Ts Js Qd Ks 2s", "bottom": "As Ad Ac 6c 6s"}  # royalties 6
QUEENS_FULL = {"top": "2c 3d 5h", "middle": "8h 8s 9h 9d Kc", "bottom": "Qs Qh Qc 2h 2d"}  # royalties 6
# The same cards as QUEENS_FULL, fouled (trips on top over two pair).
QUEENS_FOULED = {"top": "Qs Qh Qc", "middle": "8h 8s 9h 9d Kc", "bottom": "2c 3d 5h 2h 2d"}
# Queens on top: Fantasyland with 14 cards (no card in common with JACKS and ACES_FULL).
QUEENS_UP = {"top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"}


def make_event(director: User, players: Sequence[str], *, slug: str = "test-open", **kwargs: Any) -> Event:
    options: dict[str, Any] = {"starting_stack": 10000, "levels": [100, 200]}
    options.update(kwargs)
    event = create_event(name="Test Open", slug=slug, actor=director, **options)
    for name in players:
        register_player(event, name=name, actor=director)
    draw_seats(event, actor=director, seed=11)
    return event


@pytest.fixture
def event(director: User) -> Event:
    return make_event(director, ["Ana", "Ben", "Cid"])


@pytest.fixture
def table(event: Event) -> Table:
    return Table.objects.get(event=event)


def by_position(table: Table, boards: Sequence[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Boards given in payment order (left of the button first) keyed by seat number."""
    seats = table_state(table.pk).seats
    assert len(seats) == len(boards)
    return {seat.number: board for seat, board in zip(seats, boards)}


def entries_in_order(table: Table) -> list[Entry]:
    """The seated entries in payment order."""
    return [seat.entry for seat in table_state(table.pk).seats]


@pytest.fixture
def kit() -> Any:
    """The boards and helpers above, for test modules (conftest modules are not importable)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        JACKS=JACKS,
        ACES_FULL=ACES_FULL,
        QUEENS_FULL=QUEENS_FULL,
        QUEENS_FOULED=QUEENS_FOULED,
        QUEENS_UP=QUEENS_UP,
        make_event=make_event,
        by_position=by_position,
        entries_in_order=entries_in_order,
    )
