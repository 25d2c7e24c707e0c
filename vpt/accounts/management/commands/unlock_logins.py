"""Unlock a username locked out by wrong passwords (every address), or every username."""

from __future__ import annotations

from typing import Any

from axes.utils import reset
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Unlock USERNAME (at every address) after wrong passwords, or with --all every username."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", nargs="?", help="the username to unlock, such as director")
        parser.add_argument("--all", action="store_true", help="unlock every username")

    def handle(self, *args: Any, username: str | None = None, all: bool = False, **options: Any) -> None:
        if bool(username) == all:
            self.stderr.write("Name one username to unlock, or give --all.")
            raise SystemExit(2)
        count = reset() if all else reset(username=username)
        who = "every username" if all else username
        self.stdout.write(f"Unlocked {who}: {count} locked-out record(s) removed.")
