"""/healthz: 200 while the database answers, 503 when it does not."""

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.test import Client

BASE_DIR = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_healthz_is_200_with_the_database_up(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"]


def closed_port() -> int:
    """A loopback port nobody listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_healthz_is_503_when_the_database_is_unreachable(tmp_path: Path) -> None:
    """A real server whose PostgreSQL is a closed port: the page answers, the database does not."""
    port, dead = closed_port(), closed_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    env.update(
        VPT_DEBUG="0",
        VPT_SECRET_KEY="x" * 50,
        VPT_DATA_DIR=str(tmp_path),
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{dead}/nothing",
        VPT_DB_POOL_TIMEOUT="1",  # the pool gives up on the dead port after 1 s, not the default 10
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "vpt.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--no-control-socket",
        ],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        status = None
        deadline = time.monotonic() + 120
        while status is None and time.monotonic() < deadline:
            assert server.poll() is None, "gunicorn stopped"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30) as response:
                    status = response.status
            except urllib.error.HTTPError as error:
                status = error.code
            except OSError:
                time.sleep(0.3)
        assert status == 503
        assert "database does not answer" in (tmp_path / "logs" / "vpt.log").read_text()
    finally:
        server.terminate()
        server.wait(timeout=30)
