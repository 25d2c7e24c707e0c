"""Tour bench: a tour of 20 events × 200 entries × 2,000 hands; the time to build the
leaderboard and one person's statistics, cold (computed) and cached (through the test client:
routing, middleware, the tour key, the cached JSON), and the queries each costs; and the public
leaderboard page, cold (the cache emptied first), with its bytes.

Runs on a throw-away database (SQLite in memory by default, or the server DATABASE_URL names:
a test database is created and dropped there). The events are built straight through the ORM
with bulk_create (finished events, places 1..entries, a stable pool of people, three players a
table, every hand dealt from the same valid boards, scored and turned into rows by the
project's own `vpt.rounds.scoring`, as `record_hand` does), which takes a few seconds per event.
Aims (issue 20): leaderboard under 50 ms and a person's statistics under 20 ms cached, under
1 s cold; (issue 27) the leaderboard and its page under 300 ms cold.

    .venv/bin/python bench/tour.py [--events 20] [--entries 200] [--hands 2000] [--rounds 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")

import django

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

AIMS_MS = {
    "leaderboard cached": 50.0,
    "statistics cached": 20.0,
    "leaderboard cold": 300.0,
    "statistics cold": 1000.0,
    "leaderboard page cold": 300.0,
}
BOARDS = [
    {"top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
    {"top": "3h 6d 9c", "middle": "Ts Js Qd Ks 2s", "bottom": "As Ad Ac 6c 6s"},
    {"top": "Qs Qh Qc", "middle": "8h 8s 9h 9d Kc", "bottom": "2c 3d 5h 2h 2d"},  # fouled
]


def build(events: int, entries: int, hands: int, seed: int = 1) -> tuple[str, int]:
    """The tour's slug and the id of the person who played the most hands."""
    from vpt.events.models import Entry, Event, Player
    from vpt.ofc import Board as CardBoard
    from vpt.ofc import PlayerHand, get_ruleset
    from vpt.people.models import Person
    from vpt.people.names import fold_name
    from vpt.rounds.models import Board, Exchange, Hand
    from vpt.rounds.scoring import board_fields, exchange_rows, score
    from vpt.tables.models import Round, Table
    from vpt.tours.models import Tour, TourEvent

    rng = random.Random(seed)
    rules = get_ruleset("progressive")
    # Scored and turned into rows as record_hand does (vpt.rounds.scoring), once for every hand.
    cards = [CardBoard.parse(**board) for board in BOARDS]
    scored = score([PlayerHand(f"P{i}", board, 10000, 0) for i, board in enumerate(cards)], rules, 100, [1, 2, 3])
    settlement = scored.settlement
    assert settlement is not None
    pool = Person.objects.bulk_create(
        Person(name=f"Person {i:04d} Núñez", folded_name=fold_name(f"Person {i:04d} Núñez"))
        for i in range(entries * 3 // 2)
    )
    tour = Tour.objects.create(slug="bench", name="Bench Tour", rule={"multiplier": 10, "best": 10, "min_events": 5})
    hand_count: dict[int, int] = {}
    for number in range(events):
        event = Event.objects.create(
            name=f"Bench {number}", slug=f"bench-{number}", status=Event.Status.FINISHED, buy_in="100.00"
        )
        TourEvent.objects.create(tour=tour, event=event)
        people = rng.sample(pool, entries)
        players = Player.objects.bulk_create(Player(event=event, name=p.name, person=p) for p in people)
        rows = Entry.objects.bulk_create(
            Entry(event=event, player=player, number=1, starting_stack=10000, stack=0, status="eliminated", place=place)
            for place, player in enumerate(players, start=1)
        )
        tables = Table.objects.bulk_create(Table(event=event, number=n + 1) for n in range(entries // 3))
        rounds = Round.objects.bulk_create(Round(table=table, number=1) for table in tables)
        hand_rows = Hand.objects.bulk_create(
            Hand(
                event=event,
                table=tables[i % len(tables)],
                number=i // len(tables) + 1,
                round=rounds[i % len(tables)],
                chips_per_point=100,
                button_seat=3,
            )
            for i in range(hands)
        )
        board_rows = []
        for i, hand in enumerate(hand_rows):
            seated = rows[(i % len(tables)) * 3 : (i % len(tables)) * 3 + 3]
            for position, (entry, card_board, result) in enumerate(zip(seated, cards, scored.boards)):
                person_id = people[entry.place - 1].pk
                hand_count[person_id] = hand_count.get(person_id, 0) + 1
                board_rows.append(
                    Board(
                        hand=hand,
                        entry=entry,
                        seat_number=position + 1,
                        position=position,
                        points=scored.points[position],
                        stack_before=10000,
                        stack_after=settlement.stacks_after[position],
                        **board_fields(result, card_board),
                    )
                )
        Board.objects.bulk_create(board_rows, batch_size=2000)
        exchanges = []
        for i, hand in enumerate(hand_rows):
            exchanges += exchange_rows(hand, board_rows[i * 3 : i * 3 + 3], settlement)
        Exchange.objects.bulk_create(exchanges, batch_size=2000)
    busiest = max(hand_count, key=lambda pk: hand_count[pk])
    return tour.slug, busiest


def best_of(rounds: int, run: Callable[[], object]) -> tuple[float, float, float]:
    """Best and median wall ms, and median CPU ms (the process's, what load does not inflate)."""
    times, cpu = [], []
    for _ in range(rounds):
        start, started = time.perf_counter(), time.process_time()
        run()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - started) * 1000)
    return min(times), statistics.median(times), statistics.median(cpu)


def queries(run: Callable[[], object]) -> int:
    with CaptureQueriesContext(connection) as captured:
        run()
    return len(captured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--entries", type=int, default=200)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()

    from vpt.people.models import Person
    from vpt.tours.models import Tour
    from vpt.tours.selectors import leaderboard_data, tour_leaderboard
    from vpt.tours.stats import career_data, person_career

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        start = time.perf_counter()
        slug, person_id = build(args.events, args.entries, args.hands)
        print(
            f"database: {connection.vendor}; built {args.events} events × {args.entries} entries × {args.hands} hands "
            f"in {time.perf_counter() - start:.1f} s; best / median of {args.rounds}"
        )
        tour = Tour.objects.get(slug=slug)
        person = Person.objects.get(pk=person_id)
        client = Client()
        cache.clear()

        def page_cold() -> object:
            cache.clear()
            response = client.get(f"/tours/{slug}/")
            assert response.status_code == 200, response.status_code
            return response

        runs: dict[str, Callable[[], object]] = {
            "leaderboard cold": lambda: leaderboard_data(tour_leaderboard(tour)),
            "leaderboard cached": lambda: client.get(f"/api/tours/{slug}/leaderboard"),
            "statistics cold": lambda: career_data(person_career(person)),
            "statistics cached": lambda: client.get(f"/api/people/{person_id}/stats"),
            "leaderboard page cold": page_cold,
        }
        runs["leaderboard cached"]()  # fill the caches
        runs["statistics cached"]()
        hands = career_data(person_career(person))["totals"]["hands"]
        print(f"load average: {os.getloadavg()[0]:.2f} (1 min) at the start")
        for label, run in runs.items():
            best, median, cpu = best_of(args.rounds, run)
            verdict = "OK" if best < AIMS_MS[label] else "OVER"
            print(
                f"{label:<22} {best:8.2f} ms  (median {median:8.2f}, CPU {cpu:8.2f})  {queries(run):>2} queries  "
                f"aim < {AIMS_MS[label]:.0f} ms {verdict}"
            )
        print(f"leaderboard page: {len(page_cold().content):,} bytes")  # type: ignore[attr-defined]
        print(f"the person played {hands} hands in {len(career_data(person_career(person))['events'])} events")
        print(f"load average: {os.getloadavg()[0]:.2f} (1 min) at the end")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
