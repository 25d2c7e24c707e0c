"""`manage.py create_tour SLUG --name NAME [--rule FILE.json] [--event SLUG[=MULT] ...]
[--final-event SLUG --final-seats N [--final-base-stack N] [--final-chips-per-point X]]`: create a
tour, or update the name and rule of the tour with that slug; add events (each with its
multiplier) and set its final (`vpt.tours.final`). The rule and the options are checked first: a
bad one changes nothing and the command says what is wrong (exit status 1)."""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.tours.event_simulation import simulation_actor
from vpt.tours.models import Tour
from vpt.tours.services import (
    MAX_MULTIPLIER,
    add_event_to_tour,
    create_tour,
    set_tour_event_multiplier,
    set_tour_final,
    update_tour,
)


def number(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValueError(text) from None


def _final(options: dict[str, Any]) -> Event | None:
    """The final's event, when ``--final-event`` names one (``--final-seats`` with it)."""
    given = [name for name in ("final_seats", "final_base_stack") if options[name] is not None]
    if options["final_event"] is None:
        if given or options["final_chips_per_point"]:
            raise CommandError("the --final-... options need --final-event")
        return None
    event = Event.objects.filter(slug=options["final_event"]).first()
    if event is None:
        raise CommandError(f"--final-event: no event with the slug {options['final_event']}")
    if options["final_seats"] is None:
        raise CommandError("--final-event needs --final-seats")
    return event


class Command(BaseCommand):
    help = "Create a tour (or update its name and points rule)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--rule", type=Path, default=None, metavar="FILE.json", help="the points rule as JSON")
        parser.add_argument(
            "--event", action="append", default=[], metavar="SLUG[=MULT]", help="add an event (with its multiplier)"
        )
        parser.add_argument("--final-event", default=None, metavar="SLUG", help="the tour's final")
        parser.add_argument("--final-seats", type=int, default=None, help="tickets to the final: the top N qualified")
        parser.add_argument(
            "--final-base-stack", type=int, default=None, help="every final stack starts here (default: its own)"
        )
        parser.add_argument(
            "--final-chips-per-point",
            type=number,
            default=Decimal(0),
            metavar="X",
            help="chips a season point adds to a final stack (default 0)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        rule = None
        if options["rule"] is not None:
            try:
                rule = json.loads(options["rule"].read_text(encoding="utf-8"))
            except OSError as error:
                raise CommandError(str(error)) from None
            except json.JSONDecodeError as error:
                raise CommandError(f"{options['rule']}: not JSON: {error}") from None
        events = _events(options["event"])
        final = _final(options)
        actor = simulation_actor()
        existing = Tour.objects.filter(slug=options["slug"]).first()
        try:
            if existing is None:
                tour = create_tour(slug=options["slug"], name=options["name"], rule=rule, actor=actor)
                self.stdout.write(f"created tour {tour.slug}")
            else:
                tour = update_tour(existing, name=options["name"], rule=rule, actor=actor)
                self.stdout.write(f"updated tour {tour.slug}")
            for event, multiplier in events:
                add_event_to_tour(tour, event=event, actor=actor)
                set_tour_event_multiplier(tour, event=event, multiplier=multiplier, actor=actor)
                self.stdout.write(f"event {event.slug} x{format(multiplier.normalize(), 'f')}")
            if final is not None:
                tour = set_tour_final(
                    tour,
                    event=final,
                    seats=options["final_seats"],
                    base_stack=options["final_base_stack"],
                    chips_per_point=options["final_chips_per_point"],
                    actor=actor,
                )
                base, per_point = tour.final_base_stack or final.starting_stack, tour.final_chips_per_point
                self.stdout.write(f"final {final.slug}: {tour.final_seats} seats, stack {base} + points x {per_point}")
        except ServiceError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(json.dumps(tour.rule))


def _events(specs: list[str]) -> list[tuple[Event, Decimal]]:
    """``SLUG[=MULT]`` each, checked before anything is written."""
    events = []
    for spec in specs:
        slug, _sep, text = spec.partition("=")
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"--event {spec}: no event with the slug {slug}")
        try:
            multiplier = Decimal(text) if text else Decimal(1)
        except InvalidOperation:
            raise CommandError(f"--event {spec}: the multiplier {text} is not a number") from None
        if not multiplier.is_finite() or not 0 < multiplier <= MAX_MULTIPLIER:
            raise CommandError(f"--event {spec}: the multiplier must be more than 0 and at most 10")
        events.append((event, multiplier))
    return events
