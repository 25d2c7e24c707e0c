"""Tables.

table        one playing table of an event, numbered from 1. Its seats are in
             `seating.Seat`; its hands in `rounds.Hand`.
button       the seat number holding the dealer button. It moves one occupied seat clockwise
             (to higher seat numbers, wrapping) after each hand, and holds when anyone at the
             table plays Fantasyland next hand.
round        an orbit of the button; Fantasyland continuation hands extend it.
dealer       the user assigned to enter this table's hands.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from vpt.events.models import OPEN_TABLE


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = OPEN_TABLE, _("Open")
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
