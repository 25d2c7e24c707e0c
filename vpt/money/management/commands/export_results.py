"""`manage.py export_results --event SLUG [--output FILE]`: results as CSV.

The columns of the event page's CSV and XLSX (`vpt.money.results.RESULT_COLUMNS`): place,
name, entry, prize, chips, status (in, out, re-entered), eliminated in hand (`table T hand H`).
Text that a spreadsheet would read as a formula is quoted (`vpt.csvsafe`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt import csvsafe
from vpt.events.models import Event
from vpt.money.results import RESULT_COLUMNS, event_results_table, table_rows


class Command(BaseCommand):
    help = "Write the event's results as CSV: place, name, entry, prize, chips, status, eliminated in hand."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--event", required=True, help="the event's slug")
        parser.add_argument("--output", type=Path, default=None, help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(slug=options["event"]).first()
        if event is None:
            raise CommandError(f"no event with slug {options['event']!r}")
        rows = table_rows(event_results_table(event))
        if options["output"]:
            with options["output"].open("w", newline="", encoding="utf-8") as handle:
                self._write(handle, rows)
            self.stdout.write(f"{len(rows)} entries written to {options['output']}")
        else:
            self._write(self.stdout, rows)

    def _write(self, handle: Any, rows: list[list[object]]) -> None:
        writer = csvsafe.writer(handle, lineterminator="\n")
        writer.writerow(RESULT_COLUMNS)
        writer.writerows(rows)
