"""`manage.py start_day2 SLUG [--seed N] [--level N]`: Start Day 2 of a main event (every flight
ended): its advancing stacks become its entries and the seeded snake redraw seats them."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.events.models import Entry, Event
from vpt.festival.services import start_day2
from vpt.tours.event_simulation import simulation_actor


class Command(BaseCommand):
    help = "Start Day 2 of a main event: its advancing stacks seated by the seeded snake redraw."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--level", type=int, default=None, help="the level Day 2 plays from")

    def handle(self, *args: Any, **options: Any) -> None:
        main = Event.objects.filter(slug=options["slug"]).first()
        if main is None:
            raise CommandError(f"no event with slug {options['slug']!r}")
        try:
            tables = start_day2(main, seed=options["seed"], level=options["level"], actor=simulation_actor())
        except ServiceError as error:
            raise CommandError(str(error)) from None
        players = Entry.objects.filter(event=main).count()
        self.stdout.write(f"Day 2 of {main.slug}: {players} players at {len(tables)} tables")
