"""`make run`'s demo data: load fixtures/demo_event.json into an empty database, once.

Loading it again would overwrite the demo event a director has been running, so a database
that already holds an event is left alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from vpt.events.models import Event

DEMO_FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo_event.json"


class Command(BaseCommand):
    help = "Load the demo event (fixtures/demo_event.json) unless the database already has an event."

    def handle(self, *args: Any, **options: Any) -> None:
        if Event.objects.exists():
            self.stdout.write("The database already holds an event; the demo was not loaded again.")
            return
        call_command("loaddata", str(DEMO_FIXTURE), verbosity=0)
        event = Event.objects.get()
        self.stdout.write(f"Loaded the demo event {event.slug}: log in as director/director or dealer1/dealer1.")
