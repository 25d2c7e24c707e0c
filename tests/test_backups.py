"""Backups a director can trust: `manage.py backup` and `manage.py restore` (vpt.backups).

The round trip, on SQLite and on PostgreSQL: a backup taken in the middle of a recorded event,
more hands recorded after it, then the backup restored into an empty database holds exactly
the hands, boards, exchanges, stacks and audit entries of backup time, and the chip check
passes. Restore refuses a database that has tables unless `--force`. A folder keeps the last
50 backups. The commands run as a director would run them, in their own processes.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import override_settings
from services import POSTGRES, require

from vpt.backups import KEEP, latest_backup, list_backups, prune

BASE_DIR = Path(__file__).resolve().parent.parent

RECORD_MORE = """
from vpt.events.models import Event
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tours.event_simulation import deal_boards, simulation_actor
from vpt.tables.models import Table
import random
event = Event.objects.get(slug="backup-me")
rng = random.Random(7)
recorded = 0
for table in Table.objects.filter(event=event, status=Table.Status.OPEN).order_by("number"):
    for _ in range(2):
        state = table_state(table.pk)
        boards = deal_boards([(s.number, s.fantasyland_cards) for s in state.seats], event.ruleset, rng)
        record_hand(state.table, hand_number=state.next_hand_number, boards=boards, actor=simulation_actor())
        recorded += 1
print("RECORDED", recorded)
"""

# What a snapshot compares: every row of the tables a night's record lives in.
SNAPSHOT_TABLES = ("rounds_hand", "rounds_board", "rounds_exchange", "events_entry", "audit_auditentry", "tables_table")

# The room before its backup: migrated, one simulated event of simulate_event's own name, and
# one named event to record more hands into after the backup. One process, not three: what is
# under test is `backup` and `restore`, which run in their own.
PREPARE = """
from django.core.management import call_command
from vpt.tours.event_simulation import simulate_event
call_command("migrate", verbosity=0)
call_command("simulate_event", players=9, hands=12, seed=5)
simulate_event(players=6, hands=8, seed=2, slug="backup-me", reentry=False)
"""


def environment(database_url: str, data_dir: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    env.update(DATABASE_URL=database_url, VPT_DATA_DIR=str(data_dir), DJANGO_SETTINGS_MODULE="vpt.settings")
    return env


def manage(env: dict[str, str], *arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    run = subprocess.run(
        [sys.executable, "manage.py", *arguments], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=600
    )
    if check and run.returncode != 0:
        raise AssertionError(f"manage.py {' '.join(arguments)} exited {run.returncode}:\n{run.stdout}\n{run.stderr}")
    return run


def snapshot(env: dict[str, str]) -> dict[str, list[list[str]]]:
    """Every row of SNAPSHOT_TABLES, read straight from the database (no Django start-up)."""
    url = env["DATABASE_URL"]
    if url.startswith("sqlite:///"):
        connection = sqlite3.connect(url.removeprefix("sqlite:///"))
    else:
        import psycopg

        connection = psycopg.connect(url.replace("postgres://", "postgresql://"))
    try:
        found = {}
        for table in SNAPSHOT_TABLES:
            rows = connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
            found[table] = [[str(value) for value in row] for row in rows]
        return found
    finally:
        connection.close()


def round_trip(source: dict[str, str], target: dict[str, str], backups: Path) -> None:
    manage(source, "shell", "--no-imports", "-c", PREPARE)
    at_backup = snapshot(source)
    assert len(at_backup["rounds_hand"]) == 20

    backup = manage(source, "backup", "--out", str(backups))
    path = Path(backup.stdout.strip().splitlines()[-1])  # the path is the last line
    assert path.parent == backups and path.is_file()

    assert "RECORDED 4" in manage(source, "shell", "--no-imports", "-c", RECORD_MORE).stdout
    assert len(snapshot(source)["rounds_hand"]) == 24

    restored = manage(target, "restore", str(path))
    assert "Chip check: OK" in restored.stdout
    assert restored.stdout.count("OK ") >= 2  # one line per event from check_chips
    assert snapshot(target) == at_backup

    refused = manage(target, "restore", str(path), check=False)
    assert refused.returncode != 0
    assert "not empty" in refused.stderr
    assert snapshot(target) == at_backup

    forced = manage(target, "restore", str(path), "--force")
    assert "Chip check: OK" in forced.stdout
    assert snapshot(target) == at_backup


@pytest.mark.slow
def test_sqlite_backup_then_restore_into_an_empty_file(tmp_path: Path) -> None:
    source = environment(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "var")
    target = environment(f"sqlite:///{tmp_path / 'restored.sqlite3'}", tmp_path / "var2")
    round_trip(source, target, tmp_path / "usb")


def admin_execute(sql: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
        admin.execute(sql)  # type: ignore[arg-type]


@pytest.fixture
def two_scratch_databases() -> Iterator[tuple[str, str]]:
    require(POSTGRES, "PostgreSQL")
    names = (f"vpt_backup_{secrets.token_hex(4)}", f"vpt_restore_{secrets.token_hex(4)}")
    for name in names:
        admin_execute(f"CREATE DATABASE {name}")
    try:
        yield names
    finally:
        for name in names:
            admin_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.mark.slow
def test_postgresql_backup_then_restore_into_an_empty_database(
    tmp_path: Path, two_scratch_databases: tuple[str, str]
) -> None:
    room, empty = two_scratch_databases
    source = environment(f"postgres://postgres@127.0.0.1:5432/{room}", tmp_path / "var")
    target = environment(f"postgres://postgres@127.0.0.1:5432/{empty}", tmp_path / "var2")
    round_trip(source, target, tmp_path / "usb")
    assert list_backups(tmp_path / "usb")[0].name.endswith(".pgdump")


def test_a_folder_keeps_the_last_fifty(tmp_path: Path) -> None:
    for minute in range(55):
        (tmp_path / f"vpt-20261130-10{minute:02d}00.sqlite3").write_bytes(b"x")
    (tmp_path / "notes.txt").write_text("not a backup")

    deleted = prune(tmp_path)

    assert len(deleted) == 5
    kept = list_backups(tmp_path)
    assert len(kept) == KEEP
    assert kept[0].name == "vpt-20261130-100500.sqlite3"
    assert (tmp_path / "notes.txt").exists()


@pytest.mark.django_db(transaction=True)
def test_take_backup_prunes_and_the_newest_is_the_latest(tmp_path: Path) -> None:
    from vpt.backups import take_backup

    for minute in range(KEEP):
        (tmp_path / f"vpt-20200101-10{minute:02d}00.sqlite3").write_bytes(b"x")
    with override_settings(DATA_DIR=tmp_path):
        path = take_backup()
        assert path.parent == tmp_path / "backups"
        newest = take_backup(tmp_path)

    assert len(list_backups(tmp_path)) == KEEP
    latest = latest_backup(tmp_path)
    assert latest is not None and latest.path == newest
    assert not list(tmp_path.glob(".*partial"))
