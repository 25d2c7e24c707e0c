"""Seats.

seat         one chair at a table, numbered 1..table.seats clockwise. A seat row exists for
             every chair; `entry` is empty when nobody sits there.
Fantasyland  `fantasyland_cards` > 0: the player in this seat plays Fantasyland next hand and
             is dealt that many cards. It is the player's, not the seat's: a player moved with
             it pending takes it to their new seat (ofc-rules.md, "Moves and Fantasyland").
planned move a move balancing decided for after the round (`PlannedMove`): made by the service
             that records the hand ending the round at the player's table, at once if the
             director chooses "Move now", or cancelled.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from vpt.events.models import Entry


class Seat(models.Model):
    table = models.ForeignKey(
        "tables.Table", verbose_name=_("table"), on_delete=models.CASCADE, related_name="seat_set"
    )
    number = models.PositiveSmallIntegerField(_("seat number"))
    entry = models.OneToOneField(
        "events.Entry",
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seat",
    )
    fantasyland_cards = models.PositiveSmallIntegerField(
        _("Fantasyland cards next hand"),
        default=0,
        help_text=_("0: no Fantasyland next hand."),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_unique_number"),
            models.CheckConstraint(
                condition=Q(entry__isnull=False) | Q(fantasyland_cards=0),
                name="seat_fantasyland_needs_player",
            ),
        ]

    def __str__(self) -> str:
        return str(_("Seat %(number)s") % {"number": self.number})

    @property
    def occupant(self) -> Entry:
        """The player in a seat read as occupied (hands are played only at occupied seats)."""
        if self.entry is None:
            raise LookupError(f"{self} of table {self.table_id} is empty")
        return self.entry


class SeatMove(models.Model):
    """A player sent to another seat (a broken table, balancing, a director's move), until the
    player says they sit there (`confirmed_at`, "I'm seated" on their page). Tables and seats
    are kept as numbers: what the player reads on their page and the move slip."""

    event = models.ForeignKey("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="+")
    entry = models.ForeignKey(
        "events.Entry", verbose_name=_("player"), on_delete=models.CASCADE, related_name="seat_moves"
    )
    from_table = models.PositiveSmallIntegerField(_("from table"))
    from_seat = models.PositiveSmallIntegerField(_("from seat"))
    to_table = models.PositiveSmallIntegerField(_("to table"))
    to_seat = models.PositiveSmallIntegerField(_("to seat"))
    moved_at = models.DateTimeField(_("moved at"), auto_now_add=True)
    confirmed_at = models.DateTimeField(_("seated at"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat move")
        verbose_name_plural = _("seat moves")
        ordering = ["-moved_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=Q(confirmed_at__isnull=True), name="seat_move_one_pending_per_entry"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.from_table}/{self.from_seat} → {self.to_table}/{self.to_seat}"


class PlannedMove(models.Model):
    """A balancing move that waits for the round (or the Fantasyland hand) at the player's table
    to end: `vpt.seating.planned.carry_out_planned_moves` makes it when the hand that ends it is
    recorded. `to_seat` is the seat suggested; when it has been taken by then, the player gets
    the destination's first free seat. A planned move made or cancelled is deleted (the audit
    log keeps it)."""

    class When(models.TextChoices):
        AFTER_ROUND = "after_round", _("after the round")
        AFTER_FANTASYLAND = "after_fantasyland", _("after the Fantasyland hand")

    event = models.ForeignKey("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="+")
    entry = models.OneToOneField(
        "events.Entry", verbose_name=_("player"), on_delete=models.CASCADE, related_name="planned_move"
    )
    from_table = models.ForeignKey(
        "tables.Table", verbose_name=_("from table"), on_delete=models.CASCADE, related_name="planned_moves_out"
    )
    to_table = models.ForeignKey(
        "tables.Table", verbose_name=_("to table"), on_delete=models.CASCADE, related_name="planned_moves_in"
    )
    to_seat = models.PositiveSmallIntegerField(_("to seat"))
    when = models.CharField(_("when"), max_length=20, choices=When.choices, default=When.AFTER_ROUND)
    planned_at = models.DateTimeField(_("planned at"), auto_now_add=True)

    class Meta:
        verbose_name = _("planned move")
        verbose_name_plural = _("planned moves")
        ordering = ["planned_at", "id"]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.from_table_id} → {self.to_table_id}/{self.to_seat} ({self.when})"


class FloorCall(models.Model):
    """A call to the floor (floor.md, "Calls"; `vpt.seating.calls`): from a table's dealer or
    device (no `entry`) or from a player's own page (`entry`, at the table they sit at)."""

    class Reason(models.TextChoices):
        RULING = "ruling", _("A ruling")
        DISPUTE = "dispute", _("A dispute")
        DEVICE = "device", _("The device")
        PLAYER_MISSING = "player_missing", _("A player is missing")
        LEAVE = "leave", _("I need to leave")
        OTHER = "other", _("Other")

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for the floor")
        ON_THE_WAY = "on_the_way", _("The floor is on the way")
        DONE = "done", _("Done")

    event = models.ForeignKey("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey("tables.Table", verbose_name=_("table"), on_delete=models.CASCADE, related_name="+")
    entry = models.ForeignKey(
        "events.Entry", verbose_name=_("player"), null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    seat_number = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    note = models.CharField(_("note"), max_length=200, blank=True)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.OPEN)
    called_at = models.DateTimeField(_("called at"), auto_now_add=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    done_at = models.DateTimeField(_("done at"), null=True, blank=True)

    class Meta:
        verbose_name = _("floor call")
        verbose_name_plural = _("floor calls")
        ordering = ["called_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(entry__isnull=True) & ~Q(status="done"),
                name="floor_call_one_open_per_table",
            ),
            models.UniqueConstraint(
                fields=["entry"], condition=~Q(status="done"), name="floor_call_one_open_per_player"
            ),
        ]

    # Not a field: set on the call `call_floor` returns when the caller had one open already.
    repeated: bool = False

    def __str__(self) -> str:
        return f"{self.table_id}: {self.reason} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status != self.Status.DONE
