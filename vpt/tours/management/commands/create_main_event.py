"""`manage.py create_main_event SLUG --name NAME --flights 1A,1B,1C [--policy best_stack|first_stack]
[--advance 0.15|survivors] [--buy-in 100 --fee 10]`: a main event and its flights (`SLUG-1a`...)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.events.models import FlightPolicy
from vpt.festival.creation import create_main_event, parse_advance
from vpt.tours.event_simulation import simulation_actor


class Command(BaseCommand):
    help = "Create a main event and its flights; prints each flight's slug, then the main event's."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--flights", required=True, help="the flights' labels, such as 1A,1B,1C")
        parser.add_argument("--policy", choices=FlightPolicy.values, default=FlightPolicy.BEST_STACK)
        parser.add_argument("--advance", default="0.15", help="a share such as 0.15, or survivors")
        parser.add_argument("--buy-in", type=Decimal, default=Decimal("100"))
        parser.add_argument("--fee", type=Decimal, default=Decimal("10"))
        parser.add_argument("--starting-stack", type=int, default=10000)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            main = create_main_event(
                slug=options["slug"],
                name=options["name"],
                flights=options["flights"].split(","),
                policy=options["policy"],
                advance=parse_advance(options["advance"]),
                buy_in=options["buy_in"],
                fee=options["fee"],
                starting_stack=options["starting_stack"],
                actor=simulation_actor(),
            )
        except ServiceError as error:
            raise CommandError(str(error)) from None
        for flight in main.flights.order_by("created_at", "id"):
            self.stdout.write(flight.slug)
        self.stdout.write(main.slug)
