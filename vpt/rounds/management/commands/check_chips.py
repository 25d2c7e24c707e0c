"""`manage.py check_chips --event SLUG`: prove chip conservation (see `vpt.rounds.chips`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.events.models import Entry, Event
from vpt.rounds.chips import chip_discrepancies
from vpt.rounds.models import Hand


class Command(BaseCommand):
    help = "Check that every settlement sums to zero and stacks match the ledger; exit 1 naming any discrepancy."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--event", required=True, help="the event's slug")

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(slug=options["event"]).first()
        if event is None:
            raise CommandError(f"no event with slug {options['event']!r}")
        problems = chip_discrepancies(event)
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(problems)} discrepancies in {event.slug}", returncode=1)
        hands = Hand.objects.filter(event=event, status=Hand.Status.RECORDED).count()
        entries = Entry.objects.filter(event=event)
        chips = sum(entries.values_list("stack", flat=True))
        line = f"OK {event.slug}: {hands} hands, {entries.count()} entries, {chips} chips in play"
        if event.main_event_id is not None and event.status == Event.Status.FINISHED:
            advancing = entries.filter(status=Entry.Status.ACTIVE).count()
            line += f", {advancing} advancing"
        self.stdout.write(line)
