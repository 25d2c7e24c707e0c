"""PostgreSQL without running out, and a clean 503 while it is down.

- The 503 page (vpt.middleware): translated, `Retry-After`, no traceback, for an error raised
  in a view and for one raised by a middleware.
- The pool holds: 60 threads querying through Django with a pool of 4 connections all succeed
  (they wait their turn), and the server never sees more than 4 connections from them.
- A real server (gunicorn, debug off) behind a TCP proxy to PostgreSQL that the test cuts and
  restores: 200, then the 503 page while cut, then 200 again from the same process; once
  it knows the database is down, no request asks it (counted in the log, never timed:
  bench/outage.py prints how long those answers take).

The PostgreSQL tests use the machine's server at 127.0.0.1:5432 with a scratch database of
their own (created and dropped); they skip when there is none.
"""

from __future__ import annotations

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
from live_database import (
    BASE_DIR,
    DEADLINE_SECONDS,
    admin_execute,
    clean_environment,
    get,
    served_behind_proxy,
    wait_for,
)
from live_database import scratch_database as new_database
from services import POSTGRES, require

from vpt.middleware import DatabaseUnavailableMiddleware

# The page ----------------------------------------------------------------------------------


def failing_view(request: HttpRequest) -> HttpResponse:
    raise OperationalError("connection refused")


def test_a_database_error_in_a_view_gives_the_translated_503_page(caplog: pytest.LogCaptureFixture) -> None:
    middleware = DatabaseUnavailableMiddleware(failing_view)
    request = RequestFactory().get("/standings/x/")
    with translation.override("es"), caplog.at_level("ERROR", logger="vpt.middleware"):
        response = middleware.process_exception(request, OperationalError("connection refused"))

    # The line the live server's log is searched for (answered_503_lines): a request that asked.
    assert caplog.messages == ["database unavailable, answered 503 for GET /standings/x/: connection refused"]
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


@pytest.fixture
def scratch_database() -> Iterator[str]:
    require(POSTGRES, "PostgreSQL")
    with new_database() as name:
        yield name


@pytest.mark.slow  # a Django process of 60 threads on PostgreSQL
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


# A live server behind a proxy the test cuts (tests/live_database.py) ------------------------


def answered_503_lines(tmp_path: Path, path: str) -> int:
    """How many requests for ``path`` found the database down: each logs one line (vpt.middleware)."""
    log = tmp_path / "logs" / "vpt.log"
    text = log.read_text() if log.exists() else ""
    return text.count(f"database unavailable, answered 503 for GET {path}:")


@pytest.mark.slow
def test_a_live_server_answers_503_while_the_database_is_down_and_recovers(
    scratch_database: str, tmp_path: Path
) -> None:
    """Cut, the server answers the 503 page; once it knows the database is down the next
    requests are answered without asking it: none of them waits for the pool or fails at the
    database (each such request would log a line, as the middleware's test shows; whether the
    first request or the pool's reconnecting finds the outage first is a race, so that first
    request may or may not log one), and the server comes back by itself. What counts
    is that work, not seconds: bench/outage.py prints the seconds (at the production timeout)."""
    with served_behind_proxy(scratch_database, tmp_path, VPT_DB_POOL_SIZE="2", VPT_DB_POOL_TIMEOUT="3") as (
        proxy,
        port,
        server,
    ):
        wait_for(port, 200, server)

        proxy.cut()
        _, headers, body = wait_for(port, 503, server)  # the first request may wait for the pool
        assert headers["Retry-After"].isdigit()
        assert "Back in a moment" in body
        assert "Traceback" not in body and "OperationalError" not in body

        for _ in range(5):
            status, headers, body = get(port, "/standings/")
            assert status == 503 and "Back in a moment" in body and headers["Retry-After"].isdigit()
        spanish = get(port, "/", language="es")
        assert answered_503_lines(tmp_path, "/standings/") == 0  # known down: the database never asked
        assert spanish[0] == 503 and "Volvemos en un momento" in spanish[2]

        proxy.restore()
        wait_for(port, 200, server)
        assert server.poll() is None  # the same server, never restarted
    # Whichever found the database gone first, a request or the pool reconnecting in the
    # background, each process's breaker says so (a request's own 503 line comes only when a
    # request was first).
    log = (tmp_path / "logs" / "vpt.log").read_text()
    assert "the database is not answering: pages answer 503 at once until it is back" in log
    assert "the database answers again" in log
