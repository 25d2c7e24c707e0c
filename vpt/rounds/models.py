"""Hands and what they settled.

hand       one deal at one table, numbered per table from 1. It fixes the level (so the chips
           per point), the button and the round it belongs to (`tables.Round`, an orbit of the
           button: `hand.round.number` is its number at the table). A voided hand keeps its number
           and its boards for the record but moves no chips.
key        the name a device gave one submission of a hand (unique per table): sent again, it
           gets the hand it recorded the first time, never a second hand.
board      one entry's 13 cards in a hand, as entered (or dealt, for a sit-out player), with
           the result: rows, foul, royalties, net points, stack before and after.
           `position` is the payment order: 0 is left of the button, the button is last.
exchange   one pair's payment in a hand, in payment order, from `a`'s side (positive: b pays a);
           who pays whom, and from either side, is the read model's (vpt/rounds/hand_view.py).
photo      optional picture of the final layout (`HandPhoto`, vpt/rounds/photos.py): director only.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .photos import photo_storage


class Hand(models.Model):
    class Status(models.TextChoices):
        RECORDED = "recorded", _("Recorded")
        VOID = "void", _("Void")

    event = models.ForeignKey("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="hands")
    table = models.ForeignKey("tables.Table", verbose_name=_("table"), on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("hand number"))
    # RESTRICT: a round is never deleted while its hands exist (CASCADE would delete recorded
    # hands with it), but deleting its table, which takes the hands too, still works: PROTECT
    # would refuse that as well.
    round = models.ForeignKey("tables.Round", verbose_name=_("round"), on_delete=models.RESTRICT, related_name="hands")
    level = models.ForeignKey(
        "events.Level", verbose_name=_("level"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    chips_per_point = models.PositiveIntegerField(_("chips per point"))
    button_seat = models.PositiveSmallIntegerField(_("button seat"))
    fantasyland = models.BooleanField(_("Fantasyland hand"), default=False)
    hand_for_hand_round = models.PositiveIntegerField(
        _("hand-for-hand round"),
        null=True,
        blank=True,
        help_text=_("Played hand-for-hand: who went out in one round went out at the same time."),
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.RECORDED)
    version = models.PositiveSmallIntegerField(
        _("version"), default=1, help_text=_("1 as first recorded; each correction adds one.")
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("recorded by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)
    changed_at = models.DateTimeField(_("changed at"), null=True, blank=True)
    # NULL, not "": hands without a key must not collide under the (table, key) constraint.
    key = models.CharField(  # noqa: DJ001
        _("submission key"),
        max_length=64,
        null=True,
        blank=True,
        help_text=_("Made by the device that sent the hand; the same key sent again gets this hand."),
    )

    # Not a field: set on the hand `record_hand` returns when its key had been seen before.
    replayed: bool = False

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_unique_number"),
            models.UniqueConstraint(fields=["table", "key"], name="hand_unique_key"),
        ]

    def __str__(self) -> str:
        return str(_("Table %(table)s, hand %(number)s") % {"table": self.table.number, "number": self.number})

    @property
    def is_void(self) -> bool:
        return self.status == self.Status.VOID


class Board(models.Model):
    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="boards")
    entry = models.ForeignKey("events.Entry", verbose_name=_("player"), on_delete=models.PROTECT, related_name="boards")
    seat_number = models.PositiveSmallIntegerField(_("seat number"))
    position = models.PositiveSmallIntegerField(_("payment position"), help_text=_("0: left of the button."))
    top = models.CharField(_("top"), max_length=40, blank=True)
    middle = models.CharField(_("middle"), max_length=60, blank=True)
    bottom = models.CharField(_("bottom"), max_length=60, blank=True)
    dealt = models.CharField(
        _("cards dealt"),
        max_length=120,
        blank=True,
        help_text=_("Sit-out: the cards dealt in order; the board was built by the auto-play rule."),
    )
    sat_out = models.BooleanField(_("sat out"), default=False)
    fantasyland_cards = models.PositiveSmallIntegerField(_("Fantasyland cards dealt"), default=0)
    fouled = models.BooleanField(_("fouled"), default=False)
    unfinished = models.BooleanField(_("unfinished"), default=False)
    hand_top = models.CharField(_("top hand"), max_length=80, blank=True)
    hand_middle = models.CharField(_("middle hand"), max_length=80, blank=True)
    hand_bottom = models.CharField(_("bottom hand"), max_length=80, blank=True)
    royalty_top = models.IntegerField(_("top royalty"), default=0)
    royalty_middle = models.IntegerField(_("middle royalty"), default=0)
    royalty_bottom = models.IntegerField(_("bottom royalty"), default=0)
    royalties = models.IntegerField(_("royalties"), default=0)
    points = models.IntegerField(_("points"), default=0)
    stack_before = models.IntegerField(_("stack before"))
    stack_after = models.IntegerField(_("stack after"))
    eliminated = models.BooleanField(_("eliminated"), default=False)
    fantasyland_next_cards = models.PositiveSmallIntegerField(_("Fantasyland cards next hand"), default=0)

    class Meta:
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        ordering = ["hand", "position"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "entry"], name="board_unique_entry"),
            models.UniqueConstraint(fields=["hand", "position"], name="board_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.hand}: {self.entry_id}"

    @property
    def chips_won(self) -> int:
        return self.stack_after - self.stack_before


class Exchange(models.Model):
    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="exchanges")
    order = models.PositiveSmallIntegerField(_("order"))
    board_a = models.ForeignKey(Board, verbose_name=_("player A"), on_delete=models.CASCADE, related_name="+")
    board_b = models.ForeignKey(Board, verbose_name=_("player B"), on_delete=models.CASCADE, related_name="+")
    points = models.IntegerField(_("points"), help_text=_("From A's side: positive, B pays A."))
    chips_due = models.IntegerField(_("chips due"))
    chips_paid = models.IntegerField(_("chips paid"), help_text=_("Signed like the points."))
    capped = models.BooleanField(_("capped"), default=False)
    skipped = models.BooleanField(_("skipped"), default=False)

    class Meta:
        verbose_name = _("exchange")
        verbose_name_plural = _("exchanges")
        ordering = ["hand", "order"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "order"], name="exchange_unique_order"),
        ]

    def __str__(self) -> str:
        return f"{self.hand} #{self.order}"


class HandPhoto(models.Model):
    """A photo of the hand's final layout (vpt/rounds/photos.py): for the director, never public."""

    hand = models.OneToOneField(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="photo")
    image = models.FileField(_("photo"), storage=photo_storage, upload_to="hands/%Y/%m/")
    width = models.PositiveIntegerField(_("width"))
    height = models.PositiveIntegerField(_("height"))
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("uploaded by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    uploaded_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("board photo")
        verbose_name_plural = _("board photos")

    def __str__(self) -> str:
        return str(self.hand)


class HandFlag(models.Model):
    """A player's "Something's wrong" about a hand they played (the second pair of eyes): the
    floor shows it until a director resolves it (`vpt.rounds.flags`)."""

    hand = models.ForeignKey(Hand, verbose_name=_("hand"), on_delete=models.CASCADE, related_name="flags")
    entry = models.ForeignKey(
        "events.Entry", verbose_name=_("player"), on_delete=models.CASCADE, related_name="hand_flags"
    )
    reason = models.CharField(_("what is wrong"), max_length=200)
    flagged_at = models.DateTimeField(_("flagged at"), auto_now_add=True)
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("resolved by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolution = models.CharField(_("resolution"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("flagged hand")
        verbose_name_plural = _("flagged hands")
        ordering = ["flagged_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "entry"], condition=models.Q(resolved_at__isnull=True), name="hand_flag_one_open"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hand} · {self.entry_id}"
