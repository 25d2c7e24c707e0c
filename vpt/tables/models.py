"""Tables.

table        one playing table of an event, numbered from 1. Its seats are in
             `seating.Seat`; its hands in `rounds.Hand`.
button       the seat number holding the dealer button for the table's next hand: worked out
             once by the engine's rule (`vpt.ofc.button_after_hand`) when a hand is recorded,
             or when the table opens or receives its first players, and stored; every page,
             printout and API reads it. It moves one occupied seat clockwise (to higher seat
             numbers, wrapping) after each hand, and holds when anyone at the table plays
             Fantasyland next hand, even on a seat just emptied: a *dead button* (the player
             before it acts last, `vpt.ofc.effective_button`). A move never moves it.
next hand    the hand a table deals next, stored (`next_hand_number`, `next_level`,
             `next_chips_per_point`, `button_seat`; who plays Fantasyland with how many cards
             is on its seats): it is *dealt* (`is_dealt`) when the previous hand is recorded,
             the table opens or receives players, or a break ends, and keeps the level in force
             then however late it is recorded (ofc-rules.md, "Rounds, levels and breaks").
             Not dealt: fewer than two players, a break, a broken table or a finished event.
round        an orbit of the button (`Round`); Fantasyland continuation hands extend it. It
             lives here, next to the button it follows, because seating ("players may not leave
             during a round") and the rounds app both read it.
featured     a table the stream shows (`vpt.tables.featured`): the director marks it; the
             broadcast pages (`/broadcast/<slug>/`) and their JSON offer it.
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
from django.utils import timezone
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
    next_level = models.ForeignKey(
        "events.Level",
        verbose_name=_("level of the next hand"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    next_chips_per_point = models.PositiveIntegerField(
        _("chips per point of the next hand"),
        null=True,
        blank=True,
        help_text=_("Empty while the next hand is not dealt (fewer than two players, or a break)."),
    )
    featured = models.BooleanField(
        _("featured"),
        default=False,
        help_text=_("Shown on the stream: the broadcast pages (/broadcast/) offer it."),
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

    @property
    def is_dealt(self) -> bool:
        """The next hand is dealt: its level (chips per point) is fixed."""
        return self.next_chips_per_point is not None


class Round(models.Model):
    """An orbit of the button at a table: it is complete when the button has moved once per
    player seated when it began (fewer, if players left) and no Fantasyland hand is pending.
    A table has one open round (`closed_at` empty): the next hand after a complete round
    closes it and opens the next, or a director closes it (`vpt.rounds.services.close_round`)."""

    table = models.ForeignKey(Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(_("round"))
    players = models.PositiveSmallIntegerField(
        _("players at round start"),
        default=0,
        help_text=_("The round ends when the button has moved this many times."),
    )
    button_moves = models.PositiveSmallIntegerField(_("button moves this round"), default=0)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="round_unique_number"),
            models.UniqueConstraint(fields=["table"], condition=Q(closed_at__isnull=True), name="round_one_open"),
        ]

    def __str__(self) -> str:
        return str(_("Round %(number)s") % {"number": self.number})

    def moves_needed(self, seated: int) -> int:
        """Button moves that complete the round with `seated` players at the table now."""
        return max(1, min(self.players or seated, seated))

    def is_complete(self, seated: int, *, fantasyland_pending: bool) -> bool:
        return self.button_moves >= self.moves_needed(seated) and not fantasyland_pending

    def in_progress(self, seated: int, *, fantasyland_pending: bool) -> bool:
        """Players may not leave: the button has moved and not yet gone around, or a
        Fantasyland hand (which continues the round) is pending."""
        return 0 < self.button_moves < self.moves_needed(seated) or fantasyland_pending


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
