"""Room bench: N dealers' tablets recording hands flat out while M phones poll the standings.

Starts the app as `make run` does (`python -m vpt.serve`: gunicorn, debug off) on a scratch
database in a temporary folder, on a free loopback port; creates an event with one table and
one dealer per table; then, for `--seconds`, every dealer logs in and records hand after hand
through the real dealer page (GET /tables/<id>/, POST the boards, follow the redirect to the
result) while every phone opens /standings/<slug>/ and polls it every 5 s as htmx does. At the
end it prints hands/s, p50/p95/p99 per kind of request and the errors, and runs
`manage.py check_chips` on the event. Everything is on 127.0.0.1; the run stops by itself.

    .venv/bin/python bench/room.py [--tables 20] [--phones 300] [--seconds 60]
    .venv/bin/python bench/room.py --database-url postgres://postgres@127.0.0.1:5432/vpt_room_bench

With `--database-url` naming PostgreSQL, that database is created for the run and dropped
after it (it must not exist yet). The bench shares the machine with the server: its own
threads take some of the CPU the server would have.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vpt.ofc import deck, format_cards  # noqa: E402  (pure engine: no Django)

POLL_SECONDS = 5
START_DEADLINE_SECONDS = 300
REQUEST_TIMEOUT_SECONDS = 60
DEALER_PASSWORD = "room-bench-dealer-password"  # a scratch database, deleted after the run

SETUP = """
import json
from django.contrib.auth.models import User
from vpt.rounds.simulation import simulate_event
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer

event = simulate_event(players={players}, hands=0, seed=1, starting_stack=10_000_000, slug="room-bench",
                       name="Room bench", reentry=False)
director = User.objects.get(username="simulator")
tables = []
for table in Table.objects.filter(event=event, status=Table.Status.OPEN).order_by("number"):
    dealer = User.objects.create_user(f"dealer{{table.number:02d}}", password="{password}")
    assign_dealer(table, dealer=dealer, actor=director)
    tables.append({{"id": table.pk, "dealer": dealer.username}})
