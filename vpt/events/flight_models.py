"""The bag check at the end of a flight (festival.md, "The end of a flight").

bag count   the chips the director or a dealer counted in an advancing player's bag, beside
            the stack the system knew then. A count that differs is flagged; the system's stack
            stands unless the director adjusts it (`vpt.events.entries.adjust_chips`, audited).
            The latest count of an entry is the one shown.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class BagCount(models.Model):
    event = models.ForeignKey(
        "events.Event", verbose_name=_("flight"), on_delete=models.CASCADE, related_name="bag_counts"
    )
    entry = models.ForeignKey(
        "events.Entry", verbose_name=_("entry"), on_delete=models.CASCADE, related_name="bag_counts"
    )
    counted = models.PositiveIntegerField(_("chips counted"))
    stack = models.IntegerField(_("system's stack"))
    counted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("counted by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    counted_at = models.DateTimeField(_("counted at"), auto_now_add=True)

    class Meta:
        verbose_name = _("bag count")
        verbose_name_plural = _("bag counts")
        ordering = ["event", "entry", "-counted_at", "-id"]

    def __str__(self) -> str:
        return f"{self.entry}: {self.counted}"

    @property
    def differs(self) -> bool:
        return self.counted != self.stack
