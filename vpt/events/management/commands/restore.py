"""`manage.py restore FILE [--force]`: load a backup into the database, then check the chips.

The database `DATABASE_URL` names must be empty (a new SQLite file, or a new PostgreSQL
database) unless `--force` is given, which drops its tables first. Stop the app servers
before restoring over a database they use. Ends by running `check_chips` on every event and
exits 1 when any of them finds a discrepancy.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.backups import BackupError, restore
from vpt.events.models import Event


class Command(BaseCommand):
    help = "Load a backup (from `manage.py backup`) into the empty database DATABASE_URL names; then check chips."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="a .sqlite3 or .pgdump file written by `manage.py backup`")
        parser.add_argument("--force", action="store_true", help="replace a database that already has tables")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            restore(options["file"], force=options["force"])
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Restored {options['file']}")
        failed = []
        for slug in Event.objects.order_by("pk").values_list("slug", flat=True):
            # check_chips lives with the hands (rounds); asked by name, as the layers require.
            out, err = StringIO(), StringIO()
            try:
                call_command("check_chips", event=slug, stdout=out, stderr=err)
            except CommandError as error:
                failed.append(slug)
                self.stderr.write(err.getvalue().strip())
                self.stderr.write(str(error))
            else:
                self.stdout.write(out.getvalue().strip())
        if failed:
            raise CommandError(f"chip check failed for {', '.join(failed)}", returncode=1)
        self.stdout.write("Chip check: OK for every event")
