"""The audit actions the events app writes (the event, its levels, entries, private links),
with their labels and sentences, and how the facts the sentences of every app share are
written out in the reader's language (a level, a status, a payment method, an amount, a deal's
kind, the names of an event's fields). Imported by `EventsConfig.ready`."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register, register_fact

from .models import Event, Payment
from .money_format import format_money
from .summaries import DEAL_KINDS, level_label


def _level(level: Any) -> Any:
    if isinstance(level, Mapping):
        return level_label(level["number"], level["cpp"], level["break"])
    return level


def _fields(fields: Any) -> str:
    labels = {field.name: field.verbose_name for field in Event._meta.fields}
    return ", ".join(str(labels.get(name, name)) for name in str(fields).split(", "))


register_fact("level", _level)
register_fact("status", lambda status: dict(Event.Status.choices).get(status, status))
register_fact("method", lambda method: str(dict(Payment.Method.choices).get(method, method)).lower())
register_fact("kind", lambda kind: str(DEAL_KINDS.get(kind, kind)))
register_fact("fields", _fields)
register_fact("money", lambda money: format_money(Decimal(str(money))))

register("events.event_created", _("Event created"), _("Event %(name)s created"))
register("events.event_changed", _("Event changed"), _("Event %(name)s changed: %(fields)s"))
register("events.status_set", _("Event status"), _("Status: %(status)s"))
register("events.level_added", _("Level added"), _("%(level)s added"))
register("events.level_changed", _("Level changed"), _("%(level)s changed"))
register("events.level_moved", _("Level moved"), _("Level %(from)s moved to %(to)s"))
register("events.level_removed", _("Level removed"), _("%(level)s removed"))
register("events.level_advanced", _("Next level"), _("Next level: %(level)s"))
register("events.player_registered", _("Player registered"), _("%(name)s registered"))
register(
    "events.player_reentered",
    _("Player re-entered"),
    _("%(name)s re-entered (entry %(number)s)"),
)
register("events.chips_adjusted", _("Chips adjusted"), _("%(name)s: %(amount)+d chips (%(reason)s)"))
register(
    "events.structure_set",
    _("Level structure saved"),
    _("Level structure saved: %(count)s levels from level %(from)s"),
)
register(
    "events.structure_template_saved",
    _("Structure saved as a template"),
    _("Structure saved as the template %(name)s"),
)
register(
    "events.player_links_issued",
    _("Player links issued"),
    _("Private links issued to %(count)s entries"),
)
register(
    "events.player_link_replaced",
    _("Player link replaced"),
    _("%(name)s: private link replaced (the old one no longer opens)"),
)
register("events.cancel_registration", _("Registration cancelled"), _("%(name)s cancelled their registration"))
register("events.check_in", _("Player checked in"), _("%(name)s checked in and paid %(money)s (%(method)s)"))
register("events.self_register", _("Player registered online"), _("%(name)s registered online"))
register("events.ticket_issued", _("Ticket issued"), _("%(name)s: ticket to %(event)s worth %(money)s"))
register(
    "events.ticket_withdrawn",
    _("Ticket withdrawn"),
    _("%(name)s: ticket to %(event)s worth %(money)s withdrawn (the satellite reopened)"),
)
register("events.ticket_used", _("Ticket used"), _("%(name)s: ticket to %(event)s worth %(money)s paid an entry"))
register(
    "events.ticket_returned",
    _("Ticket given back"),
    _("%(name)s: ticket to %(event)s worth %(money)s given back (the entry's payment was cancelled)"),
)
register(
    "events.ticket_cashed",
    _("Ticket paid in cash"),
    _("%(name)s: ticket to %(event)s cancelled, its value %(money)s paid in cash"),
)
