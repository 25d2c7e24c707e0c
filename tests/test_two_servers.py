"""Several app servers: nothing lives in one process.

Two servers as `make run` starts them (`python -m vpt.serve`, gunicorn, debug off) on two
ports, against one scratch PostgreSQL database and one Redis cache. A dealer logs in on one
and records hands through both, for the same tables: every hand is recorded exactly once (the
same hand sent again through the other server is refused as already recorded, or, with the
same submission key, answered with the first result), and after each hand both servers serve
the same standings, the new hand included (no stale cache anywhere).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from services import POSTGRES, REDIS, require

from vpt.ofc import deck, format_cards

pytestmark = pytest.mark.slow

BASE_DIR = Path(__file__).resolve().parent.parent
START_DEADLINE_SECONDS = 300  # generous for a busy 2-core machine; a server that never starts fails
PASSWORD = "two-servers-dealer-password"

SETUP = """
import json
from django.contrib.auth.models import User
from django.core.management import call_command
from vpt.tours.event_simulation import simulate_event
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer

call_command("migrate", verbosity=0)
event = simulate_event(players=6, hands=0, seed=3, slug="two-servers", name="Two servers", reentry=False)
director = User.objects.get(username="simulator")
dealer = User.objects.create_user("dealer-both", password="%s")
tables = []
for table in Table.objects.filter(event=event, status=Table.Status.OPEN).order_by("number"):
    assign_dealer(table, dealer=dealer, actor=director)
    tables.append(table.pk)
