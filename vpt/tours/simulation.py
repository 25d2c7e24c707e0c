"""Simulated events of a tour: the same people come back event after event.

tour pool   the names a tour's simulated events draw their players from: the first
            max(`POOL`, 1.5 × the players asked for) of `player_names`, the same for every
            event; each event samples its players from it with its seed, so several events
            share most of their field, and registration links each name to the same person.
"""

from __future__ import annotations

import random
from typing import Any

from vpt.accounts.permissions import Actor
from vpt.events.models import Event
from vpt.tours.event_simulation import player_names, simulate_event, simulation_actor

from .models import Tour
from .services import add_event_to_tour

POOL = 12


def tour_pool(players: int) -> list[str]:
    """The stable pool of names a tour's simulated events draw ``players`` from.

    >>> tour_pool(10)[:3], len(tour_pool(10)), len(tour_pool(100))
    (['Ana', 'Ben', 'Carla'], 15, 150)
    """
    return player_names(max(POOL, players * 3 // 2))


def simulate_tour_event(*, tour: Tour, players: int, seed: int, actor: Actor = None, **options: Any) -> Event:
    """`simulate_event` with players drawn from the tour's pool; the event joins the tour."""
    actor = actor or simulation_actor()
    names = sorted(random.Random(seed).sample(tour_pool(players), players))
    event = simulate_event(players=players, seed=seed, actor=actor, names=names, **options)
    add_event_to_tour(tour, event=event, actor=actor)
    return event
