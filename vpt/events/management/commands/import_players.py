"""`manage.py import_players FILE.csv --event SLUG`: register players from a CSV file.

Columns (header row required, read by `vpt.events.player_csv`): a name, optional country and
email, in any case, English or Spanish, `,` or `;` separated. Every row is checked before
anyone is registered, so a bad file registers nobody. Each row is linked to the person with its
e-mail, else its name, else a new person; one line per row says which.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.events.entries import people_problems, register_rows
from vpt.events.models import Event, Player
from vpt.events.player_csv import PlayerFileError, check_rows, read_player_file


def command_actor(username: str | None) -> Any:
    """The staff user a command acts as: `--as USERNAME`, or the first active superuser/staff."""
    users = get_user_model().objects.filter(is_active=True, is_staff=True)
    user = users.filter(username=username).first() if username else users.order_by("-is_superuser", "id").first()
    if user is None:
        raise CommandError(
            "no such staff user: create a director first (createsuperuser)"
            if not username
            else f"{username!r} is not an active staff user"
        )
    return user


class Command(BaseCommand):
    help = "Register the players listed in a CSV file (columns: name, country, email)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--event", required=True, help="the event's slug")
        parser.add_argument("--as", dest="actor", default=None, help="staff username to act as")

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(slug=options["event"]).first()
        if event is None:
            raise CommandError(f"no event with slug {options['event']!r}")
        actor = command_actor(options["actor"])
        try:
            read = read_player_file(options["file"].read_bytes())
        except OSError as error:
            raise CommandError(str(error)) from None
        except PlayerFileError as error:
            raise CommandError("nobody registered:\n" + "\n".join(error.problems)) from None
        registered = set(Player.objects.filter(event=event).values_list("name", flat=True))
        problems = check_rows(read.rows, registered) or people_problems(event, read.rows)
        if problems:
            raise CommandError("nobody registered:\n" + "\n".join(problems))
        self.stdout.write(read.columns_sentence())
        try:
            done = register_rows(event, read.rows, actor=actor)
        except ServiceError as error:
            raise CommandError(f"line {error.details['line']}: {error}") from None
        for imported in done:
            person = f"person {imported.person.pk}"
            how = f"matched {imported.person.name} ({person})" if imported.matched else f"new {person}"
            self.stdout.write(f"line {imported.line}: {imported.name}: {how}")
        self.stdout.write(f"{len(read.rows)} players registered in {event.slug}")
