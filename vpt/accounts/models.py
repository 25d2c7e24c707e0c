"""The per-address login wait (vpt.accounts.throttle), kept in the database so that every
worker process and every server counts the same failures."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class LoginWait(models.Model):
    """One address's failed logins in a row and when it may try again.

    ``blocked_until`` (Unix seconds) is also the claim of a login being checked: an address
    may have one password check at a time, whatever worker serves it.
    """

    address = models.CharField(_("address"), max_length=64, unique=True)
    failures = models.PositiveIntegerField(_("failed logins in a row"), default=0)
    blocked_until = models.FloatField(_("may try again at"), default=0.0)
    last_failure = models.FloatField(_("last failure at"), default=0.0)

    class Meta:
        verbose_name = _("login wait")
        verbose_name_plural = _("login waits")

    def __str__(self) -> str:
        return self.address
