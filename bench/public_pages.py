"""Public table, player and /me/ pages: CPU, bytes and queries per render at 10 and 500 hands.

A table's page and a player's page show their newest hands (older ones a link away) and are
keyed on the table's or the player's own version, so they should cost the same at hand 500
as at hand 10 (issue 18). Builds two events on a throw-away database (SQLite by default, or
the server DATABASE_URL names: a test database is created and dropped there) with
`simulate_event` (3 players at one table, 10 and 500 hands), then renders each page (and the
first page of the hands JSON) through Django's test client with the cache emptied before
each render: process CPU time (median of
`--rounds`), bytes and queries. Also the CPU of a cached hit (the same page again, its fragment
in the cache: what a second viewer costs) and of a poll that finds nothing changed (a 304).

    .venv/bin/python bench/public_pages.py [--rounds 10]
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

from django.core.cache import cache  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

HANDS = (10, 500)


def pages(hands: int) -> dict[str, str]:
    from vpt.events.link_models import PlayerLink
    from vpt.events.models import Entry
    from vpt.events.player_links import hash_token, player_token
    from vpt.tours.event_simulation import simulate_event

    event = simulate_event(players=3, hands=hands, seed=1, starting_stack=10**7, reentry=False, slug=f"bench-{hands}")
    entry = Entry.objects.filter(event=event, seat__table__number=1).order_by("pk").first()
    assert entry is not None
    salt = f"bench{hands}"
    PlayerLink.objects.create(entry=entry, salt=salt, token_hash=hash_token(player_token(salt)))
    return {
        "table page": f"/standings/{event.slug}/tables/1/",
        "table fragment (htmx poll)": f"/standings/{event.slug}/tables/1/",
        "player page": f"/standings/{event.slug}/players/{entry.player_id}/",
        "/me/ page": f"/me/{player_token(salt)}/",
        "hands JSON (first page)": f"/api/events/{event.slug}/hands",
    }


def measure(url: str, rounds: int, headers: dict[str, str]) -> tuple[float, int, int, float, float]:
    """Median CPU ms of an uncached render, its bytes and queries, and the median CPU ms of a
    cached hit and of a 304 (medians: one garbage collection in ten requests is not the page)."""
    client = Client()
    client.get(url, headers=headers)  # templates compiled, CSRF cookie set
    cpu = []
    for _ in range(rounds):
        cache.clear()
        started = time.process_time()
        response = client.get(url, headers=headers)
        cpu.append((time.process_time() - started) * 1000)
        assert response.status_code == 200, response.status_code
    cache.clear()
    reset_queries()  # the log is full after simulate_event: a full log counts nothing new
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    count = len(queries.captured_queries)
    hits = []
    for _ in range(rounds):
        started = time.process_time()
        assert client.get(url, headers=headers).status_code == 200
        hits.append((time.process_time() - started) * 1000)
    etag = response["ETag"]
    not_modified = []
    for _ in range(rounds):
        started = time.process_time()
        assert client.get(url, headers={"If-None-Match": etag, **headers}).status_code == 304
        not_modified.append((time.process_time() - started) * 1000)
    return (
        statistics.median(cpu),
        len(response.content),
        count,
        statistics.median(hits),
        statistics.median(not_modified),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print(f"database: {connection.vendor}; CPU is the median of {args.rounds} uncached renders")
        print(f"load average: {os.getloadavg()[0]:.2f} (1 min) at the start")
        print(f"{'':>5}        {'page':<28} {'CPU':>9} {'bytes':>9} {'queries':>8} {'cached':>9} {'304 CPU':>9}")
        for hands in HANDS:
            for label, url in pages(hands).items():
                headers = {"HX-Request": "true"} if "htmx" in label else {}
                cpu, size, queries, hit, not_modified = measure(url, args.rounds, headers)
                print(
                    f"{hands:>5} hands  {label:<28} {cpu:6.1f} ms {size:>9,} {queries:>8} {hit:6.2f} ms"
                    f" {not_modified:6.2f} ms"
                )
        print(f"load average: {os.getloadavg()[0]:.2f} (1 min) at the end")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
