"""`manage.py simulate_event --players N --hands M --seed S [--variant V]`.

Creates an event and plays random deals through `record_hand`; the same arguments give the
same event. The last line printed is the new event's slug.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.ofc import PRESETS
from vpt.rounds.simulation import simulate_event


class Command(BaseCommand):
    help = "Create an event and play random hands through record_hand; prints the slug last."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--hands", type=int, required=True)
        parser.add_argument("--seed", type=int, required=True)
        parser.add_argument("--variant", default="progressive", choices=sorted(PRESETS))
        parser.add_argument("--starting-stack", type=int, default=3000)
        parser.add_argument("--slug", default=None)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = simulate_event(
                players=options["players"],
                hands=options["hands"],
                seed=options["seed"],
                variant=options["variant"],
                starting_stack=options["starting_stack"],
                slug=options["slug"],
                log=self.stdout.write,
            )
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(event.slug)
