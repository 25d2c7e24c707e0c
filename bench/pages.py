"""Standings page: ms per page at 100 and 1,000 entries, and queries per page.

Runs on a throw-away database: SQLite in memory by default, or the server DATABASE_URL
names (a test database is created and dropped there). The events are built straight through
the ORM: a fifth of the entries eliminated, the rest seated three to a table. Timings are
through Django's test client (URL routing, middleware, view, selector, template), best of
several rounds (the median is printed too). Goal (issue 6): under 30 ms at 1,000 entries.

    .venv/bin/python bench/pages.py [--rounds 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

GOAL_MS = 30.0
SIZES = (100, 1000)


def build(entries: int) -> str:
    from vpt.events.models import Entry, Event, Level, Player
    from vpt.seating.models import Seat
    from vpt.tables.models import Table

    slug = f"bench-{entries}"
    event = Event.objects.create(
        name=f"Bench {entries}", slug=slug, starting_stack=10000, seats_per_table=3, buy_in="45.00", fee="5.00"
    )
    event.current_level = Level.objects.create(event=event, number=1, chips_per_point=100, minutes=30)
    event.save(update_fields=["current_level"])
    players = Player.objects.bulk_create(Player(event=event, name=f"Player {i:04d} Núñez") for i in range(entries))
    out = entries // 5
    rows = Entry.objects.bulk_create(
        Entry(
            event=event,
            player=player,
            number=1,
            starting_stack=10000,
            stack=0 if i < out else 10000 + (i * 37) % 5000,
            status=Entry.Status.ELIMINATED if i < out else Entry.Status.ACTIVE,
            place=entries - i if i < out else None,
        )
        for i, player in enumerate(players)
    )
    active = [entry for entry in rows if entry.status == Entry.Status.ACTIVE]
    tables = Table.objects.bulk_create(
        Table(event=event, number=n + 1, seats=3, button_seat=1) for n in range((len(active) + 2) // 3)
    )
    Seat.objects.bulk_create(Seat(table=tables[i // 3], number=i % 3 + 1, entry=e) for i, e in enumerate(active))
    return slug


def measure(client: Client, url: str, rounds: int, **headers: str) -> tuple[float, float, int]:
    client.get(url, headers=headers)  # warm up: templates compiled, caches filled
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        response = client.get(url, headers=headers)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    with CaptureQueriesContext(connection) as queries:
        client.get(url, headers=headers)
    return min(times), statistics.median(times), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        client = Client()
        print(f"database: {connection.vendor}; best / median of {args.rounds} requests")
        worst = 0.0
        for entries in SIZES:
            slug = build(entries)
            for label, url, headers in [
                ("standings page", f"/standings/{slug}/", {}),
                ("standings fragment (htmx poll)", f"/standings/{slug}/", {"hx-request": "true"}),
                ("standings JSON", f"/api/events/{slug}/standings", {}),
            ]:
                best, median, queries = measure(client, url, args.rounds, **headers)
                print(f"{entries:>5} entries  {label:<32} {best:7.2f} ms  (median {median:7.2f})  {queries} queries")
                if label == "standings page" and entries == max(SIZES):
                    worst = best
        verdict = "OK" if worst < GOAL_MS else "OVER"
        print(f"goal: standings page under {GOAL_MS:.0f} ms at {max(SIZES)} entries: {worst:.2f} ms {verdict}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
