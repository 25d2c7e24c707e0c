"""Players who register themselves before the event (`vpt.events.registrations`).

registration  a name (and optionally an e-mail or a phone) a player gave on the public event
              page, before they are a player of the event: it holds a place (registered), or
              waits for one (waitlisted, in order of arrival), or was cancelled; at the door
              the director checks it in, which makes the player, their first entry and its
              payment (`checked in`, with `entry`).
token         the player's private link (`/me/<token>/`), made the way `PlayerLink` makes one
              (`player_token(salt)`, stored as its SHA-256). Checking in issues the entry's
              `PlayerLink` with the same salt, so the link the player already holds opens their
              entry's page from then on.
address       the SHA-256 of the address the registration came from (never the address): how
              many registrations one address made for the event is bounded.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Registration(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        WAITLISTED = "waitlisted", _("Waitlisted")
        CHECKED_IN = "checked_in", _("Checked in")
        CANCELLED = "cancelled", _("Cancelled")

    event = models.ForeignKey(
        "events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="registrations"
    )
    name = models.CharField(_("name"), max_length=120)
    folded_name = models.CharField(_("folded name"), max_length=120, editable=False)
    contact = models.CharField(_("e-mail or phone"), max_length=120, blank=True)
    person = models.ForeignKey(
        "people.Person", verbose_name=_("person"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.REGISTERED)
    salt = models.CharField(_("salt"), max_length=32, unique=True)
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    address_hash = models.CharField(_("address (hashed)"), max_length=64, blank=True)
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    promoted_at = models.DateTimeField(
        _("moved off the waitlist at"), null=True, blank=True, help_text=_("A freed place went to this player.")
    )
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    entry = models.OneToOneField(
        "events.Entry",
        verbose_name=_("entry"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="registration",
    )

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["event", "id"]  # the order of arrival
        indexes = [models.Index(fields=["event", "status"], name="registration_status_idx")]

    def __str__(self) -> str:
        return self.name

    @property
    def holds_place(self) -> bool:
        return self.status == self.Status.REGISTERED
