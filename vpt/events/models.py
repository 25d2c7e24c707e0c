"""An event and the people in it.

event         one tournament: a rule set (preset + overrides), a starting stack, levels.
level         a stage of the structure; the level in force when a hand starts fixes that
              hand's chips per point. A level lasts some minutes, some hands, or both; a break
              is a level with `is_break`.
player        a person registered in the event: one row per event, linked to the person
              across events (`vpt.people`).
entry         one buy-in of a player: the first entry, then each re-entry with a fresh
              starting stack. Stacks, eliminations and finishing places belong to entries.
chip adjustment  a director's signed correction of an entry's stack, with a reason.
version       a counter every state change of the event bumps, in the same transaction
              (`vpt.events.audit.write_audit` does it): live pages key their caches on it.
clock         the stored state of the event's clock (anchor level, start, pauses, adjustments);
              `vpt.clock.rules` computes what it shows.
payout structure  the percentage of the prize pool each place takes, and the rounding unit;
              `vpt.events.payouts` splits the pool.
money         each entry pays a buy-in (to the prize pool) and a fee (to the house), priced
              from the event when it is made (re-entries may cost otherwise) and kept as paid;
              the house may add money to the pool, and a guarantee tops it up (the overlay).
              Payments at the cash desk are `vpt.events.money_models.Payment` rows.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from vpt.ofc import RuleSet, get_ruleset
from vpt.people.names import Naming

from .summaries import level_label

# Money: never below zero, said on the field (a form shows it there).
NOT_NEGATIVE = MinValueValidator(Decimal("0"), message=_("An amount of money cannot be below zero."))


class FlightPolicy(models.TextChoices):
    """What a main event does with a person who plays several flights."""

    BEST_STACK = "best_stack", _("Best stack goes on (the others withdrawn)")
    FIRST_STACK = "first_stack", _("Who has advanced cannot play another flight")


class Event(models.Model):
    FlightPolicy = FlightPolicy

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("Running")
        ON_BREAK = "on_break", _("On break")
        FINISHED = "finished", _("Finished")

    class Variant(models.TextChoices):
        PROGRESSIVE = "progressive", _("Progressive (VPT)")
        REGULAR = "regular", _("Regular")
        JOKER_ULTIMATE = "joker-ultimate", _("Joker Ultimate")
        CLASSIC = "classic", _("Classic")

    class Language(models.TextChoices):
        EN = "en", _("English")
        ES = "es", _("Spanish")

    class SlipFormat(models.TextChoices):
        A6 = "a6", _("A6 sheet")
        THERMAL80 = "thermal80", _("80 mm thermal roll")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    starts_on = models.DateField(_("starts on"), null=True, blank=True)
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    variant = models.CharField(_("rule set"), max_length=20, choices=Variant.choices, default=Variant.PROGRESSIVE)
    rule_overrides = models.JSONField(
        _("rule overrides"),
        default=dict,
        blank=True,
        help_text=_("House rules: rule set settings that differ from the preset."),
    )
    starting_stack = models.PositiveIntegerField(_("starting stack"), default=10000, validators=[MinValueValidator(1)])
    seats_per_table = models.PositiveSmallIntegerField(
        _("seats per table"), default=3, validators=[MinValueValidator(2), MaxValueValidator(4)]
    )
    buy_in = models.DecimalField(
        _("buy-in"),
        max_digits=12,
        decimal_places=2,
        default=Decimal("0"),
        validators=[NOT_NEGATIVE],
        help_text=_("What each entry puts into the prize pool."),
    )
    fee = models.DecimalField(
        _("fee"),
        max_digits=12,
        decimal_places=2,
        default=Decimal("0"),
        validators=[NOT_NEGATIVE],
        help_text=_("What each entry pays the house, on top of the buy-in."),
    )
    reentry_buy_in = models.DecimalField(
        _("re-entry buy-in"),
        max_digits=12,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[NOT_NEGATIVE],
        help_text=_("Empty: the same as the first entry."),
    )
    reentry_fee = models.DecimalField(
        _("re-entry fee"),
        max_digits=12,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[NOT_NEGATIVE],
        help_text=_("Empty: the same as the first entry."),
    )
    added_money = models.DecimalField(
        _("added money"),
        max_digits=12,
        decimal_places=2,
        default=Decimal("0"),
        validators=[NOT_NEGATIVE],
        help_text=_("What the house adds to the prize pool."),
    )
    guarantee = models.DecimalField(
        _("guaranteed prize pool"),
        max_digits=12,
        decimal_places=2,
        default=Decimal("0"),
        validators=[NOT_NEGATIVE],
        help_text=_("0: none. The house pays the difference (the overlay) when the pool falls short."),
    )
    # A satellite (festival.md, "Satellites and tickets"; `vpt.events.satellites`): its pool
    # awards tickets to the target event, one per `seat_value`, and the rest as cash.
    target = models.ForeignKey(
        "self",
        verbose_name=_("satellite of"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="satellites",
        help_text=_("Empty: not a satellite. A satellite's prizes are tickets to this event."),
    )
    seat_value = models.DecimalField(
        _("seat value"),
        max_digits=12,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[NOT_NEGATIVE],
        help_text=_("What one ticket is worth. Empty: the target's buy-in and fee."),
    )
    reentry_until_level = models.PositiveSmallIntegerField(
        _("re-entry allowed until level"),
        null=True,
        blank=True,
        help_text=_("Empty: no re-entry."),
    )
    max_entries = models.PositiveSmallIntegerField(
        _("entries per player at most"), default=1, validators=[MinValueValidator(1)]
    )
    # A festival's main event and its flights (festival.md, "Flights and the main event";
    # `vpt.events.flights`): a flight is an event whose `main_event` is set; the main event
    # holds the prize pool, the payout structure, the advance rule and the policy.
    main_event = models.ForeignKey(
        "self",
        verbose_name=_("main event"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="flights",
        help_text=_("Set on a flight (Day 1A, 1B...): the main event it plays into."),
    )
    advance = models.JSONField(
        _("advance rule"),
        default=dict,
        blank=True,
        help_text=_('On a main event: {"kind": "fraction", "value": 0.15} or {"kind": "survivors"}.'),
    )
    flight_policy = models.CharField(
        _("players in several flights"),
        max_length=20,
        choices=FlightPolicy.choices,
        default=FlightPolicy.BEST_STACK,
    )
    # Before the event (`vpt.events.registrations`): players register themselves, up to the
    # capacity, then on a waitlist; registration closes after a level or at a time.
    self_registration = models.BooleanField(
        _("players register themselves"),
        default=False,
        help_text=_("The public event page offers Register; the director checks the players in at the door."),
    )
    capacity = models.PositiveIntegerField(
        _("entries at most"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Empty: no limit. Over it, players who register go on the waitlist."),
    )
    registration_closes_after_level = models.PositiveSmallIntegerField(
        _("registration closes after level"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Empty: open while the event runs. Re-entry closes with it."),
    )
    registration_closes_at = models.DateTimeField(
        _("registration closes at"),
        null=True,
        blank=True,
        help_text=_("Empty: no closing time. Re-entry closes with it."),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.PLANNED)
    current_level = models.ForeignKey(
        "events.Level",
        verbose_name=_("current level"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    language = models.CharField(
        _("language of printed slips"), max_length=2, choices=Language.choices, default=Language.EN
    )
    slip_format = models.CharField(_("slip format"), max_length=10, choices=SlipFormat.choices, default=SlipFormat.A6)
    players_confirm_boards = models.BooleanField(
        _("players confirm the boards before Record"),
        default=False,
        help_text=_("Each player ticks their box on the dealer's device: a hand is recorded only when all have."),
    )
    max_hands_ahead = models.PositiveSmallIntegerField(
        _("keep tables in step: most hands ahead"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("A table this many hands ahead of the slowest open table in the level waits for it. Empty: off."),
    )
    fantasyland_allowance = models.PositiveSmallIntegerField(
        _("Fantasyland allowance in seconds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("The dealer's page shows when a Fantasyland player has had longer. Empty: no allowance."),
    )
    # Hand-for-hand (floor.md, "Hand-for-hand"; `vpt.rounds.hand_for_hand`): on or off, the
    # number of the round being played (it only grows, so a table's last round stays comparable),
    # the players left at which it ends by itself, and whether it paused the clock.
    hand_for_hand = models.BooleanField(_("hand-for-hand"), default=False, editable=False)
    hand_for_hand_round = models.PositiveIntegerField(_("hand-for-hand round"), default=0, editable=False)
    hand_for_hand_until = models.PositiveIntegerField(
        _("hand-for-hand ends at players left"), null=True, blank=True, editable=False
    )
    hand_for_hand_paused_clock = models.BooleanField(_("hand-for-hand paused the clock"), default=False, editable=False)
    seat_seed = models.BigIntegerField(
        _("seat draw seed"),
        null=True,
        blank=True,
        help_text=_("The seat draw is reproducible from this number."),
    )
    # Bumped by every state change of the event, in the same transaction (`write_audit`):
    # what conditional GETs and cached renders of the live pages key on (`vpt.pages.live`).
    version = models.PositiveBigIntegerField(_("version"), default=0, editable=False)
    closed_at = models.DateTimeField(
        _("closed at"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("A finished event the director closed: its deal can no longer be undone."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return self.name

    def price_of_entry(self, number: int) -> tuple[Decimal, Decimal]:
        """The buy-in and fee the entry numbered ``number`` pays (2 and later: a re-entry)."""
        if number > 1:
            buy_in = self.buy_in if self.reentry_buy_in is None else self.reentry_buy_in
            fee = self.fee if self.reentry_fee is None else self.reentry_fee
            return buy_in, fee
        return self.buy_in, self.fee

    def status_during(self, *, on_break: bool) -> str:
        """The status while a level is in force: on a break during a break level, running
        otherwise; a planned or finished event keeps its status."""
        if self.status in (Event.Status.RUNNING, Event.Status.ON_BREAK):
            return Event.Status.ON_BREAK if on_break else Event.Status.RUNNING
        return self.status

    @property
    def ruleset(self) -> RuleSet:
        """The preset with this event's overrides applied (seats per table included)."""
        base = get_ruleset(self.variant)
        return base.with_overrides(self.rule_overrides or {}) if self.rule_overrides else base


