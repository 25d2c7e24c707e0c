"""`manage.py tick_clock [--every N]`: store what time did to the running clocks.

Public pages compute the clock without writing; this puts a level (or a break) that time
brought in force for every running event (`apply_clock_changes`), so that `record_hand` and
the standings see it. Once by default, for cron; `--every N` loops every N seconds until
interrupted. `make run` starts a job runner that calls the same function.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from vpt.rounds.clock import apply_clock_changes


class Command(BaseCommand):
    help = "Put in force the levels that time brought, for every running event's clock."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every", type=float, default=None, metavar="N", help="loop, every N seconds (default: once)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        every = options["every"]
        while True:
            changed = apply_clock_changes()
            if changed or options["verbosity"] > 1:
                self.stdout.write(f"clock changes applied: {changed}")
            if not every:
                return
            time.sleep(max(0.1, every))
