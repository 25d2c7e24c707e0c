"""A three-player event at one table with a dealer assigned, for the table pages' tests."""

from __future__ import annotations

from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL
from django.contrib.auth.models import User

from vpt.events.entries import register_player
from vpt.events.models import Event
from vpt.events.services import create_event
from vpt.rounds.selectors import table_state
from vpt.seating.services import draw_seats
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer


@pytest.fixture
def event(director: User) -> Event:
    event = create_event(name="Floor Open", slug="floor-open", actor=director, starting_stack=10000, levels=[100, 200])
    for name in ("Ana", "Ben", "Cid"):
        register_player(event, name=name, actor=director)
    draw_seats(event, actor=director, seed=11)
    return event


@pytest.fixture
def table(event: Event, director: User, dealer_user: User) -> Table:
    table = Table.objects.get(event=event)
    assign_dealer(table, dealer=dealer_user, actor=director)
    return Table.objects.get(pk=table.pk)


def hand_post(
    table: Table, boards: list[dict[str, str]], *, action: str = "record", number: int | None = None, **extra: str
) -> dict[str, str]:
    """The dealer form's POST data: boards in payment order (P1 first)."""
    state = table_state(table.pk)
    data = {"hand_number": str(number if number is not None else state.next_hand_number), "action": action}
    for seat, board in zip(state.seats, boards):
        for key, value in board.items():
            data[f"s{seat.number}-{key}"] = value
    data.update(extra)
    return data


@pytest.fixture
def floor() -> Any:
    from types import SimpleNamespace

    return SimpleNamespace(
        JACKS=JACKS, ACES_FULL=ACES_FULL, QUEENS_FULL=QUEENS_FULL, QUEENS_FOULED=QUEENS_FOULED, hand_post=hand_post
    )
