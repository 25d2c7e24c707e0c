"""The server as `make run` starts it: `python -m vpt.serve`, gunicorn, debug off, a scratch
SQLite database and data folder, on a free loopback port.

One server for the module (starting it migrates and loads the demo); each test talks to it
over HTTP as a tablet would.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from vpt.ofc import deck, format_cards

BASE_DIR = Path(__file__).resolve().parent.parent
# Starting includes migrating a fresh database and collecting static files: generous, because
# a busy 2-core machine is slow, but bounded so a server that never comes up fails the test.
START_DEADLINE_SECONDS = 180
pytestmark = pytest.mark.slow  # starting the server takes a while


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def clean_environment(**extra: str) -> dict[str, str]:
    """This process's environment without the project's own variables, plus `extra`."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    return {**env, **extra}


@dataclass
class Served:
    port: int
    data_dir: Path
    database: Path
    log: Path

    def secrets(self) -> dict[str, object]:
        loaded: dict[str, object] = json.loads((self.data_dir / "secrets.json").read_text())
        return loaded


@dataclass
class Browser:
    """Just enough of a browser: cookies, and the CSRF token Django sets."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Host": "localhost"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Referer"] = f"http://localhost:{self.port}/"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, dict(response.headers.items()), text

    def get(self, path: str) -> tuple[int, dict[str, str], str]:
        return self.request("GET", path)

    def post(self, path: str, form: dict[str, str]) -> tuple[int, dict[str, str], str]:
        return self.request("POST", path, form)

    def log_in(self, username: str, password: str) -> int:
        self.get("/floor/accounts/login/")
        status, _headers, _body = self.post("/floor/accounts/login/", {"username": username, "password": password})
        return status


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("served")
    port = free_port()
    database = folder / "db.sqlite3"
    log = folder / "server.log"
    # Every test here is 127.0.0.1: one test's wrong passwords must not make the next test's
    # login wait (vpt.accounts.throttle; tests/accounts/test_login_flood.py covers the wait).
    env = clean_environment(
        VPT_DATA_DIR=str(folder / "var"), DATABASE_URL=f"sqlite:///{database}", VPT_LOGIN_WAIT_SECONDS="0"
    )
    with log.open("w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "vpt.serve", "--port", str(port), "--bind", "127.0.0.1", "--workers", "2"],
            cwd=BASE_DIR,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + START_DEADLINE_SECONDS
        while time.monotonic() < deadline:
            assert process.poll() is None, f"the server stopped:\n{log.read_text()}"
            try:
                if Browser(port).get("/healthz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.5)
        else:
            pytest.fail(f"the server did not answer within {START_DEADLINE_SECONDS} s:\n{log.read_text()}")
        yield Served(port, folder / "var", database, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def dealer_table(served: Served) -> tuple[Browser, str]:
    """dealer1, logged in with the password `make run` generated, and their table's page."""
    browser = Browser(served.port)
    passwords = served.secrets()["passwords"]
    assert isinstance(passwords, dict)
    assert browser.log_in("dealer1", passwords["dealer1"]) == 302
    _status, _headers, home = browser.get("/")
    my_table = re.search(r'<a class="nav-link" href="([^"]+)">', home)
    assert my_table, "no 'My table' link for a logged-in dealer"
    status, headers, mine = browser.get(my_table.group(1))
    # A dealer with one table goes straight to it; otherwise the page lists them.
    table = re.search(r"(/tables/\d+/)", headers.get("Location", "") if status == 302 else mine)
    assert table, "dealer1 has no table in the demo"
    return browser, table.group(1)


