"""Tables.

table        one playing table of an event, numbered from 1. Its seats are in
             `seating.Seat`; its hands in `rounds.Hand`.
button       the seat number holding the dealer button. It moves one occupied seat clockwise
             (to higher seat numbers, wrapping) after each hand, and holds when anyone at the
             table plays Fantasyland next hand.
round        an orbit of the button; Fantasyland continuation hands extend it.
dealer       the user assigned to enter this table's hands.
table device a sign-in token of a table (`TableDevice`), printed as a QR code on the table's
             sign-in card: opening its URL signs that browser in for that table only. Only a
             hash of the token is stored; a table has at most one live token, and a token
             ends when it is revoked, reissued, or its event finishes.
event dealer a dealer account working an event (`EventDealer`): the director's Dealers page
             makes them, and the tables overview offers only them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .devices import browser_name


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        BROKEN = "broken", _("Broken")

    event = models.ForeignKey("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    seats = models.PositiveSmallIntegerField(_("seats"), default=3)
    button_seat = models.PositiveSmallIntegerField(_("button seat"), null=True, blank=True)
    dealer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("dealer"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="dealt_tables",
    )
    last_hand_number = models.PositiveIntegerField(_("last hand number"), default=0)
    round_number = models.PositiveIntegerField(_("round"), default=1)
    round_button_moves = models.PositiveSmallIntegerField(_("button moves this round"), default=0)
    round_players = models.PositiveSmallIntegerField(
        _("players at round start"),
        default=0,
        help_text=_("The round ends when the button has moved this many times."),
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="table_unique_number"),
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})

    @property
    def next_hand_number(self) -> int:
        return self.last_hand_number + 1

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class TableDevice(models.Model):
    """One sign-in token of a table. The token itself is shown once (on the printed card) and
    never stored: `token_hash` is its SHA-256."""

    table = models.ForeignKey(Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="devices")
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("issued at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("issued by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    max_devices = models.PositiveSmallIntegerField(
        _("devices per card"), default=1, help_text=_("How many browsers may sign in with this card at once.")
    )

    class Meta:
        verbose_name = _("table sign-in token")
        verbose_name_plural = _("table sign-in tokens")
        ordering = ["table", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=Q(revoked_at__isnull=True), name="table_device_one_live_token"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.pk}"

    @property
    def is_live(self) -> bool:
        return self.revoked_at is None


class TableSignIn(models.Model):
    """One browser signed in with a table's sign-in card, until the director signs it out (or
    the card ends). Its id is in the browser's session; a card lets `max_devices` of these in."""

    device = models.ForeignKey(
        TableDevice, verbose_name=_("sign-in card"), on_delete=models.CASCADE, related_name="sign_ins"
    )
    signed_in_at = models.DateTimeField(_("signed in at"), auto_now_add=True)
    user_agent = models.CharField(_("browser"), max_length=200, blank=True)
    signed_out_at = models.DateTimeField(_("signed out at"), null=True, blank=True)

    class Meta:
        verbose_name = _("signed-in device")
        verbose_name_plural = _("signed-in devices")
        ordering = ["device", "signed_in_at"]

    def __str__(self) -> str:
        return f"{self.device} @ {self.signed_in_at:%Y-%m-%d %H:%M}"

    @property
    def browser(self) -> str:
        """Which browser it is, in a few words ("Chrome on Android")."""
        return browser_name(self.user_agent)


class EventDealer(models.Model):
    """A dealer account working an event: only these are offered when tables get a dealer."""

    event = models.ForeignKey("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="dealers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("dealer"), on_delete=models.CASCADE, related_name="dealer_events"
    )
    created_at = models.DateTimeField(_("added at"), auto_now_add=True)

    class Meta:
        verbose_name = _("event dealer")
        verbose_name_plural = _("event dealers")
        ordering = ["event", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="event_dealer_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.user}"
