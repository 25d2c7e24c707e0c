"""A three-player event at one table, and boards that score known ways."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.events.services import create_event
from vpt.rounds.selectors import table_state
from vpt.seating.services import draw_seats
from vpt.tables.models import Table


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
