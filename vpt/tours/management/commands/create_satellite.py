"""`manage.py create_satellite SLUG --target TARGET [--seat-value 110] [--name NAME]
[--buy-in 100 --fee 10]`: a satellite of TARGET whose seats are tickets to it (festival.md)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.festival.creation import create_satellite
from vpt.tours.event_simulation import simulation_actor


class Command(BaseCommand):
    help = "Create a satellite of an event; prints its slug."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--target", required=True, metavar="SLUG", help="the event whose seats it awards")
        parser.add_argument(
            "--seat-value", type=Decimal, default=None, help="one ticket's value (default: the target's buy-in + fee)"
        )
        parser.add_argument("--name", default="")
        parser.add_argument("--buy-in", type=Decimal, default=Decimal("100"))
        parser.add_argument("--fee", type=Decimal, default=Decimal("10"))
        parser.add_argument("--starting-stack", type=int, default=3000)

    def handle(self, *args: Any, **options: Any) -> None:
        target = Event.objects.filter(slug=options["target"]).first()
        if target is None:
            raise CommandError(f"no event with slug {options['target']!r}")
        try:
            satellite = create_satellite(
                slug=options["slug"],
                target=target,
                name=options["name"],
                seat_value=options["seat_value"],
                buy_in=options["buy_in"],
                fee=options["fee"],
                starting_stack=options["starting_stack"],
                actor=simulation_actor(),
            )
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(satellite.slug)
