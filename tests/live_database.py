"""A live app server on PostgreSQL behind a TCP proxy that can be cut: what
tests/test_database_outage.py and bench/outage.py start. No Django import: the server runs in
its own process (gunicorn, debug off) on a scratch database.
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

from services import POSTGRES

BASE_DIR = Path(__file__).resolve().parent.parent
# Generous: a busy 2-core machine is slow; a server that never comes back still fails.
DEADLINE_SECONDS = 180


def admin_execute(sql: str) -> list[tuple[object, ...]]:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
        cursor = admin.execute(sql)  # type: ignore[arg-type]
        return cursor.fetchall() if cursor.description else []


@contextlib.contextmanager
def scratch_database(prefix: str = "vpt_pool") -> Iterator[str]:
    """A PostgreSQL database of its own for the duration, dropped after."""
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin_execute(f"CREATE DATABASE {name}")
    try:
        yield name
    finally:
        admin_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def clean_environment(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    return {**env, "DJANGO_SETTINGS_MODULE": "vpt.settings", **extra}


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


@contextlib.contextmanager
def served_behind_proxy(
    database: str, data_dir: Path, **settings: str
) -> Iterator[tuple[Proxy, int, subprocess.Popen[bytes]]]:
    """Migrate ``database`` (reached through a `Proxy`), collect the static files, then serve it
    with gunicorn (one worker, two threads, debug off) on a free port: (proxy, port, server)."""
    proxy = Proxy(POSTGRES)
    env = clean_environment(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{proxy.port}/{database}",
        VPT_DEBUG="0",
        VPT_SECRET_KEY="o" * 50,
        VPT_DATA_DIR=str(data_dir),
        **settings,
    )
    for command in (["migrate"], ["collectstatic", "--no-input"]):
        subprocess.run(
            [sys.executable, "manage.py", *command, "--verbosity", "0"], cwd=BASE_DIR, env=env, check=True, timeout=300
        )
    port = free_port()
    log = (data_dir / "server.log").open("wb")
    command = [sys.executable, "-m", "gunicorn", "vpt.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [*command, "--worker-class", "gthread", "--workers", "1", "--threads", "2", "--no-control-socket"],
        cwd=BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield proxy, port, server
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
        proxy.close()
