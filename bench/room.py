"""Room bench: N dealers' tablets recording hands flat out while M phones poll the standings.

Starts the app as `make run` does (`python -m vpt.serve`: gunicorn, debug off) on a scratch
database in a temporary folder, on a free loopback port; creates an event with one table and
one dealer per table; then, for `--seconds`, every dealer logs in and records hand after hand
through the real dealer page (GET /tables/<id>/, POST the boards, follow the redirect to the
result) while every phone opens /standings/<slug>/ and polls it every 5 s as htmx does. At the
end it prints hands/s, p50/p95/p99 per kind of request and the errors, what `record_hand` did
on the servers (the time it held the write lock, p50/p95/p99, and its SQL statements per hand:
the servers load `bench/servers/settings.py`, which logs one line per hand), the pace figures of
the run (hands/hour per table over its last 30 minutes, hands this level per table), and runs
`manage.py check_chips` on the event. `--hand-for-hand` plays the whole run hand-for-hand: a
table that has recorded its hand of the round polls the Table API until the next round.
Everything is on 127.0.0.1; the run stops by itself.

    .venv/bin/python bench/room.py [--tables 20] [--phones 300] [--seconds 60] [--hand-for-hand]
    .venv/bin/python bench/room.py --database-url postgres://postgres@127.0.0.1:5432/vpt_room_bench
    .venv/bin/python bench/room.py --tables 60 --phones 1000 --servers 2 \
        --database-url postgres://postgres@127.0.0.1:5432/vpt_room_bench --cache-url redis://127.0.0.1:6379/5

With `--database-url` naming PostgreSQL, that database is created for the run and dropped
after it (it must not exist yet). `--servers N` starts N app servers on N ports, sharing the
database (and the Redis cache of `--cache-url`); every device sends each request to the next
server in turn, as a round-robin proxy would, so a session or an ETag from one server must
hold on the other. The first server alone runs the job runner (clocks, backups). Phones poll as
a browser does: each poll sends the ETag of the last answer (`If-None-Match`), and the bench
reports the share of polls answered `304 Not Modified`. The bench shares the machine with the
servers: its own threads take some of the CPU the servers would have.
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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vpt.ofc import deck, format_cards  # noqa: E402  (pure engine: no Django)

POLL_SECONDS = 5
WAIT_POLL_SECONDS = 1.0
START_DEADLINE_SECONDS = 300
LOGIN_DEADLINE_SECONDS = 300
REQUEST_TIMEOUT_SECONDS = 60
# A dealer whose request failed (the server down, a worker killed, a refusal) waits before
# trying again: a bound that doubles from the first to the most after each failure in a row,
# half of it plus a random part of the other half, so that dealers who failed together do not
# all try again in the same instant. A recorded hand starts over.
BACKOFF_FIRST_SECONDS = 0.1
BACKOFF_MOST_SECONDS = 5.0
DEALER_PASSWORD = "room-bench-dealer-password"  # a scratch database, deleted after the run
SERVER_SETTINGS = "bench.servers.settings"

SETUP = """
import json
from django.contrib.auth.models import User
from vpt.tours.event_simulation import simulate_event
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
if {hand_for_hand}:
    from vpt.rounds.clock import start_clock
    from vpt.rounds.hand_for_hand import start_hand_for_hand
    start_clock(event, actor=director)
    start_hand_for_hand(event, actor=director)
print("ROOM " + json.dumps({{"slug": event.slug, "tables": tables}}))
"""

# The pace of the run, read from the scratch database once the servers have stopped.
PACE = """
import json
from django.utils import timezone
from vpt.events.models import Event
from vpt.rounds.pace import table_paces
from vpt.seating.pace import hands_this_level
from vpt.tables.models import Table

