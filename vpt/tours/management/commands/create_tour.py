"""`manage.py create_tour SLUG --name NAME [--rule FILE.json]`: create a tour, or update the
name and rule of the tour with that slug. The rule is checked first: a bad one changes nothing
and the command says what is wrong (exit status 1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.tours.event_simulation import simulation_actor
from vpt.tours.models import Tour
from vpt.tours.services import create_tour, update_tour


class Command(BaseCommand):
    help = "Create a tour (or update its name and points rule)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--rule", type=Path, default=None, metavar="FILE.json", help="the points rule as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        rule = None
        if options["rule"] is not None:
            try:
                rule = json.loads(options["rule"].read_text(encoding="utf-8"))
            except OSError as error:
                raise CommandError(str(error)) from None
            except json.JSONDecodeError as error:
                raise CommandError(f"{options['rule']}: not JSON: {error}") from None
        actor = simulation_actor()
        existing = Tour.objects.filter(slug=options["slug"]).first()
        try:
            if existing is None:
                tour = create_tour(slug=options["slug"], name=options["name"], rule=rule, actor=actor)
                self.stdout.write(f"created tour {tour.slug}")
            else:
                tour = update_tour(existing, name=options["name"], rule=rule, actor=actor)
                self.stdout.write(f"updated tour {tour.slug}")
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(json.dumps(tour.rule))
