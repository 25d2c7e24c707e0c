"""`manage.py backup [--out DIR]`: a consistent snapshot of the database (see `vpt.backups`).

Prints the file's path as the last line, so a script can pick it up:
`cp "$(manage.py backup | tail -1)" /media/usb/`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.backups import KEEP, BackupError, default_folder, take_backup


class Command(BaseCommand):
    help = f"Back up the database into DIR (default: <data folder>/backups/), keeping the last {KEEP} there."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", type=Path, default=None, help="folder for the backup (default: %(default)s)")

    def handle(self, *args: Any, **options: Any) -> None:
        folder = options["out"] or default_folder()
        try:
            path = take_backup(folder)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(str(path))