print("ROOM " + json.dumps({"slug": event.slug, "tables": tables}))
"""

# What the database holds, read straight from it: a `manage.py shell` per check cost a Django
# start-up each (seconds on a busy machine) for a one-line query.
HANDS_SQL = """
SELECT h.table_id, h.number, COUNT(*) FROM rounds_hand h JOIN events_event e ON e.id = h.event_id
WHERE e.slug = 'two-servers' GROUP BY h.table_id, h.number
"""
STACKS_SQL = """
SELECT n.player_id, n.stack FROM events_entry n JOIN events_event e ON e.id = n.event_id
WHERE e.slug = 'two-servers'
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Device:
    """A tablet: its cookies (shared by both servers: the session is in the database)."""

    cookies: dict[str, str] = field(default_factory=dict)

    def request(
        self,
        port: int,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str]:
        sent = {"Host": "127.0.0.1", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, dict(response.headers.items()), text


def hand_form(page: str, rng: random.Random) -> dict[str, str]:
    number = re.search(r'name="hand_number" value="(\d+)"', page)
    key = re.search(r'name="key" value="([^"]+)"', page)
    seats = sorted({int(seat) for seat in re.findall(r'name="s(\d+)-top"', page)})
    assert number and len(seats) >= 2, "no hand to enter on the dealer page"
    cards = list(deck(0))
    rng.shuffle(cards)
    form = {"hand_number": number.group(1), "action": "record"}
    if key:
        form["key"] = key.group(1)
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


def admin_execute(sql: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
        admin.execute(sql)  # type: ignore[arg-type]


def query(env: dict[str, str], sql: str) -> list[tuple]:
    import psycopg

    with psycopg.connect(env["DATABASE_URL"].replace("postgres://", "postgresql://")) as connection:
        return connection.execute(sql).fetchall()  # type: ignore[arg-type]


@pytest.fixture
def shared_services(tmp_path: Path) -> Iterator[dict[str, str]]:
    require(POSTGRES, "PostgreSQL")
    require(REDIS, "Redis")
    pytest.importorskip("redis")
    name = f"vpt_two_servers_{secrets.token_hex(4)}"
    admin_execute(f"CREATE DATABASE {name}")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    env.update(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}",
        # A fresh database numbers its events and versions from 1 again; the cache's keys carry
        # the event's creation time, so a render left in Redis by another run is never reused.
        VPT_CACHE_URL="redis://127.0.0.1:6379/7",
        VPT_SECRET_KEY=secrets.token_urlsafe(50),  # the same on both: a session works on either
        VPT_DEBUG="0",
    )
    try:
        yield env
    finally:
        admin_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def manage(env: dict[str, str], *arguments: str) -> str:
    run = subprocess.run(
        [sys.executable, "manage.py", *arguments], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_two_servers_record_each_hand_once_and_agree_on_the_standings(
    shared_services: dict[str, str], tmp_path: Path
) -> None:
    env = {**shared_services, "VPT_DATA_DIR": str(tmp_path / "var-setup")}
    room = json.loads(manage(env, "shell", "--no-imports", "-c", SETUP % PASSWORD).split("ROOM ", 1)[1])

    ports, servers, logs = [free_port(), free_port()], [], []
    for index, port in enumerate(ports):
        server_env = {**shared_services, "VPT_DATA_DIR": str(tmp_path / f"var-{index}")}
        log = (tmp_path / f"server-{index}.log").open("w")
        logs.append(log)
        command = [sys.executable, "-m", "vpt.serve", "--port", str(port), "--bind", "127.0.0.1"]
        command += ["--workers", "1", "--threads", "4", "--no-jobs", "--no-demo"]
        servers.append(subprocess.Popen(command, cwd=BASE_DIR, env=server_env, stdout=log, stderr=subprocess.STDOUT))
    try:
        deadline = time.monotonic() + START_DEADLINE_SECONDS
        for port, server in zip(ports, servers):
            while True:
                assert server.poll() is None, (tmp_path / "server-0.log").read_text()
                try:
                    if Device().request(port, "GET", "/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                assert time.monotonic() < deadline, "a server did not start"
                time.sleep(0.5)

        tablet, rng = Device(), random.Random(11)
        tablet.request(ports[0], "GET", "/floor/accounts/login/")
        status, _, _ = tablet.request(
            ports[0], "POST", "/floor/accounts/login/", {"username": "dealer-both", "password": PASSWORD}
        )
        assert status == 302
        standings = f"/api/events/{room['slug']}/standings"
        recorded = 0
        for turn in range(6):
            table = room["tables"][turn % len(room["tables"])]
            first, second = ports[turn % 2], ports[(turn + 1) % 2]
            status, _, page = tablet.request(first, "GET", f"/tables/{table}/")
            assert status == 200
            form = hand_form(page, rng)

            status, headers, _ = tablet.request(first, "POST", f"/tables/{table}/", form)
            assert status == 302, f"hand {form['hand_number']} at table {table} was not recorded"
            recorded += 1
            # Another tablet's copy of the same hand (no submission key) through the other server.
            other = {name: value for name, value in form.items() if name != "key"}
            status, _, answer = tablet.request(second, "POST", f"/tables/{table}/", other)
            assert status < 500
            assert "already recorded" in answer
            # The same submission again (its answer lost) through the other server: the first result.
            if "key" in form:
                status, again, _ = tablet.request(second, "POST", f"/tables/{table}/", form)
                assert status == 302 and again["Location"] == headers["Location"]

            views = [Device().request(port, "GET", standings) for port in ports]
            assert [view[0] for view in views] == [200, 200]
            assert views[0][2] == views[1][2], f"the servers disagree after hand {turn + 1}"
            truth = dict(query(env, STACKS_SQL))
            shown = {row["player_id"]: row["chips"] for row in json.loads(views[0][2])["standings"]}
            assert truth == shown, f"stale standings after hand {turn + 1}"
            etag = views[0][1].get("ETag")
            assert etag and etag == views[1][1].get("ETag")
            # Unchanged since: either server answers the other's validator with 304.
            for port in ports:
                assert Device().request(port, "GET", standings, headers={"If-None-Match": etag})[0] == 304
            pages = [
                Device().request(port, "GET", f"/standings/{room['slug']}/", headers={"HX-Request": "true"})
                for port in ports
            ]
            assert [page[0] for page in pages] == [200, 200]

        counted = query(env, HANDS_SQL)
        assert len(counted) == recorded == 6
        assert all(n == 1 for _, _, n in counted)
        assert "OK two-servers: 6 hands" in manage(env, "check_chips", "--event", room["slug"])
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
    for index in range(2):
        assert "Traceback" not in (tmp_path / f"server-{index}.log").read_text()