print("ROOM " + json.dumps({{"slug": event.slug, "tables": tables}}))
"""


@dataclass
class Stats:
    started: float = field(default_factory=time.monotonic)
    timings: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    examples: list[str] = field(default_factory=list)
    hands: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.timings[kind].append(seconds)

    def error(self, kind: str, detail: str) -> None:
        with self.lock:
            self.errors[kind] += 1
            if len(self.examples) < 10:
                self.examples.append(f"{kind}: {detail[:300]}")


class Client:
    """One device: its cookies, the CSRF token, timed requests over loopback."""

    def __init__(self, port: int, stats: Stats) -> None:
        self.port, self.stats, self.cookies = port, stats, {}  # type: ignore[var-annotated]

    def request(
        self,
        kind: str,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str] | None:
        sent = {"Host": "127.0.0.1", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            sent.update(
                {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": self.cookies.get("csrftoken", "")}
            )
        start = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT_SECONDS)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        except OSError as error:
            self.stats.error(kind, f"{type(error).__name__}: {error}")
            return None
        finally:
            connection.close()
        self.stats.timed(kind, time.monotonic() - start)
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        if response.status >= 500:
            self.stats.error(kind, f"HTTP {response.status} {path}")
        return response.status, dict(response.headers.items()), text


def boards(page: str, rng: random.Random) -> dict[str, str] | None:
    """A complete hand for every seat on the dealer page: 13 cards each from one shuffled deck."""
    number = re.search(r'name="hand_number" value="(\d+)"', page)
    seats = sorted({int(seat) for seat in re.findall(r'name="s(\d+)-top"', page)})
    if not number or len(seats) < 2:
        return None
    cards = list(deck(0))
    rng.shuffle(cards)
    form = {"hand_number": number.group(1), "action": "record"}
    for index, seat in enumerate(seats):
        dealt = cards[13 * index : 13 * (index + 1)]
        form.update(
            {
                f"s{seat}-top": format_cards(dealt[:3]),
                f"s{seat}-middle": format_cards(dealt[3:8]),
                f"s{seat}-bottom": format_cards(dealt[8:]),
            }
        )
    return form


def dealer(port: int, stats: Stats, table: dict[str, object], deadline: float, seed: int) -> None:
    client, rng = Client(port, stats), random.Random(seed)
    client.request("login page", "GET", "/accounts/login/")
    answer = client.request(
        "login", "POST", "/accounts/login/", {"username": str(table["dealer"]), "password": DEALER_PASSWORD}
    )
    if answer is None or answer[0] != 302:
        stats.error("login", f"{table['dealer']} could not log in")
        return
    path = f"/tables/{table['id']}/"
    while time.monotonic() < deadline:
        answer = client.request("dealer page", "GET", path)
        if answer is None or answer[0] != 200:
            continue
        form = boards(answer[2], rng)
        if form is None:
            stats.error("dealer page", f"no hand to enter at {path}")
            return
        answer = client.request("record hand", "POST", path, form)
        if answer is None:
            continue
        status, headers, text = answer
        if status == 302:
            with stats.lock:
                stats.hands += 1
            client.request("hand result", "GET", headers["Location"])
        elif status < 500:
            refusal = re.search(r'role="alert"[^>]*>(.*?)</', text, re.S)
            stats.error("record hand", f"HTTP {status}: {refusal.group(1).strip() if refusal else 'refused'}")


def phone(port: int, stats: Stats, slug: str, deadline: float, seed: int) -> None:
    client, rng = Client(port, stats), random.Random(seed)
    # Phones arrive over the first poll interval, not all in the same instant.
    time.sleep(min(rng.uniform(0, POLL_SECONDS), max(0.0, deadline - time.monotonic())))
    answer = client.request("standings page", "GET", f"/standings/{slug}/")
    if answer is None:
        return
    poll = re.search(r'id="standings-live"[^>]*hx-get="([^"]+)"', answer[2])
    poll_path = poll.group(1).replace("&amp;", "&") if poll else f"/standings/{slug}/"
    while time.monotonic() + POLL_SECONDS < deadline:
        time.sleep(POLL_SECONDS)
        client.request(
            "standings poll", "GET", poll_path, headers={"HX-Request": "true", "HX-Target": "standings-live"}
        )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile_line(kind: str, values: list[float]) -> str:
    cuts = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
    return (
        f"  {kind:<16} {len(values):>7}  p50 {cuts[49] * 1000:7.1f} ms  p95 {cuts[94] * 1000:7.1f} ms"
        f"  p99 {cuts[98] * 1000:7.1f} ms"
    )


def postgres_admin(url: str, sql: str) -> None:
    import psycopg

    parts = urllib.parse.urlsplit(url)
    admin = parts._replace(path="/postgres").geturl().replace("postgres://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--database-url", default=None, help="PostgreSQL to use (created and dropped); default SQLite")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="vpt-room-") as scratch:
        url = options.database_url or f"sqlite:///{scratch}/db.sqlite3"
        scratch_db = urllib.parse.urlsplit(url).path.lstrip("/") if url.startswith("postgres") else None
        if scratch_db:
            if not re.fullmatch(r"[a-z_][a-z0-9_]*", scratch_db):
                parser.error("the scratch database name must be a plain lowercase identifier")
            postgres_admin(url, f"CREATE DATABASE {scratch_db}")
        env = {key: value for key, value in os.environ.items() if not key.startswith(("VPT_", "DATABASE_URL"))}
        env.update(DATABASE_URL=url, VPT_DATA_DIR=f"{scratch}/var", VPT_DEBUG="0", VPT_SECRET_KEY="b" * 50)
        try:
            return run(options, env, Path(scratch))
        finally:
            if scratch_db:
                postgres_admin(url, f"DROP DATABASE IF EXISTS {scratch_db} WITH (FORCE)")


def run(options: argparse.Namespace, env: dict[str, str], scratch: Path) -> int:
    manage = [sys.executable, "manage.py"]
    print(f"Database: {env['DATABASE_URL']}")
    subprocess.run([*manage, "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True)
    setup = SETUP.format(players=3 * options.tables, password=DEALER_PASSWORD)
    output = subprocess.run(
        [*manage, "shell", "--no-imports", "-c", setup], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout
    room = json.loads(output.split("ROOM ", 1)[1])
    tables = room["tables"][: options.tables]
    print(
        f"Event {room['slug']}: {len(tables)} tables with a dealer each, {options.phones} phones, {options.seconds} s"
    )

    port = free_port()
    log = (scratch / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "vpt.serve", "--port", str(port), "--bind", "127.0.0.1"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + START_DEADLINE_SECONDS
        probe = Client(port, Stats())
        while (answer := probe.request("healthz", "GET", "/healthz")) is None or answer[0] != 200:
            if server.poll() is not None or time.monotonic() > deadline:
                print((scratch / "server.log").read_text())
                return 1
            time.sleep(0.5)
        stats = Stats()
        end = time.monotonic() + options.seconds
        threads = [
            threading.Thread(target=dealer, args=(port, stats, table, end, index), daemon=True)
            for index, table in enumerate(tables)
        ]
        threads += [
            threading.Thread(target=phone, args=(port, stats, room["slug"], end, 1000 + index), daemon=True)
            for index in range(options.phones)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=max(0.0, end - time.monotonic()) + REQUEST_TIMEOUT_SECONDS + POLL_SECONDS)
        elapsed = time.monotonic() - stats.started
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()

    print(f"\nHands recorded: {stats.hands} in {elapsed:.0f} s = {stats.hands / elapsed:.1f} hands/s")
    print("Requests:")
    for kind in ("login", "dealer page", "record hand", "hand result", "standings page", "standings poll"):
        if stats.timings[kind]:
            print(percentile_line(kind, stats.timings[kind]))
    total_errors = sum(stats.errors.values())
    print(f"Errors: {total_errors}" + "".join(f"\n  {kind}: {count}" for kind, count in stats.errors.items()))
    for example in stats.examples:
        print(f"    {example}")
    server_errors = (scratch / "server.log").read_text().count("Traceback")
    print(f"Tracebacks in the server log: {server_errors}")
    check = subprocess.run(
        [*manage, "check_chips", "--event", room["slug"]], cwd=ROOT, env=env, capture_output=True, text=True
    )
    print(f"check_chips: exit {check.returncode}\n{(check.stdout + check.stderr).strip()}")
    return 0 if total_errors == 0 and check.returncode == 0 and server_errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
