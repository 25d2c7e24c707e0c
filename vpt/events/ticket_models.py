"""Tickets: a seat in an event won elsewhere (festival.md, "Satellites and tickets").

ticket   belongs to a person: the event it pays an entry of (`event`, the target), what it
         is worth (`value`: that entry's buy-in and fee), where it was won (`won_in`, a
         satellite; or `source`, a text, for a ticket a tour final awards), its status:
         issued (held), used (it paid `entry`), cancelled (the director paid its value in
         cash instead, `cashed`). Issued by `vpt.events.tickets.issue_ticket`.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Ticket(models.Model):
    class Status(models.TextChoices):
        ISSUED = "issued", _("Issued")
        USED = "used", _("Used")
        CANCELLED = "cancelled", _("Cancelled")

    person = models.ForeignKey(
        "people.Person", verbose_name=_("person"), on_delete=models.PROTECT, related_name="tickets"
    )
    event = models.ForeignKey("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="tickets")
    value = models.DecimalField(_("value"), max_digits=12, decimal_places=2, default=Decimal("0"))
    won_in = models.ForeignKey(
        "events.Event",
        verbose_name=_("won in"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tickets_won",
    )
    won_by = models.ForeignKey(
        "events.Entry",
        verbose_name=_("won by entry"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tickets_won",
    )
    source = models.CharField(_("awarded by"), max_length=200, blank=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.ISSUED)
    entry = models.OneToOneField(
        "events.Entry",
        verbose_name=_("entry paid"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="ticket",
    )
    cashed = models.DecimalField(
        _("paid in cash instead"),
        max_digits=12,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("A cancelled ticket whose value the director paid in cash."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("issued by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("issued at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("ticket")
        verbose_name_plural = _("tickets")
        ordering = ["event", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.person}: {self.event} ({self.get_status_display()})"
