"""Events for the public pages: a small one played through the services, and large ones built
straight through the ORM (for query counts and benchmarks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User
from factories import bulk_event, make_event, play

from vpt.events.models import Event
from vpt.tables.models import Table

LEVELS = [
    {"chips_per_point": 100, "minutes": 20},
    {"chips_per_point": 200, "minutes": 20},
    {"chips_per_point": 100, "minutes": 10, "is_break": True},
    {"chips_per_point": 300, "minutes": 20},
]
SIX = ["Ana García", "Ben", "Cid", "Dora", "Eva", "Félix"]


@pytest.fixture
def event(director: User) -> Event:
    """Six players at two tables (seed 11), buy-in 110 with a 10 fee, no hands yet."""
    event = make_event(
        director, SIX, name="Costa Open", levels=LEVELS, buy_in="100.00", fee="10.00", venue="Casino Costa"
    )
    return Event.objects.select_related("current_level").get(pk=event.pk)


@pytest.fixture
def played(event: Event, director: User) -> Event:
    """Two hands at table 1: a clean one, then one where the second player fouls."""
    table = Table.objects.get(event=event, number=1)
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    play(table, [ACES_FULL, QUEENS_FOULED, JACKS], director)
    return event


@pytest.fixture
def big_event(db: None) -> Callable[..., Event]:
    return bulk_event


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
