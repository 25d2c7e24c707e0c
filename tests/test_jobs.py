"""The job runner of `make run` (vpt.jobs): backups when due, the clocks, and no orphan."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import override_settings
from django.utils import timezone

from vpt.backups import list_backups
from vpt.events.services import create_event
from vpt.jobs import ROUND_BACKUP_SECONDS, BackupPolicy, tick
from vpt.tables.models import Round, Table

BASE_DIR = Path(__file__).resolve().parent.parent


def test_policy_first_then_by_time_then_after_a_round() -> None:
    policy = BackupPolicy(minutes=5)
    assert policy.due(1000.0, rounds=3) == "first"
    policy.last_taken, policy.last_rounds = 1000.0, 3
    assert policy.due(1010.0, rounds=3) is None
    # A round ended: due once the last backup is old enough, not at every round in a big room.
    assert policy.due(1000.0 + ROUND_BACKUP_SECONDS - 1, rounds=4) is None
    assert policy.due(1000.0 + ROUND_BACKUP_SECONDS, rounds=4) == "round"
    assert policy.due(1000.0 + 5 * 60, rounds=3) == "time"
    assert BackupPolicy(minutes=0).due(1000.0, rounds=9) is None  # VPT_BACKUP_MINUTES=0: off


@pytest.mark.django_db(transaction=True)
def test_tick_takes_due_backups_into_the_data_folder(tmp_path: Path, director: User) -> None:
    event = create_event(name="Jobs", slug="jobs", actor=director, levels=[100])
    table = Table.objects.create(event=event, number=1)
    policy = BackupPolicy(minutes=5)
    start = time.time()
    with override_settings(DATA_DIR=tmp_path):
        first = tick(policy, now=start)
        assert first is not None and Path(first).parent == tmp_path / "backups"
        assert tick(policy, now=start + 10) is None
        Round.objects.create(table=table, number=1, closed_at=timezone.now())  # a round ends
        assert tick(policy, now=start + 20) is None  # too soon after the last one
        assert tick(policy, now=start + ROUND_BACKUP_SECONDS + 1) is not None
        assert tick(policy, now=start + ROUND_BACKUP_SECONDS + 2) is None
        # A runner started later counts from the newest backup in the folder.
        later = BackupPolicy(minutes=5)
        assert tick(later, now=time.time() + 1) is None
    assert len(list_backups(tmp_path / "backups")) == 2


@pytest.mark.slow  # two Python processes, one of them waits 3 s
def test_the_runner_stops_when_its_server_does(tmp_path: Path) -> None:
    """vpt.serve starts the runner, then becomes gunicorn: when that parent goes, so does it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        VPT_DATA_DIR=str(tmp_path),
        VPT_BACKUP_MINUTES="0",
    )
    parent_script = (
        "import subprocess, sys, time\n"
        "import os\n"
        "command = [sys.executable, '-m', 'vpt.jobs', '--every', '0.2', '--parent', str(os.getpid())]\n"
        "child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(3)\n"
    )
    parent = subprocess.run(
        [sys.executable, "-c", parent_script], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )
    child = int(parent.stdout.split()[0])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.kill(child, 9)
    raise AssertionError("the job runner outlived its parent")
