"""`manage.py import_players FILE.csv --event SLUG`: register players from a CSV file.

Columns (header row required): `name`, optional `country`, `email`. Every row is checked
before anyone is registered, so a bad file registers nobody.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.errors import ServiceError
from vpt.events.entries import register_player
from vpt.events.models import Event, Player


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
            with options["file"].open(newline="", encoding="utf-8-sig") as handle:
                rows = list(csv.DictReader(handle))
        except OSError as error:
            raise CommandError(str(error)) from None
        if rows and "name" not in rows[0]:
            raise CommandError("the CSV file needs a 'name' column")
        existing = set(Player.objects.filter(event=event).values_list("name", flat=True))
        seen: set[str] = set()
        problems = []
        for line, row in enumerate(rows, start=2):
            name = (row.get("name") or "").strip()
            if not name:
                problems.append(f"line {line}: no name")
            elif name in existing:
                problems.append(f"line {line}: {name} is already registered")
            elif name in seen:
                problems.append(f"line {line}: {name} appears twice in the file")
            seen.add(name)
        if problems:
            raise CommandError("nobody registered:\n" + "\n".join(problems))
        for row in rows:
            try:
                register_player(
                    event,
                    name=row["name"].strip(),
                    actor=actor,
                    country=(row.get("country") or "").strip(),
                    email=(row.get("email") or "").strip(),
                )
            except ServiceError as error:
                raise CommandError(f"{row['name']}: {error}") from None
        self.stdout.write(f"{len(rows)} players registered in {event.slug}")
