"""The cash desk: what was paid in for an entry and paid out as a prize.

payment   one movement of real money at the desk: an entry's buy-in and fee taken from the
          player (`ENTRY`), or a prize handed to the player (`PRIZE`); how (cash, card,
          transfer, ticket) and who took or handed it. One of each kind per entry at most:
          cancelling one deletes it (the audit log keeps it).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Payment(models.Model):
    class Kind(models.TextChoices):
        ENTRY = "entry", _("Entry paid in")
        PRIZE = "prize", _("Prize paid out")

    class Method(models.TextChoices):
        CASH = "cash", _("Cash")
        CARD = "card", _("Card")
        TRANSFER = "transfer", _("Transfer")
        TICKET = "ticket", _("Ticket")

    event = models.ForeignKey(
        "events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="payments"
    )
    entry = models.ForeignKey(
        "events.Entry", verbose_name=_("entry"), on_delete=models.CASCADE, related_name="payments"
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    method = models.CharField(_("paid by"), max_length=10, choices=Method.choices)
    amount = models.DecimalField(_("amount"), max_digits=12, decimal_places=2, default=Decimal("0"))
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("at the desk"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "kind"], name="payment_one_per_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.get_kind_display()} {self.amount}"
