"""`manage.py simulate_event --players N --hands M --seed S [--variant V] [--tour SLUG] [--room-json FILE]
[--buy-in 100] [--fee 10] [--finish [--deal icm|chip-chop]]`;
`manage.py simulate_event --flight-of MAIN --players N --seed S [--hands M | --finish]` plays the
next flight of a main event (`vpt.tours.festival_simulation`); `--satellite-of TARGET --players N
--seed S --finish` plays the next satellite of TARGET (`create_satellite`) until its seats are
won; `--event SLUG --finish` plays an existing seated event, such as a Day 2, out.

Creates an event and plays random deals through `record_hand`; the same arguments give the
same event. The last line printed is the new event's slug. The event has real money: the
buy-in, the fee and the project's default payout structure, so its results carry prizes.
`--finish` plays on (whatever `--hands` says) until one player is left, breaking and
balancing tables as a director would; with `--deal`, until three are left at one table, then
records that deal. It lives in the tours app because
`--tour SLUG` makes the event part of that tour, its players drawn from the tour's stable pool
of people (`vpt.tours.simulation`), so the same people play several events.

`--room-json FILE` then issues a sign-in token for every open table and writes
``{"slug": ..., "tables": [{"id": ..., "number": ..., "token": ...}]}`` to FILE (``-``: standard
output, before the slug), so a load tool can drive every table through the table API. The
tokens are secrets: the file is written readable by its owner only.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.ofc import PRESETS
from vpt.tables.services import issue_event_tokens
from vpt.tours.event_simulation import simulate_event, simulation_actor
from vpt.tours.festival_simulation import play_existing
from vpt.tours.models import Tour
from vpt.tours.simulation import simulate_tour_event


class Command(BaseCommand):
    help = "Create an event and play random hands through record_hand; prints the slug last."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument("--hands", type=int, default=None)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--flight-of", default=None, metavar="SLUG", help="play the next flight of this main event")
        parser.add_argument(
            "--satellite-of", default=None, metavar="SLUG", help="play the next satellite of this event"
        )
        parser.add_argument(
            "--event", default=None, metavar="SLUG", help="play this existing, seated event (such as a Day 2)"
        )
        parser.add_argument("--variant", default="progressive", choices=sorted(PRESETS))
        parser.add_argument("--starting-stack", type=int, default=3000)
        parser.add_argument("--slug", default=None)
        parser.add_argument("--tour", default=None, metavar="SLUG", help="make the event part of this tour")
        parser.add_argument("--buy-in", type=Decimal, default=Decimal("100"), help="each entry's buy-in (to the pool)")
        parser.add_argument("--fee", type=Decimal, default=Decimal("10"), help="each entry's fee (to the house)")
        parser.add_argument("--finish", action="store_true", help="play on until one player is left")
        parser.add_argument(
            "--deal",
            choices=["icm", "chip-chop"],
            default=None,
            help="with --finish: stop at three players at one table and make this deal",
        )
        parser.add_argument(
            "--room-json",
            default=None,
            metavar="FILE",
            help="write the event's slug and each open table's id, number and a new sign-in token as JSON",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["deal"] and not options["finish"]:
            raise CommandError("--deal needs --finish")
        if options["flight_of"] or options["event"] or options["satellite_of"]:
            self.stdout.write(play_existing(options, log=self.stdout.write).slug)
            return
        for required in ("players", "hands", "seed"):
            if options[required] is None:
                raise CommandError(f"--{required} is required")
        tour = None
        if options["tour"]:
            tour = Tour.objects.filter(slug=options["tour"]).first()
            if tour is None:
                raise CommandError(f"no tour with slug {options['tour']!r} (create it with create_tour)")
        try:
            settings = {
                "players": options["players"],
                "hands": options["hands"],
                "seed": options["seed"],
                "variant": options["variant"],
                "starting_stack": options["starting_stack"],
                "slug": options["slug"],
                "buy_in": options["buy_in"],
                "fee": options["fee"],
                "finish": options["finish"],
                "deal": options["deal"],
                "log": self.stdout.write,
            }
            event = simulate_tour_event(tour=tour, **settings) if tour is not None else simulate_event(**settings)
            room = None
            if options["room_json"]:
                issued = issue_event_tokens(event, actor=simulation_actor())
                room = {
                    "slug": event.slug,
                    "tables": [
                        {"id": item.device.table_id, "number": item.device.table.number, "token": item.token}
                        for item in issued
                    ],
                }
        except ServiceError as error:
            raise CommandError(str(error)) from None
        if room is not None:
            text = json.dumps(room, indent=1)
            if options["room_json"] == "-":
                self.stdout.write(text)
            else:
                descriptor = os.open(options["room_json"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                    handle.write(text + "\n")
        self.stdout.write(event.slug)
