"""Hands recorded per second through `record_hand`, queries per recorded hand, and the time it
holds the write lock.

Runs on a throw-away database: SQLite (a file in WAL mode, as the tests) by default, or the
server DATABASE_URL names (a test database is created and dropped there). Goal: queries per
hand constant whatever the field size, and at most 12 (13 for the hand that opens a round).
The lock times are `record_hand`'s own line (`vpt.rounds.timing`), turned on here.

    .venv/bin/python bench/record_hand.py [--hands 300] [--players 30]
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--players", type=int, default=30)
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args.hands, args.players)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


class Held(logging.Handler):
    """Keeps the time each `record_hand` held the write lock, from its timing line."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.seconds: list[float] = []

    def emit(self, record: logging.LogRecord) -> None:
        match = re.search(r"held it ([0-9.]+) ms", record.getMessage())
        if match:
            self.seconds.append(float(match.group(1)) / 1000)


def run(hands: int, players: int) -> None:
    from vpt.events.entries import register_player
    from vpt.events.models import Event
    from vpt.events.services import create_event
    from vpt.rounds.selectors import table_state
    from vpt.rounds.services import record_hand
    from vpt.seating.services import draw_seats
    from vpt.tables.models import Table
    from vpt.tours.event_simulation import deal_boards, player_names, simulation_actor

    actor = simulation_actor()
    rng = random.Random(1)
    for size in (players // 3 or 3, players):
        # A deep stack so nobody busts: every hand is the same kind of work.
        event = create_event(name=f"Bench {size}", slug=f"bench-{size}", actor=actor, starting_stack=10**9)
        for name in player_names(size):
            register_player(event, name=name, actor=actor)
        draw_seats(event, actor=actor, seed=1)
        tables = list(Table.objects.filter(event=event).order_by("number"))
        rules = Event.objects.get(pk=event.pk).ruleset
        prepared = []
        queries = []
        elapsed = 0.0
        held = Held()
        timing = logging.getLogger("vpt.rounds.timing")
        timing.addHandler(held)
        timing.setLevel(logging.INFO)
        for i in range(hands):
            table = tables[i % len(tables)]
            state = table_state(table.pk)
            boards = deal_boards([(s.number, s.fantasyland_cards) for s in state.seats], rules, rng, sit_out_rate=0)
            prepared.append(boards)
            connection.queries_log.clear()
            start = time.perf_counter()
            with CaptureQueriesContext(connection) as captured:
                record_hand(state.table, hand_number=state.next_hand_number, boards=boards, actor=actor)
            elapsed += time.perf_counter() - start
            queries.append(len(captured))
        timing.removeHandler(held)
        cuts = statistics.quantiles(held.seconds, n=100, method="inclusive")
        print(
            f"{connection.vendor}, {size} players, {len(tables)} tables: {hands / elapsed:.0f} hands/s "
            f"through record_hand; queries per hand min {min(queries)} max {max(queries)} "
            f"mean {sum(queries) / len(queries):.1f}; lock held p50 {cuts[49] * 1000:.2f} ms "
            f"p95 {cuts[94] * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
