"""Backups of the whole database: take one, list them, restore one.

A backup is one file in a folder (by default `<data folder>/backups/`) named with the local
time it was taken: `vpt-20261130-214502.sqlite3` for the embedded SQLite (a copy made with
SQLite's online backup API, consistent while the room keeps writing) or
`vpt-20261130-214502.pgdump` for PostgreSQL (`pg_dump --format=custom`, one snapshot
transaction). A file is written under a temporary name and renamed when complete, so the
folder never shows half a backup. The last `KEEP` backups in a folder are kept.

A backup leaves out the rows of `LEFT_OUT`: the sessions (whoever holds a backup must not
be logged in as a director with them) and the login attempt records; their tables are
there, empty. Every backup is checked before it is renamed into place (`check_backup`:
SQLite's `PRAGMA integrity_check`, `pg_restore --list` for a dump), and every file again
before it is restored: a truncated or damaged file is refused with a message saying so.

`restore` loads a file into the database `DATABASE_URL` names, which must be empty (no tables)
unless `force` is given: then its tables are dropped first.

This module knows databases and files only, never the apps' models: the director's floor
(events) reads the folder through `latest_backup`, and the commands in
`vpt/events/management/commands/` call the rest.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections
from django.utils import timezone

KEEP = 50
PREFIX = "vpt-"
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}
NAME = re.compile(r"^vpt-(\d{8})-(\d{6})(?:-(\d+))?\.(sqlite3|pgdump)$")
# Tables whose rows no backup holds: sessions, and django-axes' login attempts and logs.
LEFT_OUT = ("django_session", "axes_accessattempt", "axes_accessfailurelog", "axes_accesslog")


class BackupError(Exception):
    """A backup or restore that could not be done; the message says why."""


@dataclass(frozen=True)
class Backup:
    path: Path
    taken_at: datetime

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def size(self) -> int:
        return self.path.stat().st_size


def default_folder() -> Path:
    return Path(settings.DATA_DIR) / "backups"


def _vendor(alias: str = "default") -> str:
    vendor = connections[alias].vendor
    if vendor not in SUFFIXES:
        raise BackupError(f"backups support SQLite and PostgreSQL, not {vendor}")
    return vendor


def list_backups(folder: Path | None = None) -> list[Backup]:
    """The backups in `folder`, oldest first (by the time in their names)."""
    folder = folder or default_folder()
    if not folder.is_dir():
        return []
    found: list[tuple[str, int, Backup]] = []
    for path in folder.iterdir():
        match = NAME.match(path.name)
        if not match or not path.is_file():
            continue
        naive = datetime.strptime(match.group(1) + match.group(2), "%Y%m%d%H%M%S")
        taken_at = timezone.make_aware(naive) if settings.USE_TZ else naive
        found.append((match.group(1) + match.group(2), int(match.group(3) or 0), Backup(path, taken_at)))
    return [backup for *_, backup in sorted(found, key=lambda item: (item[0], item[1]))]


def latest_backup(folder: Path | None = None) -> Backup | None:
    backups = list_backups(folder)
    return backups[-1] if backups else None


def prune(folder: Path, keep: int = KEEP) -> list[Path]:
    """Delete all but the newest `keep` backups in `folder`; returns what was deleted."""
    doomed = [backup.path for backup in list_backups(folder)[:-keep]] if keep > 0 else []
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed


def _new_path(folder: Path, suffix: str) -> Path:
    stamp = (
        timezone.localtime().strftime("%Y%m%d-%H%M%S") if settings.USE_TZ else datetime.now().strftime("%Y%m%d-%H%M%S")
    )
    path = folder / f"{PREFIX}{stamp}{suffix}"
    counter = 1
    while path.exists():
        counter += 1
        path = folder / f"{PREFIX}{stamp}-{counter}{suffix}"
    return path


def take_backup(folder: Path | None = None, keep: int = KEEP, alias: str = "default") -> Path:
    """Write a consistent snapshot of the database into `folder` and prune; returns its path."""
    vendor = _vendor(alias)
    folder = folder or default_folder()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    final = _new_path(folder, SUFFIXES[vendor])
    partial = final.with_name(f".{final.name}.partial")
    try:
        if vendor == "sqlite":
            _sqlite_backup(connections[alias].settings_dict, partial)
        else:
            _pg_dump(connections[alias].settings_dict, partial)
        os.chmod(partial, 0o600)
        check_backup(partial, vendor=vendor)
        os.replace(partial, final)
    finally:
        partial.unlink(missing_ok=True)
    prune(folder, keep)
    return final


def _sqlite_file(settings_dict: dict[str, Any]) -> str:
    name = str(settings_dict["NAME"])
    if name in {"", ":memory:"} or name.startswith("file:"):
        raise BackupError(f"no database file to back up or restore: {name!r}")
    return name


def _sqlite_backup(settings_dict: dict[str, Any], target: Path) -> None:
    # SQLite's online backup: a consistent copy even while other connections write (WAL).
    try:
        source = sqlite3.connect(_sqlite_file(settings_dict), timeout=60)
        destination = sqlite3.connect(target)
    except sqlite3.Error as error:
        raise BackupError(f"cannot open the database to back it up: {error}") from None
    try:
        with destination:
            source.backup(destination)
        present = {row[0] for row in destination.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        with destination:
            for table in LEFT_OUT:
                if table in present:
                    destination.execute(f'DELETE FROM "{table}"')
        destination.execute("VACUUM")  # the deleted rows' pages go too, not only their index
    except sqlite3.Error as error:
        raise BackupError(f"the backup could not be written: {error}") from None
    finally:
        destination.close()
        source.close()


def check_backup(path: Path, vendor: str | None = None) -> None:
    """Refuse a backup file that is truncated, damaged or not a backup at all (BackupError)."""
    vendor = vendor or next((name for name, suffix in SUFFIXES.items() if path.suffix == suffix), None)
    if vendor == "sqlite":
        _check_sqlite(path)
    elif vendor == "postgresql":
        _check_pgdump(path)
    else:
        raise BackupError(f"{path.name} is not a backup (.sqlite3 or .pgdump)")


def _check_sqlite(path: Path) -> None:
    damaged = f"{path.name} is damaged or incomplete (truncated?), not a usable backup"
    try:
        # Read-only and immutable: checking writes nothing, not even a -shm file beside it.
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"{damaged}: {error}") from None
    try:
        result = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        raise BackupError(f"{damaged}: {error}") from None
    finally:
        connection.close()
    if result != ["ok"]:
        raise BackupError(f"{damaged}: {'; '.join(result[:3])}")
    if "django_migrations" not in tables:
        raise BackupError(f"{path.name} is an SQLite file but not a VPT backup (it has no django_migrations)")


def _check_pgdump(path: Path) -> None:
    run = subprocess.run([_pg_tool("pg_restore"), "--list", str(path)], capture_output=True, text=True)
    if run.returncode != 0:
        problem = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "pg_restore cannot read it"
        raise BackupError(f"{path.name} is damaged or incomplete (truncated?), not a usable backup: {problem}")
    if "django_migrations" not in run.stdout:
        raise BackupError(f"{path.name} is a PostgreSQL dump but not a VPT backup (it has no django_migrations)")


def _pg_environment(settings_dict: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """Environment and options for pg_dump/pg_restore/psql naming the same database."""
    env = dict(os.environ)
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings_dict["PASSWORD"])
    options: list[str] = []
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings_dict.get(key):
            options += [flag, str(settings_dict[key])]
    return env, options


def _pg_tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BackupError(f"{name} is not installed (apt-get install postgresql-client)")
    return found


def _pg_dump(settings_dict: dict[str, Any], target: Path) -> None:
    env, options = _pg_environment(settings_dict)
    left_out = [f"--exclude-table-data={table}" for table in LEFT_OUT]
    command = [_pg_tool("pg_dump"), *options, "--format=custom", "--no-owner", *left_out, "--file", str(target)]
    run = subprocess.run([*command, str(settings_dict["NAME"])], env=env, capture_output=True, text=True)
    if run.returncode != 0:
        raise BackupError(f"pg_dump failed: {run.stderr.strip()}")


def table_names(alias: str = "default") -> list[str]:
    connection = connections[alias]
    with connection.cursor() as cursor:
        return list(connection.introspection.table_names(cursor))


def restore(backup: Path, force: bool = False, alias: str = "default") -> None:
    """Load `backup` into the database; refuse one that has tables unless `force`."""
    vendor = _vendor(alias)
    if not backup.is_file():
        raise BackupError(f"no such backup: {backup}")
    expected = SUFFIXES[vendor]
    if backup.suffix != expected:
        raise BackupError(f"{backup.name} is not a {vendor} backup ({expected})")
    check_backup(backup, vendor=vendor)  # before anything in the database changes
    existing = table_names(alias)
    if existing and not force:
        raise BackupError(
            f"the database is not empty ({len(existing)} tables): restore into an empty one,"
            " or use --force to replace it"
        )
    connection = connections[alias]
    settings_dict = connection.settings_dict
    if vendor == "sqlite":
        connection.close()
        source = sqlite3.connect(backup)
        destination = sqlite3.connect(_sqlite_file(settings_dict), timeout=60)
        try:
            # The backup API replaces every page of the destination in one step.
            with destination:
                source.backup(destination)
        finally:
            destination.close()
            source.close()
        return
    if existing:
        with connection.cursor() as cursor:
            quoted = ", ".join(connection.ops.quote_name(name) for name in existing)
            cursor.execute(f"DROP TABLE IF EXISTS {quoted} CASCADE")
    connection.close()
    env, options = _pg_environment(settings_dict)
    command = [
        _pg_tool("pg_restore"),
        *options,
        "--dbname",
        str(settings_dict["NAME"]),
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        str(backup),
    ]
    run = subprocess.run(command, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        raise BackupError(f"pg_restore failed: {run.stderr.strip()}")