event = Event.objects.get(slug="room-bench")
tables = list(Table.objects.filter(event=event, status=Table.Status.OPEN))
paces = table_paces(event, now=timezone.now())
print("PACE " + json.dumps({{
    "per_hour": sorted(paces[t.pk].per_hour if t.pk in paces else 0 for t in tables),
    "level_hands": sorted(hands_this_level(t, event) for t in tables),
    "rounds": event.hand_for_hand_round,
}}))
"""


@dataclass
class Stats:
    started: float = field(default_factory=time.monotonic)
    timings: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    not_modified: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    examples: list[str] = field(default_factory=list)
    hands: int = 0
    waits: int = 0
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
    """One device: its cookies, the CSRF token, timed requests over loopback. With several
    servers (ports), each request goes to the next one, as behind a round-robin proxy."""

    def __init__(self, ports: list[int], stats: Stats, first: int = 0) -> None:
        self.ports, self.stats, self.cookies = ports, stats, {}  # type: ignore[var-annotated]
        self.turn = first

    @property
    def port(self) -> int:
        self.turn += 1
        return self.ports[self.turn % len(self.ports)]

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
        except (OSError, http.client.HTTPException) as error:
            # OSError: refused, reset, timed out; HTTPException: a worker killed mid-answer
            # (IncompleteRead, BadStatusLine). Either way a failed read: counted, and on we go.
            self.stats.error(kind, f"{type(error).__name__}: {error}")
            return None
        finally:
            connection.close()
        self.stats.timed(kind, time.monotonic() - start)
        if response.status == 304:
            with self.stats.lock:
                self.stats.not_modified[kind] += 1
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


def log_in(client: Client, stats: Stats, table: dict[str, object]) -> bool:
    """Log the dealer in as a tablet would. Every tablet here shares one address (127.0.0.1), and
    the login throttle checks one password per address at a time: a tablet asked to wait
    (429 with Retry-After) waits that long (and a little more, at random) and tries again, as a person would."""
    client.request("login page", "GET", "/floor/accounts/login/")
    deadline = time.monotonic() + LOGIN_DEADLINE_SECONDS
    while True:
        answer = client.request(
            "login", "POST", "/floor/accounts/login/", {"username": str(table["dealer"]), "password": DEALER_PASSWORD}
        )
        if answer is not None and answer[0] == 429 and time.monotonic() < deadline:
            # A spread of retries, or the 60 tablets of a big room all try again in the same
            # instant and most of them lose again.
            time.sleep(float(answer[1].get("Retry-After", "1")) + random.uniform(0, 2))
            continue
        break
    if answer is None or answer[0] != 302:
        stats.error("login", f"{table['dealer']} could not log in")
        return False
    return True


def pause(seconds: float, deadline: float) -> None:
    time.sleep(max(0.0, min(seconds, deadline - time.monotonic())))


class Backoff:
    """How long to wait before the next try after failures in a row (see BACKOFF_*)."""

    def __init__(
        self, rng: random.Random, first: float = BACKOFF_FIRST_SECONDS, most: float = BACKOFF_MOST_SECONDS
    ) -> None:
        self.rng, self.first, self.most, self.failures = rng, first, most, 0

    def delay(self) -> float:
        """The wait after one more failure: within [bound / 2, bound], bound = first × 2^(failures - 1) ≤ most."""
        bound = min(self.most, self.first * 2 ** min(self.failures, 32))
        self.failures += 1
        return bound / 2 + self.rng.uniform(0, bound / 2)

    def reset(self) -> None:
        self.failures = 0


def dealer(
    client: Client, stats: Stats, table: dict[str, object], deadline: float, seed: int, hand_seconds: float
) -> None:
    rng = random.Random(seed)
    backoff = Backoff(random.Random(seed + 1))
    path = f"/tables/{table['id']}/"
    if hand_seconds:  # tables do not all start their first hand in the same second
        pause(rng.uniform(0, hand_seconds), deadline)
    while time.monotonic() < deadline:
        answer = client.request("dealer page", "GET", path)
        if answer is None or answer[0] != 200:
            pause(backoff.delay(), deadline)
            continue
        if 'data-cannot-deal="hand_for_hand"' in answer[2]:
            wait_for_round(client, stats, table, deadline)
            if hand_seconds:  # the round's hand is played now, at every table at once
                pause(rng.uniform(0.5, 1.5) * hand_seconds, deadline)
            continue
        form = boards(answer[2], rng)
        if form is None:
            stats.error("dealer page", f"no hand to enter at {path}")
            return
        answer = client.request("record hand", "POST", path, form)
        if answer is None:
            pause(backoff.delay(), deadline)
            continue
        status, headers, text = answer
        if status == 302:
            backoff.reset()
            with stats.lock:
                stats.hands += 1
            client.request("hand result", "GET", headers["Location"])
            if hand_seconds:  # a real hand takes minutes to play; flat out (0) by default
                pause(rng.uniform(0.5, 1.5) * hand_seconds, deadline)
            continue
        if status < 500:
            refusal = re.search(r'role="alert"[^>]*>(.*?)</', text, re.S)
            stats.error("record hand", f"HTTP {status}: {refusal.group(1).strip() if refusal else 'refused'}")
        pause(backoff.delay(), deadline)


def wait_for_round(client: Client, stats: Stats, table: dict[str, object], deadline: float) -> None:
    """A table that has played its hand-for-hand hand: poll the Table API, as the dealer's page
    does (every `WAIT_POLL_SECONDS` here, not 5 s, so a short run plays several rounds), until
    the next round is dealt."""
    with stats.lock:
        stats.waits += 1
    while time.monotonic() < deadline:
        pause(WAIT_POLL_SECONDS, deadline)
        answer = client.request("table poll", "GET", f"/api/tables/{table['id']}/")
        if answer is not None and answer[0] == 200 and json.loads(answer[2]).get("can_deal"):
            return


def phone(ports: list[int], stats: Stats, slug: str, deadline: float, seed: int, arrival: float) -> None:
    client, rng = Client(ports, stats, seed), random.Random(seed)
    # Phones arrive over the first `arrival` seconds, not all in the same instant.
    time.sleep(min(rng.uniform(0, arrival), max(0.0, deadline - time.monotonic())))
    answer = client.request("standings page", "GET", f"/standings/{slug}/")
    # A failed first read (counted) leaves the phone polling the page itself, as a reload would.
    poll = re.search(r'id="standings-live"[^>]*hx-get="([^"]+)"', answer[2] if answer else "")
    poll_path = poll.group(1).replace("&amp;", "&") if poll else f"/standings/{slug}/"
    etag = None
    while time.monotonic() + POLL_SECONDS < deadline:
        time.sleep(POLL_SECONDS)
        # As a browser revalidates what htmx asked for: the last answer's ETag, if any.
        headers = {"HX-Request": "true", "HX-Target": "standings-live"}
        if etag:
            headers["If-None-Match"] = etag
        answer = client.request("standings poll", "GET", poll_path, headers=headers)
        if answer is not None and answer[0] in (200, 304):
            etag = answer[1].get("ETag", etag)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


SERVED = re.compile(r'"GET /standings/[^ ]* HTTP/[0-9.]+" (?:200|304) .* (\d+)ms$')


def server_times(scratch: Path, servers: int) -> list[float]:
    """What the app itself spent on each standings request (gunicorn's access log, in ms):
    the server side, without the network or the bench's own threads on this machine (seconds)."""
    times = []
    for index in range(servers):
        for line in (scratch / f"server-{index}.log").read_text().splitlines():
            match = SERVED.search(line)
            if match:
                times.append(float(match.group(1)) / 1000)
    return times


RECORDED = re.compile(
    r"record_hand table \d+ hand \d+: ([0-9.]+) ms to the lock \(read, plan, wait\), "
    r"held it ([0-9.]+) ms, (\d+) statements"
)


@dataclass
class Recorded:
    """What `record_hand` logged on the servers (`vpt.rounds.timing`): per recorded hand, the
    time from the call to the write lock, the time it held the lock (seconds), its statements."""

    to_lock: list[float] = field(default_factory=list)
    held: list[float] = field(default_factory=list)
    statements: list[int] = field(default_factory=list)


def recorded(lines: list[str]) -> Recorded:
    found = Recorded()
    for line in lines:
        match = RECORDED.search(line)
        if match:
            found.to_lock.append(float(match.group(1)) / 1000)
            found.held.append(float(match.group(2)) / 1000)
            found.statements.append(int(match.group(3)))
    return found


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
    parser.add_argument(
        "--hand-seconds", type=float, default=0, help="a table's time per hand, on average (default 0: flat out)"
    )
    parser.add_argument("--servers", type=int, default=1, help="app servers sharing the database (default 1)")
    parser.add_argument(
        "--hand-for-hand", action="store_true", help="play the whole run hand-for-hand (the director switched it on)"
    )
    parser.add_argument(
        "--cache-url", default=None, help="VPT_CACHE_URL for the servers, e.g. redis://127.0.0.1:6379/5"
    )
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers per server (default: vpt.serve's)")
    parser.add_argument("--threads", type=int, default=None, help="threads per worker (default: vpt.serve's)")
    parser.add_argument(
        "--port", type=int, default=None, help="the first server's port, then one up each (default: free)"
    )
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
        if options.cache_url:
            env["VPT_CACHE_URL"] = options.cache_url
        if options.servers > 1 and not scratch_db:
            parser.error("several servers need a shared database: --database-url postgres://...")
        try:
            return run(options, env, Path(scratch))
        finally:
            if scratch_db:
                postgres_admin(url, f"DROP DATABASE IF EXISTS {scratch_db} WITH (FORCE)")


def run(options: argparse.Namespace, env: dict[str, str], scratch: Path) -> int:
    manage = [sys.executable, "manage.py"]
    print(f"Database: {env['DATABASE_URL']}")
    subprocess.run([*manage, "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True)
    setup = SETUP.format(players=3 * options.tables, password=DEALER_PASSWORD, hand_for_hand=options.hand_for_hand)
    output = subprocess.run(
        [*manage, "shell", "--no-imports", "-c", setup], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout
    room = json.loads(output.split("ROOM ", 1)[1])
    tables = room["tables"][: options.tables]
    print(
        f"Event {room['slug']}: {len(tables)} tables with a dealer each, {options.phones} phones, {options.seconds} s"
    )

    ports = (
        [options.port + index for index in range(options.servers)]
        if options.port
        else [free_port() for _ in range(options.servers)]
    )
    logs = [(scratch / f"server-{index}.log").open("w") for index in range(options.servers)]
    servers: list[subprocess.Popen[bytes]] = []
    try:
        for index, port in enumerate(ports):
            command = [sys.executable, "-m", "vpt.serve", "--port", str(port), "--bind", "127.0.0.1", "--no-demo"]
            if options.workers:
                command += ["--workers", str(options.workers)]
            if options.threads:
                command += ["--threads", str(options.threads)]
            if index > 0:
                command.append("--no-jobs")  # one job runner for the room
            # Each server its own data folder (static files, logs); the first keeps the backups.
            # record_hand's line per hand on (bench/servers/settings.py).
            server_env = {**env, "VPT_DATA_DIR": f"{scratch}/var-{index}", "DJANGO_SETTINGS_MODULE": SERVER_SETTINGS}
            servers.append(
                subprocess.Popen(command, cwd=ROOT, env=server_env, stdout=logs[index], stderr=subprocess.STDOUT)
            )
            deadline = time.monotonic() + START_DEADLINE_SECONDS
            probe = Client([port], Stats())
            while (answer := probe.request("healthz", "GET", "/healthz")) is None or answer[0] != 200:
                if servers[-1].poll() is not None or time.monotonic() > deadline:
                    print((scratch / f"server-{index}.log").read_text())
                    return 1
                time.sleep(0.5)
        cache = env.get("VPT_CACHE_URL", "local memory")
        shape = f"{options.workers or 'default'} workers x {options.threads or 'default'} threads"
        print(f"Servers: {len(ports)} on ports {', '.join(map(str, ports))} ({shape} each); cache {cache}")
        # The dealers log in before play starts (a login costs ~0.5 s of CPU: hashing the
        # password), as they would before the first hand; then the clock runs.
        stats = Stats()
        clients = [Client(ports, stats, index) for index in range(len(tables))]
        with ThreadPoolExecutor(max_workers=8) as pool:
            logged_in = list(pool.map(lambda pair: log_in(pair[0], stats, pair[1]), zip(clients, tables)))
        print(f"Dealers logged in: {sum(logged_in)} of {len(tables)}")
        stats.started = time.monotonic()
        end = stats.started + options.seconds
        # Phones arrive over the first 20 s for a thousand of them (at least one poll interval).
        arrival = max(float(POLL_SECONDS), options.phones / 50)
        # A thousand phones are a thousand mostly sleeping threads: small stacks keep them cheap.
        threading.stack_size(512 * 1024)
        threads = [
            threading.Thread(target=dealer, args=(client, stats, table, end, index, options.hand_seconds), daemon=True)
            for index, (client, table, ok) in enumerate(zip(clients, tables, logged_in))
            if ok
        ]
        threads += [
            threading.Thread(target=phone, args=(ports, stats, room["slug"], end, 1000 + index, arrival), daemon=True)
            for index in range(options.phones)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=max(0.0, end - time.monotonic()) + REQUEST_TIMEOUT_SECONDS + POLL_SECONDS)
        elapsed = time.monotonic() - stats.started
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        for log in logs:
            log.close()

    print(f"\nHands recorded: {stats.hands} in {elapsed:.0f} s = {stats.hands / elapsed:.1f} hands/s")
    print("Requests:")
    kinds = ("login", "dealer page", "record hand", "hand result", "table poll", "standings page", "standings poll")
    for kind in kinds:
        if stats.timings[kind]:
            print(percentile_line(kind, stats.timings[kind]))
    served = server_times(scratch, options.servers)
    if served:
        print(percentile_line("standings (app)", served))
    lines = [
        line for index in range(options.servers) for line in (scratch / f"server-{index}.log").read_text().splitlines()
    ]
    hands = recorded(lines)
    if hands.held:
        print("record_hand on the servers:")
        print(percentile_line("lock held", hands.held))
        print(percentile_line("call to lock", hands.to_lock))
        mean = sum(hands.statements) / len(hands.statements)
        print(
            f"  statements per hand (COMMIT aside): mean {mean:.1f}, min {min(hands.statements)}, "
            f"max {max(hands.statements)}"
        )
    polls = len(stats.timings["standings poll"])
    if polls:
        share = stats.not_modified["standings poll"] / polls
        print(f"Polls answered 304 Not Modified: {stats.not_modified['standings poll']} of {polls} = {share:.1%}")
    pace = subprocess.run(
        [*manage, "shell", "--no-imports", "-c", PACE.format()], cwd=ROOT, env=env, capture_output=True, text=True
    ).stdout
    if "PACE " in pace:
        figures = json.loads(pace.split("PACE ", 1)[1])
        per_hour, level_hands = figures["per_hour"], figures["level_hands"]
        print(
            f"Pace (hands/hour over the last 30 min, per table): min {per_hour[0]}, "
            f"median {statistics.median(per_hour):.0f}, max {per_hour[-1]}"
        )
        print(f"Hands this level per table: min {level_hands[0]}, max {level_hands[-1]}")
        if options.hand_for_hand:
            print(f"Hand-for-hand: {figures['rounds']} rounds started, {stats.waits} waits for the round")
    total_errors = sum(stats.errors.values())
    print(f"Errors: {total_errors}" + "".join(f"\n  {kind}: {count}" for kind, count in stats.errors.items()))
    for example in stats.examples:
        print(f"    {example}")
    server_errors = sum(
        (scratch / f"server-{index}.log").read_text().count("Traceback") for index in range(options.servers)
    )
    backups = sorted((scratch / "var-0" / "backups").glob("vpt-*"))
    print(f"Backups taken by the job runner during the run: {len(backups)}")
    print(f"Tracebacks in the server log: {server_errors}")
    check = subprocess.run(
        [*manage, "check_chips", "--event", room["slug"]], cwd=ROOT, env=env, capture_output=True, text=True
    )
    print(f"check_chips: exit {check.returncode}\n{(check.stdout + check.stderr).strip()}")
    return 0 if total_errors == 0 and check.returncode == 0 and server_errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