def test_static_files_are_served_with_debug_off(served: Served) -> None:
    browser, table_path = dealer_table(served)
    status, _headers, page = browser.get(table_path)
    assert status == 200

    css = re.findall(r'href="(/static/css/vpt\.[0-9a-f]+\.css)"', page)
    scripts = re.findall(r'src="(/static/[^"]+\.js)"', page)
    assert css, "the page links no hashed vpt.css"
    assert any("htmx-2" in src for src in scripts)
    assert any("/js/dealer." in src for src in scripts)
    assert any("/js/card-picker." in src for src in scripts)
    for path in css + scripts:
        status, headers, _body = browser.get(path)
        assert status == 200, path
        assert "max-age" in headers.get("Cache-Control", ""), path


def test_debug_is_off_and_the_pages_carry_a_content_security_policy(served: Served) -> None:
    status, headers, body = Browser(served.port).get("/no-such-page/")

    assert status == 404
    assert "URLconf" not in body  # debug's 404 page lists every URL
    assert "script-src 'self'" in headers["Content-Security-Policy"]


def test_sqlite_runs_in_wal_mode(served: Served) -> None:
    with sqlite3.connect(served.database) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_generated_secrets_are_private_and_known_passwords_do_not_log_in(served: Served) -> None:
    secrets_file = served.data_dir / "secrets.json"
    assert secrets_file.stat().st_mode & 0o777 == 0o600
    saved = served.secrets()
    assert len(str(saved["secret_key"])) >= 50
    assert set(saved["passwords"]) == {"director", "dealer1"}  # type: ignore[arg-type]
    for username in ("director", "dealer1"):
        assert Browser(served.port).log_in(username, username) == 200  # the form again, with its error
    log = served.log.read_text()
    assert "Log in with" in log  # printed once at start
    assert "http://localhost:" in log


def board_form(page: str, seed: int) -> dict[str, str]:
    """A complete hand for every seat on the page: 13 cards each from one shuffled deck."""
    hand_number = re.search(r'name="hand_number" value="(\d+)"', page)
    seats = sorted({int(number) for number in re.findall(r'name="s(\d+)-top"', page)})
    assert hand_number and len(seats) >= 2
    cards = list(deck(0))
    random.Random(seed).shuffle(cards)
    form = {"hand_number": hand_number.group(1), "action": "record"}
    for index, seat in enumerate(seats):
        dealt = cards[13 * index : 13 * (index + 1)]
        form[f"s{seat}-top"] = format_cards(dealt[:3])
        form[f"s{seat}-middle"] = format_cards(dealt[3:8])
        form[f"s{seat}-bottom"] = format_cards(dealt[8:])
    return form


def test_no_log_line_holds_a_sign_in_token(served: Served) -> None:
    secret = "Zq8-table-card-token_" + "x" * 22
    browser = Browser(served.port)
    assert browser.get(f"/tables/sign-in/{secret}/")[0] == 403  # no such card: refused
    assert browser.post(f"/tables/sign-in/{secret}/", {})[0] == 403
    assert browser.get(f"/tables/sign-in/{secret}/no-such-page")[0] == 404

    deadline = time.monotonic() + 30  # gunicorn writes its access log line after the answer
    while "/tables/sign-in/[token]/no-such-page" not in served.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    logs = served.log.read_text() + "".join(path.read_text() for path in (served.data_dir / "logs").glob("*.log*"))
    assert secret not in logs
    assert '"GET /tables/sign-in/[token]/ HTTP/1.1" 403' in logs


def test_simultaneous_double_submits_record_once_and_the_others_hear_already_recorded(served: Served) -> None:
    browser, table_path = dealer_table(served)
    _status, _headers, page = browser.get(table_path)
    form = board_form(page, seed=7)

    # Six taps of "Record hand" at once, from the same tablet session, on the SQLite file.
    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(pool.map(lambda _tap: browser.post(table_path, form), range(6)))

    statuses = sorted(status for status, _headers, _body in answers)
    assert statuses == [200, 200, 200, 200, 200, 302], statuses
    refusals = [body for status, _headers, body in answers if status == 200]
    assert all('data-conflict="already_recorded"' in body for body in refusals)
