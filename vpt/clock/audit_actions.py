"""The audit actions the clock app writes (started, paused, resumed, adjusted, a level put in
force), with their labels and sentences.
Imported by `ClockConfig.ready`; the facts they share (a level, an amount, a payment method) are
written out as `vpt.events.audit_actions` registers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register("clock.level_reached", _("Clock level"), _("Clock: %(level)s"))
register("clock.started", _("Clock started"), _("Clock started"))
register("clock.paused", _("Clock paused"), _("Clock paused"))
register("clock.resumed", _("Clock resumed"), _("Clock resumed"))
register("clock.adjusted", _("Clock adjusted"), _("Clock adjusted"))
