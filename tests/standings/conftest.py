"""Events for the public pages: a small one played through the services, and large ones built
straight through the ORM (for query counts and benchmarks)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event, Level, Player
from vpt.events.services import create_event
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.seating.models import Seat
from vpt.seating.services import draw_seats
from vpt.tables.models import Table

LEVELS = [
    {"chips_per_point": 100, "minutes": 20},
    {"chips_per_point": 200, "minutes": 20},
    {"chips_per_point": 100, "minutes": 10, "is_break": True},
    {"chips_per_point": 300, "minutes": 20},
]


def play(table: Table, boards: Sequence[dict[str, Any]], actor: User) -> Hand:
    """Record the table's next hand; ``boards`` in payment order (left of the button first)."""
    state = table_state(table.pk)
    by_seat = {seat.number: board for seat, board in zip(state.seats, boards)}
    return record_hand(state.table, hand_number=state.next_hand_number, boards=by_seat, actor=actor)


@pytest.fixture
def event(director: User) -> Event:
    """Six players at two tables (seed 11), buy-in 110 with a 10 fee, no hands yet."""
    event = create_event(
        name="Costa Open",
        slug="costa-open",
        actor=director,
        starting_stack=10000,
        levels=LEVELS,
        buy_in="100.00",
        fee="10.00",
        venue="Casino Costa",
    )
    for name in ["Ana García", "Ben", "Cid", "Dora", "Eva", "Félix"]:
        register_player(event, name=name, actor=director)
    draw_seats(event, actor=director, seed=11)
    return Event.objects.select_related("current_level").get(pk=event.pk)


@pytest.fixture
def played(event: Event, director: User) -> Event:
    """Two hands at table 1: a clean one, then one where the second player fouls."""
    table = Table.objects.get(event=event, number=1)
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    play(table, [ACES_FULL, QUEENS_FOULED, JACKS], director)
    return event


def build_event(entries: int, *, slug: str = "big-open", seats: int = 3) -> Event:
    """An event with ``entries`` seated players (some eliminated), straight through the ORM."""
    event = Event.objects.create(
        name=f"Big Open {entries}", slug=slug, starting_stack=10000, seats_per_table=seats, buy_in="45.00", fee="5.00"
    )
    level = Level.objects.create(event=event, number=1, chips_per_point=100, minutes=30)
    event.current_level = level
    event.save(update_fields=["current_level"])
    players = Player.objects.bulk_create(Player(event=event, name=f"Player {i:04d}") for i in range(entries))
    out = entries // 5
    rows = []
    for i, player in enumerate(players):
        eliminated = i < out
        rows.append(
            Entry(
                event=event,
                player=player,
                number=1,
                starting_stack=10000,
                stack=0 if eliminated else 10000 + (i * 37) % 5000,
                status=Entry.Status.ELIMINATED if eliminated else Entry.Status.ACTIVE,
                place=entries - i if eliminated else None,
            )
        )
    entry_rows = Entry.objects.bulk_create(rows)
    active = [entry for entry in entry_rows if entry.status == Entry.Status.ACTIVE]
    tables = Table.objects.bulk_create(
        Table(event=event, number=n + 1, seats=seats, button_seat=1) for n in range((len(active) + seats - 1) // seats)
    )
    Seat.objects.bulk_create(
        Seat(table=tables[i // seats], number=i % seats + 1, entry=entry) for i, entry in enumerate(active)
    )
    return event


@pytest.fixture
def big_event(db: None) -> Callable[..., Event]:
    return build_event


@pytest.fixture
def kit() -> Any:
    from types import SimpleNamespace

    return SimpleNamespace(
        JACKS=JACKS,
        ACES_FULL=ACES_FULL,
        QUEENS_FULL=QUEENS_FULL,
        QUEENS_UP=QUEENS_UP,
        QUEENS_FOULED=QUEENS_FOULED,
        play=play,
        LEVELS=LEVELS,
    )
