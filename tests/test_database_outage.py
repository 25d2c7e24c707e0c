"""PostgreSQL without running out, and a clean 503 while it is down.

- The 503 page (vpt.middleware): translated, `Retry-After`, no traceback, for an error raised
  in a view and for one raised by a middleware.
- The pool holds: 60 threads querying through Django with a pool of 4 connections all succeed
  (they wait their turn), and the server never sees more than 4 connections from them.
- A real server (gunicorn, debug off) behind a TCP proxy to PostgreSQL that the test cuts and
  restores: 200, then the 503 page while cut, then 200 again from the same process.

The PostgreSQL tests use the machine's server at 127.0.0.1:5432 with a scratch database of
their own (created and dropped); they skip when there is none.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import secrets
import selectors
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings
from django.utils import translation
from services import POSTGRES, require

from vpt.middleware import DatabaseUnavailableMiddleware

BASE_DIR = Path(__file__).resolve().parent.parent
# Generous: a busy 2-core machine is slow; a server that never comes back still fails.
DEADLINE_SECONDS = 180


# The page ----------------------------------------------------------------------------------


def failing_view(request: HttpRequest) -> HttpResponse:
    raise OperationalError("connection refused")


def test_a_database_error_in_a_view_gives_the_translated_503_page() -> None:
    middleware = DatabaseUnavailableMiddleware(failing_view)
    request = RequestFactory().get("/standings/x/")
    with translation.override("es"):
        response = middleware.process_exception(request, OperationalError("connection refused"))

    assert response is not None
    assert response.status_code == 503
    assert response["Retry-After"].isdigit()
    body = response.content.decode()
    assert "Volvemos en un momento" in body
    assert "Traceback" not in body and "connection refused" not in body


def test_other_errors_are_left_to_django() -> None:
    middleware = DatabaseUnavailableMiddleware(failing_view)
    assert middleware.process_exception(RequestFactory().get("/"), ValueError("a bug")) is None


def test_an_error_raised_by_a_middleware_becomes_the_503_page() -> None:
    """An exception in an inner middleware (the session's save) arrives as a 500 response."""
    from django.core.handlers.exception import convert_exception_to_response

    def saving_session(request: HttpRequest) -> HttpResponse:
        raise OperationalError("could not save the session")

    inner = convert_exception_to_response(saving_session)
    middleware = DatabaseUnavailableMiddleware(inner)
    request = RequestFactory().get("/")
    with override_settings(DEBUG=False):
        response = middleware(request)

    assert response.status_code == 503
    assert "Back in a moment" in response.content.decode()


# The pool ----------------------------------------------------------------------------------

POOL_SCRIPT = """
import threading, django
from django.db import connection, connections
django.setup()
results = []
lock = threading.Lock()

def work():
    try:
        for _ in range(3):
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_sleep(0.05), 1")
                value = cursor.fetchone()[1]
        with lock:
            results.append(value)
    except Exception as error:
        with lock:
            results.append(repr(error))
    finally:
        connections.close_all()

threads = [threading.Thread(target=work) for _ in range(60)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
errors = [r for r in results if r != 1]
print("OK", len(results), "ERRORS", len(errors), errors[:3])
"""


def admin_execute(sql: str) -> list[tuple[object, ...]]:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
        cursor = admin.execute(sql)  # type: ignore[arg-type]
        return cursor.fetchall() if cursor.description else []


@pytest.fixture
def scratch_database() -> Iterator[str]:
    require(POSTGRES, "PostgreSQL")
    name = f"vpt_pool_{secrets.token_hex(4)}"
    admin_execute(f"CREATE DATABASE {name}")
    try:
        yield name
    finally:
        admin_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def clean_environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    return {**env, "DJANGO_SETTINGS_MODULE": "vpt.settings", **extra}


def test_sixty_threads_share_a_pool_of_four(scratch_database: str, tmp_path: Path) -> None:
    env = clean_environment(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{scratch_database}",
        VPT_DB_POOL_SIZE="4",
        VPT_DB_POOL_TIMEOUT="120",  # waiting is fine; running out is not
        VPT_DATA_DIR=str(tmp_path),
    )
    most = [0]
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            rows = admin_execute(f"SELECT count(*) FROM pg_stat_activity WHERE datname = '{scratch_database}'")
            most[0] = max(most[0], int(rows[0][0]))  # type: ignore[call-overload]
            time.sleep(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        run = subprocess.run(
            [sys.executable, "-c", POOL_SCRIPT],
            cwd=BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=DEADLINE_SECONDS,
        )
    finally:
        done.set()
        watcher.join()

    assert run.returncode == 0, run.stderr
    assert "OK 60 ERRORS 0" in run.stdout, run.stdout + run.stderr
    assert "too many clients" not in run.stdout + run.stderr
    assert 1 <= most[0] <= 4


# A live server behind a proxy the test cuts -----------------------------------------------


class Proxy:
    """A TCP forwarder from a loopback port to PostgreSQL: cut() drops every connection and
    stops listening (the database is "down"); restore() listens again on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = 0
        self.lock = threading.Lock()
        self.sockets: set[socket.socket] = set()
        self.listener: socket.socket | None = None
        self.stopped = threading.Event()
        self.listen()

    def listen(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self.listener = listener
        threading.Thread(target=self.accept, args=(listener,), daemon=True).start()

    def accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets.update((client, upstream))
            threading.Thread(target=self.pipe, args=(client, upstream), daemon=True).start()

    def pipe(self, left: socket.socket, right: socket.socket) -> None:
        chooser = selectors.DefaultSelector()
        chooser.register(left, selectors.EVENT_READ, right)
        chooser.register(right, selectors.EVENT_READ, left)
        try:
            while True:
                for key, _ in chooser.select(timeout=1):
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                    if not data:
                        return
                    key.data.sendall(data)
        except (OSError, ValueError):
            return
        finally:
            chooser.close()
            for end in (left, right):
                with self.lock:
                    self.sockets.discard(end)
                end.close()

    def cut(self) -> None:
        assert self.listener is not None
        # shutdown() first: a thread blocked in accept() keeps a merely closed socket listening.
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        self.listener = None
        with self.lock:
            for end in list(self.sockets):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def restore(self) -> None:
        self.listen()

    def close(self) -> None:
        if self.listener is not None:
            self.cut()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(port: int, path: str, language: str = "en") -> tuple[int, dict[str, str], str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers={"Host": "localhost", "Accept-Language": language})
        response = connection.getresponse()
        return response.status, dict(response.headers.items()), response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def wait_for(port: int, status: int, server: subprocess.Popen[bytes]) -> tuple[int, dict[str, str], str]:
    deadline = time.monotonic() + DEADLINE_SECONDS
    answer: tuple[int, dict[str, str], str] | None = None
    while time.monotonic() < deadline:
        assert server.poll() is None, "the server stopped"
        try:
            answer = get(port, "/")
        except OSError:
            answer = None
        if answer is not None and answer[0] == status:
            return answer
        time.sleep(0.5)
    raise AssertionError(f"no {status} within {DEADLINE_SECONDS} s; last answer {answer and answer[:2]}")


@pytest.mark.slow
def test_a_live_server_answers_503_while_the_database_is_down_and_recovers(
    scratch_database: str, tmp_path: Path
) -> None:
    proxy = Proxy(POSTGRES)
    env = clean_environment(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{proxy.port}/{scratch_database}",
        VPT_DEBUG="0",
        VPT_SECRET_KEY="o" * 50,
        VPT_DATA_DIR=str(tmp_path),
        VPT_DB_POOL_SIZE="2",
        VPT_DB_POOL_TIMEOUT="3",
    )
    for command in (["migrate"], ["collectstatic", "--no-input"]):
        subprocess.run(
            [sys.executable, "manage.py", *command, "--verbosity", "0"], cwd=BASE_DIR, env=env, check=True, timeout=300
        )
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "vpt.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--worker-class",
            "gthread",
            "--workers",
            "1",
            "--threads",
            "2",
            "--no-control-socket",
        ],
        cwd=BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(port, 200, server)

        proxy.cut()
        _, headers, body = wait_for(port, 503, server)
        assert headers["Retry-After"].isdigit()
        assert "Back in a moment" in body
        assert "Traceback" not in body and "OperationalError" not in body
        spanish = get(port, "/", language="es")
        assert spanish[0] == 503 and "Volvemos en un momento" in spanish[2]

        proxy.restore()
        wait_for(port, 200, server)
        assert server.poll() is None  # the same server, never restarted
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
        proxy.close()
    assert "database unavailable, answered 503" in (tmp_path / "logs" / "vpt.log").read_text()


@pytest.mark.slow
def test_while_the_database_is_down_the_503_answers_at_once(scratch_database: str, tmp_path: Path) -> None:
    """With the production pool timeout (10 s a request), the page still answers at once once
    the server knows the database is down, and it comes back by itself within seconds."""
    proxy = Proxy(POSTGRES)
    env = clean_environment(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{proxy.port}/{scratch_database}",
        VPT_DEBUG="0",
        VPT_SECRET_KEY="o" * 50,
        VPT_DATA_DIR=str(tmp_path),
        VPT_DB_POOL_SIZE="2",
    )
    for command in (["migrate"], ["collectstatic", "--no-input"]):
        subprocess.run(
            [sys.executable, "manage.py", *command, "--verbosity", "0"], cwd=BASE_DIR, env=env, check=True, timeout=300
        )
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    command = [sys.executable, "-m", "gunicorn", "vpt.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [*command, "--worker-class", "gthread", "--workers", "1", "--threads", "2", "--no-control-socket"],
        cwd=BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(port, 200, server)
        proxy.cut()
        wait_for(port, 503, server)  # the first request may wait for the pool

        seconds = []
        for _ in range(5):
            started = time.monotonic()
            status, headers, body = get(port, "/standings/")
            seconds.append(time.monotonic() - started)
            assert status == 503 and "Back in a moment" in body and headers["Retry-After"].isdigit()
        spanish = get(port, "/", language="es")

        assert max(seconds) < 1.0, seconds  # not VPT_DB_POOL_TIMEOUT (10 s) each
        assert spanish[0] == 503 and "Volvemos en un momento" in spanish[2]
        proxy.restore()
        wait_for(port, 200, server)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
        proxy.close()
