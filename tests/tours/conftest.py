"""Fixtures of the tour tests; the builders are in tests/tour_events.py."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20)
