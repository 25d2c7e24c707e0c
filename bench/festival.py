"""Festival bench: a main event of 3 flights × 150 entries, each ended at its advance number
(15%: 23 players), then Day 2. Prints the time and the queries of each flight's end-of-day
report, of *Start Day 2* (the snake redraw of every advancing stack) and of the main event's
results (Day 2 ranked, the flights' entries in one tie block after it).

Runs on a throw-away database (SQLite in memory by default, or the server DATABASE_URL names:
a test database is created and dropped there). The flights are built straight through the ORM
with bulk_create (players from a pool of 200 people, so many play two or three flights and the
best-stack policy withdraws their smaller stacks; the out entries placed, the advancing stacks
summing to the flight's starting chips); Day 2 goes through the real service.

    .venv/bin/python bench/festival.py [--flights 3] [--entries 150]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

STACK = 10000


def build(flights: int, entries: int, seed: int = 1) -> str:
    """The main event's slug, its flights ended with their advancing stacks."""
    from vpt.events.models import Entry, Event, Player
    from vpt.festival.creation import create_main_event
    from vpt.people.models import Person
    from vpt.people.names import fold_name
    from vpt.tours.event_simulation import simulation_actor

    rng = random.Random(seed)
    actor = simulation_actor()
    labels = [f"1{chr(ord('A') + i)}" for i in range(flights)]
    main = create_main_event(
        slug="bench-main",
        name="Bench Main",
        flights=labels,
        actor=actor,
        starting_stack=STACK,
        buy_in=Decimal("100"),
        fee=Decimal("10"),
    )
    pool = Person.objects.bulk_create(
        Person(name=f"Person {i:04d} Núñez", folded_name=fold_name(f"Person {i:04d} Núñez"))
        for i in range(entries * 4 // 3)
    )
    advance = max(2, math.ceil(0.15 * entries))
    for flight in Event.objects.filter(main_event=main).order_by("slug"):
        people = rng.sample(pool, entries)
        players = Player.objects.bulk_create(Player(event=flight, name=p.name, person=p) for p in people)
        total = STACK * entries
        stacks = [total // advance] * advance
        stacks[0] += total - sum(stacks)
        for i in range(1, advance, 2):  # uneven stacks: the snake has something to spread
            moved = rng.randrange(stacks[i] // 2)
            stacks[i] -= moved
            stacks[i - 1] += moved
        rows = []
        for index, player in enumerate(players):
            active = index < advance
            rows.append(
                Entry(
                    event=flight,
                    player=player,
                    number=1,
                    starting_stack=STACK,
                    stack=stacks[index] if active else 0,
                    status=Entry.Status.ACTIVE if active else Entry.Status.ELIMINATED,
                    place=None if active else index + 1,
                    buy_in=main.buy_in,
                    fee=main.fee,
                )
            )
        Entry.objects.bulk_create(rows)
        flight.status = Event.Status.FINISHED
        flight.save(update_fields=["status"])
    return main.slug


def timed(label: str, work: Callable[[], Any]) -> Any:
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        result = work()
        elapsed = (time.perf_counter() - start) * 1000
    print(f"{label:<34} {elapsed:8.1f} ms  {len(queries):4d} queries")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--flights", type=int, default=3)
    parser.add_argument("--entries", type=int, default=150)
    args = parser.parse_args()
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from vpt.events.models import Entry, Event
        from vpt.festival.selectors import end_of_day
        from vpt.festival.services import start_day2
        from vpt.money.results import event_results_table
        from vpt.tours.event_simulation import simulation_actor

        start = time.perf_counter()
        slug = build(args.flights, args.entries)
        print(f"built {args.flights} flights x {args.entries} entries in {time.perf_counter() - start:.1f} s")
        main_event = Event.objects.get(slug=slug)
        for flight in Event.objects.filter(main_event=main_event).order_by("slug"):
            report = timed(f"end-of-day report {flight.slug}", lambda flight=flight: end_of_day(flight))
            assert report.chips_in_play == report.chips_expected
        actor = simulation_actor()
        tables = timed("start Day 2", lambda: start_day2(main_event, seed=7, actor=actor))
        players = Entry.objects.filter(event=main_event).count()
        withdrawn = Entry.objects.filter(event__main_event=main_event, withdrawn=True).count()
        print(f"Day 2: {players} players at {len(tables)} tables, {withdrawn} stacks withdrawn")
        results = timed("main event results", lambda: event_results_table(main_event))
        print(f"results: {results.entries} rows")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
