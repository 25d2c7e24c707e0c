"""Outage bench: how fast a live server answers while PostgreSQL is down, and how soon it is back.

Serves a scratch PostgreSQL database with gunicorn (debug off, the production pool timeout of
10 s a request) behind a TCP proxy (tests/live_database.py), cuts the proxy, and times the
503 pages once the server knows the database is down, then the time to answer 200 again after
the proxy is restored. The test (tests/test_database_outage.py) checks that no such request
asks the database; this prints the seconds, which depend on the machine. Aim (issue 13):
each 503 under one second, not the pool's 10 s. Skipped without PostgreSQL at 127.0.0.1:5432.

    .venv/bin/python bench/outage.py [--requests 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from live_database import get, scratch_database, served_behind_proxy, wait_for
from services import POSTGRES, reachable

AIM_SECONDS = 1.0


def timed(port: int, path: str) -> tuple[int, float]:
    started = time.perf_counter()
    status, _headers, _body = get(port, path)
    return status, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    if not reachable(POSTGRES):
        print("skipped: PostgreSQL is not answering at 127.0.0.1:5432")
        return

    with (
        tempfile.TemporaryDirectory() as folder,
        scratch_database("vpt_outage_bench") as database,
        served_behind_proxy(database, Path(folder), VPT_DB_POOL_SIZE="2") as (proxy, port, server),
    ):
        wait_for(port, 200, server)
        up = [timed(port, "/standings/")[1] for _ in range(args.requests)]

        proxy.cut()
        started = time.perf_counter()
        wait_for(port, 503, server)
        first = time.perf_counter() - started
        down = []
        for _ in range(args.requests):
            status, seconds = timed(port, "/standings/")
            assert status == 503, status
            down.append(seconds)

        proxy.restore()
        started = time.perf_counter()
        wait_for(port, 200, server)
        back = time.perf_counter() - started

    verdict = "OK" if max(down) < AIM_SECONDS else "OVER"
    print(
        f"database up:    {args.requests} pages  median {statistics.median(up) * 1000:7.1f} ms  "
        f"max {max(up) * 1000:7.1f} ms"
    )
    print(f"cut: first 503 after {first:.1f} s (it may wait for the pool; polled every 0.5 s)")
    print(
        f"known down:     {args.requests} 503s   median {statistics.median(down) * 1000:7.1f} ms  "
        f"max {max(down) * 1000:7.1f} ms  aim < {AIM_SECONDS:.0f} s {verdict}"
    )
    print(f"restored: 200 again after {back:.1f} s (polled every 0.5 s)")


if __name__ == "__main__":
    main()