class Level(models.Model):
    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="levels")
    number = models.PositiveSmallIntegerField(_("number"))
    chips_per_point = models.PositiveIntegerField(_("chips per point"), default=1, validators=[MinValueValidator(1)])
    minutes = models.PositiveSmallIntegerField(_("length in minutes"), null=True, blank=True)
    hands = models.PositiveSmallIntegerField(_("length in hands"), null=True, blank=True)
    is_break = models.BooleanField(_("break"), default=False)

    class Meta:
        verbose_name = _("level")
        verbose_name_plural = _("levels")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="level_unique_number"),
        ]

    def __str__(self) -> str:
        return level_label(self.number, self.chips_per_point, self.is_break)


class Player(models.Model):
    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=120)
    country = models.CharField(_("country"), max_length=60, blank=True)
    email = models.EmailField(_("email"), blank=True)
    person = models.ForeignKey(
        "people.Person", verbose_name=_("person"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="player_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def naming(self) -> Naming:
        """How the player is named (`vpt.people.names.Naming`). Load ``person__merged_into``
        with the player to read it without queries."""
        person = self.person
        if person is None:
            return Naming(self.name)
        keeper = person.merged_into
        return Naming(
            self.name,
            person=person.name,
            person_hidden=person.hidden,
            keeper=keeper.name if keeper is not None else None,
            keeper_hidden=keeper is not None and keeper.hidden,
        )

    @property
    def hidden(self) -> bool:
        """The person asked to be hidden on public pages (also when merged into a hidden person)."""
        return self.naming.hidden

    @property
    def display_name(self) -> str:
        """The person's name (the one a merge kept), as the tour pages show it; the name as
        typed when there is no person. The typed spelling stays where the director edits it."""
        return self.naming.display

    @property
    def public_name(self) -> str:
        """The name public pages, slips and exports show: the person's (`display_name`), or
        "Hidden player" (translated) for a hidden person."""
        return self.naming.name(public=True)


class Entry(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        ELIMINATED = "eliminated", _("Eliminated")

    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField(_("entry number"), default=1)
    starting_stack = models.PositiveIntegerField(_("starting stack"))
    stack = models.IntegerField(_("stack"))
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.ACTIVE)
    place = models.PositiveIntegerField(_("finishing place"), null=True, blank=True)
    # Where the entry went out: the table's number and the hand's number at that table.
    eliminated_at_table = models.PositiveSmallIntegerField(_("eliminated at table"), null=True, blank=True)
    eliminated_at_hand = models.PositiveIntegerField(_("eliminated in hand"), null=True, blank=True)
    buy_in = models.DecimalField(
        _("buy-in"), max_digits=12, decimal_places=2, default=Decimal("0"), help_text=_("To the prize pool.")
    )
    fee = models.DecimalField(
        _("fee"), max_digits=12, decimal_places=2, default=Decimal("0"), help_text=_("To the house.")
    )
    # Day 2 of a main event: the flight this entry's stack came from; a flight entry the
    # best-stack policy kept out of Day 2 (a bigger stack of the same person went on).
    flight = models.ForeignKey(
        Event, verbose_name=_("flight"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    withdrawn = models.BooleanField(
        _("withdrawn"), default=False, help_text=_("A bigger stack of the same person went on to Day 2.")
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["event", "player__name", "number"]
        constraints = [
            models.UniqueConstraint(fields=["player", "number"], name="entry_unique_number"),
        ]

    def __str__(self) -> str:
        return self.name()

    def name(self, *, public: bool = False) -> str:
        """The entry's name, the one every page, slip and JSON gives it (`Naming.name`): the
        player's name as the director typed it (the director's and the table's pages), or
        ``public``, as anyone may read it (the person's name, "Hidden player" for a hidden
        person). A re-entry carries its number, "Ana (2)"; a hidden person's does not. Load
        ``player__person__merged_into`` with the entry to read a public name without queries."""
        player = self.player
        # The typed name needs no person: `str(entry)` reads no more than the player.
        naming = player.naming if public else Naming(player.name)
        return naming.name(number=self.number, public=public)

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def public_name(self) -> str:
        """`name` as public pages show it, for templates."""
        return self.name(public=True)


class ChipAdjustment(models.Model):
    event = models.ForeignKey(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="adjustments")
    entry = models.ForeignKey(Entry, verbose_name=_("entry"), on_delete=models.CASCADE, related_name="adjustments")
    amount = models.IntegerField(_("chips"), help_text=_("Signed: positive adds chips."))
    reason = models.CharField(_("reason"), max_length=300)
    stack_before = models.IntegerField(_("stack before"))
    stack_after = models.IntegerField(_("stack after"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("made by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        verbose_name = _("chip adjustment")
        verbose_name_plural = _("chip adjustments")
        ordering = ["event", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.entry}: {self.amount:+d}"


class Clock(models.Model):
    """The stored clock state of an event (see `vpt.clock.rules`: the anchor level, the instant
    it started, pauses and adjustments). What the clock shows is computed from it, never stored."""

    event = models.OneToOneField(Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="clock")
    level_number = models.PositiveSmallIntegerField(
        _("anchor level"), null=True, blank=True, help_text=_("The level the clock counts from; empty: the first.")
    )
    started_at = models.DateTimeField(_("anchor level started at"), null=True, blank=True)
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    paused_for = models.DurationField(
        _("paused for"), default=timedelta(0), help_text=_("Completed pauses since the anchor level started.")
    )
    adjustment_seconds = models.IntegerField(
        _("adjustment in seconds"), default=0, help_text=_("Positive: the level was given more time.")
    )
    fantasyland_hold = models.BooleanField(
        _("break held for Fantasyland"),
        default=False,
        help_text=_("A break is due and waits for the tables playing Fantasyland."),
    )
    level_in_force = models.PositiveSmallIntegerField(
        _("level put in force"),
        null=True,
        blank=True,
        help_text=_("The level the clock last put in force for the event."),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("clock")
        verbose_name_plural = _("clocks")

    def __str__(self) -> str:
        return str(_("Clock of %(event)s") % {"event": self.event})


class PayoutStructure(models.Model):
    """The share of the prize pool each place takes (percentages, first place first) and the
    unit amounts are rounded to; `vpt.events.payouts` splits the pool."""

    event = models.OneToOneField(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="payout_structure"
    )
    percentages = models.JSONField(
        _("percentages"), default=list, help_text=_('Per place, first place first, as text: ["50", "30", "20"].')
    )
    unit = models.DecimalField(_("rounding unit"), max_digits=12, decimal_places=2, default=Decimal("1.00"))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("payout structure")
        verbose_name_plural = _("payout structures")

    def __str__(self) -> str:
        return str(_("Payouts of %(event)s") % {"event": self.event})

    @property
    def places(self) -> int:
        return len(self.percentages)

    def decimal_percentages(self) -> list[Decimal]:
        return [Decimal(str(p)) for p in self.percentages]


# The cash desk's rows and the players' private links live in their own modules (this one
# holds the event and its people); Django finds their models through these imports.
from .flight_models import BagCount  # noqa: E402, F401
from .link_models import PlayerLink  # noqa: E402, F401
from .money_models import Deal, DealShare, Payment  # noqa: E402, F401
from .registration_models import Registration  # noqa: E402, F401
from .template_models import StructureTemplate  # noqa: E402, F401
from .ticket_models import Ticket  # noqa: E402, F401
