"""A structure template: an event's levels, payouts and rule set, kept under a name to start
new events from (`vpt.events.structure_templates`)."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class StructureTemplate(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    variant = models.CharField(_("rule set"), max_length=20)
    rule_overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)
    levels = models.JSONField(
        _("levels"), default=list, help_text=_("In order: chips per point, minutes, hands, break.")
    )
    percentages = models.JSONField(_("payout percentages"), default=list, blank=True)
    unit = models.DecimalField(_("rounding unit"), max_digits=12, decimal_places=2, default=Decimal("1.00"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("made by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("structure template")
        verbose_name_plural = _("structure templates")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
