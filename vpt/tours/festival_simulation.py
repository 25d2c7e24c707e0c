"""Simulated flights and Day 2 of a main event (`simulate_event --flight-of MAIN`, `--event SLUG`),
and satellites of an event (`simulate_event --satellite-of TARGET`: the next satellite of TARGET
nobody has entered, made with `create_satellite`; it ends when as many players are left as it
has seats, and issues their tickets).

A flight draws its players from a stable pool (`vpt.tours.simulation.tour_pool`), so several
flights share people, as a festival's do: under "best_stack" some advance twice; under
"first_stack" the ones who already advanced are refused and sit the flight out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from django.core.management.base import CommandError

from vpt.errors import Conflict
from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.seating.services import draw_seats
from vpt.tours.event_simulation import play_event, simulation_actor
from vpt.tours.models import TourEvent
from vpt.tours.simulation import tour_pool


def next_flight(main: Event) -> Event:
    """The first flight of `main` with nobody registered yet."""
    for flight in Event.objects.filter(main_event=main).order_by("created_at", "id"):
        if not Entry.objects.filter(event=flight).exists():
            return flight
    raise CommandError(f"every flight of {main.slug} has been played")


def flight_names(main: Event, players: int, seed: int) -> list[str]:
    """The players of a simulated flight: sampled with `seed` from the pool of the tour (when the
    main event is in one) or the pool of a field this size."""
    in_tour = TourEvent.objects.filter(event=main).exists()
    pool = tour_pool(players)
    if not in_tour:
        pool = pool[: max(players, players * 4 // 3)]
    return sorted(random.Random(seed).sample(pool, players))


def next_satellite(target: Event) -> Event:
    """The first satellite of `target` with nobody registered yet."""
    for satellite in Event.objects.filter(target=target).order_by("created_at", "id"):
        if not Entry.objects.filter(event=satellite).exists():
            return satellite
    raise CommandError(f"no satellite of {target.slug} is left to play (create one with create_satellite)")


def play_flight(main: Event, *, players: int, seed: int, hands: int, finish: bool, log: Any = None) -> Event:
    names = flight_names(main, players, seed)
    return play_new(next_flight(main), names, seed=seed, hands=hands, finish=finish, log=log)


def play_new(flight: Event, names: list[str], *, seed: int, hands: int, finish: bool, log: Any = None) -> Event:
    """Register `names` at an event nobody has entered, draw its seats and play it."""
    actor = simulation_actor()
    players = len(names)
    for name in names:
        try:
            register_player(flight, name=name, actor=actor)
        except Conflict as error:
            if error.code != "already_advanced":
                raise
            if log:
                log(str(error))
    draw_seats(flight, actor=actor, seed=seed)
    return play_event(
        flight,
        rng=random.Random(seed),
        hands=hands,
        actor=actor,
        hands_per_level=max(6, players),
        reentry=flight.reentry_until_level is not None,
        finish=finish,
        log=log,
    )


def play_existing(options: dict[str, Any], *, log: Callable[[str], None]) -> Event:
    """`simulate_event --flight-of` / `--event`: the options as the command parsed them."""
    seed = options["seed"] if options["seed"] is not None else 1
    hands = options["hands"] or 0
    if not hands and not options["finish"]:
        raise CommandError("give --hands or --finish")
    if options.get("satellite_of"):
        target = Event.objects.filter(slug=options["satellite_of"]).first()
        if target is None:
            raise CommandError(f"no event with slug {options['satellite_of']!r}")
        if not options["players"]:
            raise CommandError("--satellite-of needs --players")
        satellite = next_satellite(target)
        names = sorted(random.Random(seed).sample(tour_pool(options["players"]), options["players"]))
        return play_new(satellite, names, seed=seed, hands=hands, finish=options["finish"], log=log)
    if options["flight_of"]:
        main = Event.objects.filter(slug=options["flight_of"]).first()
        if main is None or not main.advance:
            raise CommandError(f"no main event with slug {options['flight_of']!r}")
        if not options["players"]:
            raise CommandError("--flight-of needs --players")
        return play_flight(main, players=options["players"], seed=seed, hands=hands, finish=options["finish"], log=log)
    event = Event.objects.filter(slug=options["event"]).first()
    if event is None:
        raise CommandError(f"no event with slug {options['event']!r}")
    if event.status == Event.Status.FINISHED:
        raise CommandError(f"{event.slug} has finished")
    players = Entry.objects.filter(event=event).count()
    return play_event(
        event,
        rng=random.Random(seed),
        hands=hands,
        actor=simulation_actor(),
        hands_per_level=max(6, players),
        reentry=False,
        finish=options["finish"],
        deal=options["deal"],
        log=log,
    )
