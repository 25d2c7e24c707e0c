"""`make run`'s demo data: load fixtures/demo_event.json into an empty database, once: the
demo event, and a finished warm-up of the same people, both in a small tour (`demo-tour`).

Loading it again would overwrite the demo event a director has been running, so a database
that already holds an event is left alone.

The fixture's accounts (`director`, `dealer1`) have no usable password. Each gets a generated
one that passes the password validators; it is printed once and saved in the data folder's
secrets file (`vpt.local_secrets`), so no served instance has a password anyone could guess.
A database loaded before this change still had `director`/`director`: those are replaced too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand

from vpt.accounts.passwords import generate_password
from vpt.events.models import Event
from vpt.local_secrets import secrets_path, update_secrets

DEMO_FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo_event.json"
DEMO_USERS = ("director", "dealer1")


def set_generated_passwords(usernames: list[str]) -> dict[str, str]:
    """Give each user a generated password and save them all in the secrets file."""
    users = get_user_model().objects.filter(username__in=usernames).order_by("username")
    passwords = {}
    for user in users:
        password = generate_password(user)
        user.set_password(password)
        user.save(update_fields=["password"])
        passwords[user.get_username()] = password
    if passwords:
        update_secrets(Path(settings.DATA_DIR), passwords=passwords)
    return passwords


class Command(BaseCommand):
    help = "Load the demo event (fixtures/demo_event.json) unless the database already has an event."

    def handle(self, *args: Any, **options: Any) -> None:
        if Event.objects.exists():
            self.stdout.write("The database already holds an event; the demo was not loaded again.")
            self._replace_known_passwords()
            return
        call_command("loaddata", str(DEMO_FIXTURE), verbosity=0)
        slugs = ", ".join(Event.objects.order_by("created_at", "id").values_list("slug", flat=True))
        passwords = set_generated_passwords(list(DEMO_USERS))
        self.stdout.write(f"Loaded the demo events {slugs} (a small tour: /tours/demo-tour/).")
        self._print(passwords)

    def _replace_known_passwords(self) -> None:
        """Demo accounts whose password is their username (the fixture before generated ones)."""
        known = [
            user.get_username()
            for user in get_user_model().objects.filter(username__in=DEMO_USERS)
            if user.check_password(user.get_username())
        ]
        if known:
            self.stdout.write("The demo accounts had well-known passwords; they have new ones.")
            self._print(set_generated_passwords(known))

    def _print(self, passwords: dict[str, str]) -> None:
        self.stdout.write(f"Log in with (shown once; also saved in {secrets_path(Path(settings.DATA_DIR))}):")
        for username, password in passwords.items():
            self.stdout.write(f"    {username:<10} {password}")
