"""Backups hold no sessions and no login attempts, and are checked: when written, and before a
restore, a truncated or damaged file is refused with a message, never a traceback."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from test_backups import environment, manage

from vpt.backups import BackupError, check_backup, take_backup


def rows_in_backup(path: Path) -> dict[str, int]:
    """How many rows each table of a backup holds (its data entries, for a PostgreSQL dump)."""
    if path.suffix == ".sqlite3":
        with sqlite3.connect(path) as backup:
            names = [row[0] for row in backup.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            return {name: backup.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0] for name in names}
    listing = subprocess.run(["pg_restore", "--list", str(path)], capture_output=True, text=True, check=True).stdout
    data = subprocess.run(["pg_restore", "--data-only", "--file", "-", str(path)], capture_output=True, text=True)
    counts: dict[str, int] = {}
    for line in listing.splitlines():
        if " TABLE public " in line:
            counts[line.split(" TABLE public ", 1)[1].split()[0]] = 0
    table = None
    for line in data.stdout.splitlines():
        if line.startswith("COPY public."):
            table = line.split()[1].removeprefix("public.")
        elif line == "\\.":
            table = None
        elif table is not None:
            counts[table] = counts.get(table, 0) + 1
    return counts


@pytest.mark.django_db(transaction=True)
def test_a_backup_holds_no_session_and_no_login_attempt(tmp_path: Path, director: User, password: str) -> None:
    client = Client()
    assert client.post("/floor/accounts/login/", {"username": "director", "password": password}).status_code == 302
    Client(REMOTE_ADDR="10.0.0.66").post("/floor/accounts/login/", {"username": "director", "password": "wrong"})
    assert Session.objects.count() == 1 and AccessAttempt.objects.count() == 1

    rows = rows_in_backup(take_backup(tmp_path))

    assert rows["django_session"] == 0
    assert rows["axes_accessattempt"] == rows["axes_accesslog"] == 0
    assert rows["auth_user"] == 1  # the accounts themselves are kept
    assert Session.objects.count() == 1  # and the room's own database still holds them


@pytest.mark.django_db(transaction=True)
def test_a_truncated_backup_is_refused_before_anything_changes(tmp_path: Path, director: User) -> None:
    backup = take_backup(tmp_path)
    check_backup(backup)  # a whole one passes
    truncated = tmp_path / f"half-{backup.name}"
    truncated.write_bytes(backup.read_bytes()[: backup.stat().st_size // 2])

    with pytest.raises(BackupError) as refused:
        check_backup(truncated)

    assert str(refused.value).startswith(
        f"{truncated.name} is damaged or incomplete (truncated?), not a usable backup: "
    )


@pytest.mark.slow
def test_restore_refuses_a_truncated_file_with_a_message_and_no_traceback(tmp_path: Path) -> None:
    source = environment(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "var")
    manage(source, "migrate", "--verbosity", "0")
    path = Path(manage(source, "backup", "--out", str(tmp_path / "usb")).stdout.strip().splitlines()[-1])
    truncated = tmp_path / "vpt-20261130-214502.sqlite3"
    truncated.write_bytes(path.read_bytes()[:8192])
    target = environment(f"sqlite:///{tmp_path / 'restored.sqlite3'}", tmp_path / "var2")

    refused = manage(target, "restore", str(truncated), check=False)

    assert refused.returncode == 1
    assert refused.stderr == (
        "CommandError: vpt-20261130-214502.sqlite3 is damaged or incomplete (truncated?), not a usable backup: "
        "database disk image is malformed\n"
    )
    assert not (tmp_path / "restored.sqlite3").exists()  # refused before the database was opened
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("vpt-")) == [truncated.name]
