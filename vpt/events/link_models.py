"""Players' private links: the way a player opens their own page without a login.

player link   one unguessable address per entry (`/me/<token>/`), printed on the seat card
              (a QR code) and listed for the director to send by SMS or WhatsApp. The token
              is never stored: `token_hash` is its SHA-256, and the token itself is an HMAC of
              `salt` under the site's secret key, so the director's list can show it again
              while the database alone reveals none (`vpt.events.player_links`).
live          not revoked, and the event not finished: a link ends with its event. At most
              one live link per entry; replacing one revokes the old.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class PlayerLink(models.Model):
    entry = models.ForeignKey(
        "events.Entry", verbose_name=_("entry"), on_delete=models.CASCADE, related_name="player_links"
    )
    salt = models.CharField(_("salt"), max_length=32, unique=True)
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("issued at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("issued by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("player link")
        verbose_name_plural = _("player links")
        ordering = ["entry", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=Q(revoked_at__isnull=True), name="player_link_one_live_per_entry"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id} #{self.pk}"
