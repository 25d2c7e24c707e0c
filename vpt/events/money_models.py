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


class Deal(models.Model):
    """The players left agreed to share what is left of the pool instead of playing on.

    `total` is what was left of the pool (the prizes of places 1..n for the n players in the
    deal); each `DealShare` holds one player's amount and place. Undone (deleted) until the
    event is closed.
    """

    class Kind(models.TextChoices):
        CHIP_CHOP = "chip-chop", _("Chip-chop")
        ICM = "icm", _("ICM")
        AGREED = "agreed", _("Amounts agreed")

    event = models.OneToOneField("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="deal")
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    total = models.DecimalField(_("left of the prize pool"), max_digits=12, decimal_places=2)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("made by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self) -> str:
        return f"{self.event}: {self.get_kind_display()}"


class DealShare(models.Model):
    deal = models.ForeignKey(Deal, verbose_name=_("deal"), on_delete=models.CASCADE, related_name="shares")
    entry = models.ForeignKey(
        "events.Entry", verbose_name=_("entry"), on_delete=models.CASCADE, related_name="deal_shares"
    )
    amount = models.DecimalField(_("amount"), max_digits=12, decimal_places=2)
    place = models.PositiveIntegerField(_("finishing place"))
    chips = models.PositiveIntegerField(_("chips at the deal"))

    class Meta:
        verbose_name = _("deal share")
        verbose_name_plural = _("deal shares")
        ordering = ["deal", "place", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "entry"], name="deal_share_one_per_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.amount}"
