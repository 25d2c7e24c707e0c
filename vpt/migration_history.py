"""The database's migration history across the fold of December 2026.

Each app's migrations were folded into one (`0001_squashed`, listing the ones it ``replaces``).
A database that ran all of an app's old migrations is taken as up to date (Django's rule for a
squashed migration); a fresh one runs the folded one. A database that ran only some of them is
from a version older than the fold's: Django would skip what it lacks without a word, so this
check (run by ``migrate``, hence by ``make run``) stops it with the way through.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core import checks
from django.db import connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

# The last version that still had the old migrations: a database older than the fold upgrades
# to it first, then to this one.
UPGRADE_THROUGH = "4a60fcb"


@checks.register(checks.Tags.database)
def check_history_before_the_fold(
    app_configs: Any = None, databases: Sequence[str] | None = None, **kwargs: Any
) -> list[checks.CheckMessage]:
    errors: list[checks.CheckMessage] = []
    folded = [m for m in MigrationLoader(None, ignore_no_migrations=True).disk_migrations.values() if m.replaces]
    for alias in databases or ():
        recorder = MigrationRecorder(connections[alias])
        if not recorder.has_table():
            continue  # a fresh database: it runs the folded migrations
        applied = set(recorder.applied_migrations())
        for migration in folded:
            ran = [key for key in migration.replaces if key in applied]
            if ran and len(ran) < len(migration.replaces) and (migration.app_label, migration.name) not in applied:
                errors.append(
                    checks.Error(
                        f"The database {alias!r} ran {len(ran)} of the {len(migration.replaces)} migrations of "
                        f"{migration.app_label!r} (the last: {ran[-1][1]}) that {migration.name} now replaces: it "
                        f"is from an older version of VPT Director.",
                        hint=f"Upgrade it through version {UPGRADE_THROUGH} first (git checkout {UPGRADE_THROUGH}, "
                        f"make run, stop it), then run this version.",
                        id="vpt.E001",
                    )
                )
    return errors
