"""The boards that score known ways and the factories, as one fixture."""

from __future__ import annotations

from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL, QUEENS_UP
from factories import by_seat, entries_in_order, make_event


@pytest.fixture
def kit() -> Any:
    """The boards and factories as `kit.JACKS`, `kit.make_event`... (what rounds' tests use)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        JACKS=JACKS,
        ACES_FULL=ACES_FULL,
        QUEENS_FULL=QUEENS_FULL,
        QUEENS_FOULED=QUEENS_FOULED,
        QUEENS_UP=QUEENS_UP,
        make_event=make_event,
        by_position=by_seat,
        entries_in_order=entries_in_order,
    )
