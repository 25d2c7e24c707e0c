"""Tours.

tour          a series of events with a points rule (`vpt.tours.rules`, stored as JSON) and a
              leaderboard computed from the events' results (`vpt.tours.points`).
tour event    an event's membership of a tour; an event belongs to one tour at most, or none.
version       bumped by every change of the tour (name, rule, events), in the same transaction:
              with its events' versions and the people's, what the leaderboard's cache and
              ETags key on.
changes       audited in the one audit log (`vpt.audit`, actions ``tours.*``), before and after.
final         the tour's final event (festival.md, "Tour final"; `vpt.tours.final`): the top
              `final_seats` qualified persons get a ticket to it, and its starting stacks may be
              scaled by season points: base stack + round(points × chips per point of points).
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


class Tour(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    rule = models.JSONField(_("points rule"), default=dict, blank=True)
    version = models.PositiveBigIntegerField(_("version"), default=0, editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    final_event = models.ForeignKey(
        "events.Event",
        verbose_name=_("final event"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    final_seats = models.PositiveIntegerField(
        _("seats in the final"), default=0, help_text=_("The top qualified persons who get a ticket to the final.")
    )
    final_base_stack = models.PositiveIntegerField(
        _("final base stack"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Every final stack starts from it; empty: the final's own starting stack."),
    )
    final_chips_per_point = models.DecimalField(
        _("chips per point of points"),
        max_digits=12,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0))],
        help_text=_("The chips a season point adds to a final stack; 0: every stack is the base stack."),
    )

    class Meta:
        verbose_name = _("tour")
        verbose_name_plural = _("tours")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class TourEvent(models.Model):
    tour = models.ForeignKey(Tour, verbose_name=_("tour"), on_delete=models.CASCADE, related_name="tour_events")
    event = models.OneToOneField("events.Event", verbose_name=_("event"), on_delete=models.CASCADE, related_name="+")
    added_at = models.DateTimeField(_("added at"), auto_now_add=True)
    # Event points = round((average place points + participation) x multiplier, 2): 0 < m <= 10.
    multiplier = models.DecimalField(
        _("multiplier"),
        max_digits=6,
        decimal_places=3,
        default=Decimal(1),
        validators=[MinValueValidator(Decimal("0.001")), MaxValueValidator(Decimal(10))],
    )

    class Meta:
        verbose_name = _("tour event")
        verbose_name_plural = _("tour events")
        ordering = ["tour", "added_at", "id"]

    def __str__(self) -> str:
        return f"{self.tour}: {self.event}"
