"""People across events.

person        one human who plays event after event. Each event's player row (`events.Player`)
              links to a person; a person's results, tour points and statistics are read
              through those links.
folded name   the name as matching compares it (`vpt.people.names.fold_name`).
merged        a duplicate person (the same human registered twice) merged into another: it
              keeps its own rows, and every read follows `merged_into` to the person it now is.
              Undoing the merge clears `merged_into`, so the duplicate is itself again.
hidden        a person who asked not to be shown: public pages and public JSON say "Hidden
              player" and give no link; the director still sees the name.
changes       a merge, its undo, hiding and showing are written to the audit log (`vpt.audit`,
              actions ``people.*``); the merge's entry also keeps which people moved with it,
              so its undo puts them back.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

HIDDEN_NAME = _("Hidden player")


class Person(models.Model):
    name = models.CharField(_("name"), max_length=120)
    folded_name = models.CharField(_("folded name"), max_length=120, db_index=True, editable=False)
    email = models.EmailField(_("email"), blank=True, db_index=True)
    country = models.CharField(_("country"), max_length=60, blank=True)
    hidden = models.BooleanField(
        _("hidden on public pages"), default=False, help_text=_("Public pages show “Hidden player”, with no link.")
    )
    merged_into = models.ForeignKey(
        "self",
        verbose_name=_("merged into"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="merged_people",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("people")
        ordering = ["folded_name", "id"]

    def __str__(self) -> str:
        return self.name

    @property
    def public_name(self) -> str:
        """The name public pages show: "Hidden player" (translated) for a hidden person."""
        return str(HIDDEN_NAME) if self.hidden else self.name
