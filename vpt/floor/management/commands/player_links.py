"""`manage.py player_links SLUG`: every entry's private player link as CSV (name,url), to send
by SMS or WhatsApp. Issues the missing links first while the event runs; once it has finished
(after its last hand or a deal) lists the links given, which open until it is closed. The links
carry the public address (`VPT_PUBLIC_URL`, else the address the running `make run` printed,
else the LAN address it would print on port 8000 or `--port`); a loopback one is refused,
since no phone opens it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test import override_settings
from django.utils.translation import gettext as _

from vpt.csvsafe import SafeWriter
from vpt.events.management.commands.import_players import command_actor
from vpt.events.models import Event
from vpt.events.player_links import issue_player_links
from vpt.floor.link_views import entry_links
from vpt.http import configured_public_url
from vpt.serve import default_public_url, lan_addresses, served_public_url


class Command(BaseCommand):
    help = "Print name,url for every entry's private player link."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--as", dest="actor", default=None, help="staff username to issue links as")
        parser.add_argument(
            "--port", type=int, default=None, help="the port make run serves on (default: the one it serves on now)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            event = Event.objects.get(slug=options["slug"])
        except Event.DoesNotExist:
            raise CommandError(_("No event with the slug %(slug)s.") % {"slug": options["slug"]}) from None
        if event.closed_at is not None:
            raise CommandError(_("The event is closed: its player links no longer open."))
        # The address the running `make run` printed (its port too), unless a port is given.
        served = served_public_url(settings.DATA_DIR) if options["port"] is None else ""
        base = settings.VPT_PUBLIC_URL or served or default_public_url(options["port"] or 8000, lan_addresses())
        with override_settings(VPT_PUBLIC_URL=base):
            if not configured_public_url("/"):
                raise CommandError(
                    _("No address phones can reach: set VPT_PUBLIC_URL (such as http://192.168.1.20:8000).")
                )
            if event.status != Event.Status.FINISHED:  # after the last hand or a deal: no new links
                issue_player_links(event, actor=command_actor(options["actor"]))
            links = entry_links(event, configured_public_url)
        writer = SafeWriter(self.stdout, lineterminator="\n")  # a name typed as a formula stays text
        writer.writerow(["name", "url"])
        for entry, url in links:
            if url:  # an entry without a link, of a finished event, has nothing to send
                writer.writerow([entry.player.name, url])  # one row per player: a re-entry keeps the link
