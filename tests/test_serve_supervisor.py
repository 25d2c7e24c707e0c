"""`make run` restarts gunicorn when its master process dies (kill -9): the room keeps its
server, and SIGTERM still stops everything (`vpt.serve.supervise`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from test_serving import BASE_DIR, START_DEADLINE_SECONDS, clean_environment, free_port


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    return found


def command_of(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def gunicorn_master(supervisor: int) -> int | None:
    return next((pid for pid in children(supervisor) if "gunicorn" in command_of(pid)), None)


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + START_DEADLINE_SECONDS
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.5)
    pytest.fail(f"{what} within {START_DEADLINE_SECONDS} s")


@pytest.mark.slow
def test_a_killed_gunicorn_master_is_started_again(tmp_path: Path) -> None:
    port = free_port()
    env = clean_environment(VPT_DATA_DIR=str(tmp_path / "var"), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    log = (tmp_path / "serve.log").open("w")
    supervisor = subprocess.Popen(
        [sys.executable, "-m", "vpt.serve", "--port", str(port), "--bind", "127.0.0.1", "--workers", "1", "--no-demo"],
        cwd=BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_until(lambda: healthy(port), "the server did not answer")
        first = gunicorn_master(supervisor.pid)
        assert first is not None

        os.kill(first, signal.SIGKILL)
        wait_until(lambda: gunicorn_master(supervisor.pid) not in (None, first), "no new gunicorn master")
        wait_until(lambda: healthy(port), "the restarted server did not answer")
        assert supervisor.poll() is None
    finally:
        supervisor.terminate()
        code = supervisor.wait(timeout=60)
        log.close()
    output = (tmp_path / "serve.log").read_text()
    assert "gunicorn's master process ended (signal 9): starting it again" in output
    assert code == 0
