"""Writes for an event itself: create it, change its settings, set its status.

event status   planned, running, on break, finished; the clock and hands move it too
               (`vpt.clock.services`, `vpt.rounds.services`), a director sets it here.
event lock     `lock_event`: every service that changes an event's state locks the event row
               first, then any table rows (by id), then works on entries and seats. Hands are
               seconds apart, so serialising them on the event row costs nothing and keeps
               finishing places consistent across tables.

The other writes for an event live by subject: `entries` (players, re-entries, chip
adjustments), `structure` (levels), `clock_services` (the clock), `payout_services` (the
payout structure), and `places` (finishing places, used by the writes that eliminate).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.engine_errors import explain
from vpt.errors import Conflict, ServiceError
from vpt.ofc import InvalidHand, RuleSet, get_ruleset

from .audit import write_audit
from .models import Deal, Entry, Event, Level, Payment, PayoutStructure
from .payouts import PayoutError, validate_structure
from .places import assign_places
from .satellite_tickets import sync_satellite_tickets
from .selectors import hands_recorded

DEFAULT_LEVELS: tuple[int, ...] = (10, 20, 30, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000)
# A level given only as its chips per point runs this long, so the clock has something to count.
DEFAULT_LEVEL_MINUTES = 20


def _event_rules(variant: str, overrides: Mapping[str, Any]) -> RuleSet:
    """The rules of ``variant`` with ``overrides``; what the engine refuses, in the director's language."""
    try:
        return get_ruleset(variant).with_overrides(overrides)
    except InvalidHand as error:
        raise ServiceError(
            _("Rule overrides: %(problem)s") % {"problem": explain(error)}, code="invalid_rules"
        ) from None


def _check_seats(rules: RuleSet, variant: str, seats: int) -> None:
    if not rules.min_players <= seats <= rules.max_players:
        raise ServiceError(
            _("%(variant)s seats %(low)s to %(high)s players at a table.")
            % {"variant": variant, "low": rules.min_players, "high": rules.max_players},
            code="invalid_seats",
        )


def lock_event(event: Event | int) -> Event:
    """The event row, locked for this transaction (no-op on SQLite, which locks the file)."""
    pk = event if isinstance(event, int) else event.pk
    return Event.objects.select_for_update(no_key=True, of=("self",)).select_related("current_level").get(pk=pk)


@transaction.atomic(durable=True)
def create_event(
    *,
    name: str,
    slug: str,
    actor: Actor,
    variant: str = "progressive",
    rule_overrides: Mapping[str, Any] | None = None,
    starting_stack: int = 10000,
    seats_per_table: int | None = None,
    buy_in: Decimal = Decimal("0"),
    fee: Decimal = Decimal("0"),
    reentry_buy_in: Decimal | None = None,
    reentry_fee: Decimal | None = None,
    added_money: Decimal = Decimal("0"),
    guarantee: Decimal = Decimal("0"),
    reentry_until_level: int | None = None,
    max_entries: int = 1,
    venue: str = "",
    starts_on: datetime.date | None = None,
    language: str = Event.Language.EN,
    slip_format: str = Event.SlipFormat.A6,
    players_confirm_boards: bool = False,
    max_hands_ahead: int | None = None,
    fantasyland_allowance: int | None = None,
    self_registration: bool = False,
    capacity: int | None = None,
    registration_closes_after_level: int | None = None,
    registration_closes_at: datetime.datetime | None = None,
    levels: Sequence[int | Mapping[str, Any]] = DEFAULT_LEVELS,
    seat_seed: int | None = None,
    payouts: tuple[Sequence[str], Decimal] | None = None,
) -> Event:
    """Create an event with its levels (chips per point, or dicts of Level fields); level 1 in
    force. ``payouts``: its payout structure (percentages, rounding unit), e.g. from a template."""
    ensure_director(actor)
    _check_money(
        {
            "buy_in": buy_in,
            "fee": fee,
            "reentry_buy_in": reentry_buy_in,
            "reentry_fee": reentry_fee,
            "added_money": added_money,
            "guarantee": guarantee,
        }
    )
    rules = _event_rules(variant, rule_overrides or {})
    seats = seats_per_table or rules.max_players
    _check_seats(rules, variant, seats)
    if Event.objects.filter(slug=slug).exists():
        raise Conflict(_("An event with the slug %(slug)s already exists.") % {"slug": slug}, code="duplicate_slug")
    event = Event.objects.create(
        name=name,
        slug=slug,
        variant=variant,
        rule_overrides=dict(rule_overrides or {}),
        starting_stack=starting_stack,
        seats_per_table=seats,
        buy_in=buy_in,
        fee=fee,
        reentry_buy_in=reentry_buy_in,
        reentry_fee=reentry_fee,
        added_money=added_money,
        guarantee=guarantee,
        reentry_until_level=reentry_until_level,
        max_entries=max_entries,
        venue=venue,
        starts_on=starts_on,
        language=language,
        slip_format=slip_format,
        players_confirm_boards=players_confirm_boards,
        max_hands_ahead=max_hands_ahead,
        fantasyland_allowance=fantasyland_allowance,
        self_registration=self_registration,
        capacity=capacity,
        registration_closes_after_level=registration_closes_after_level,
        registration_closes_at=registration_closes_at,
        seat_seed=seat_seed,
    )
    rows = []
    for number, spec in enumerate(levels, start=1):
        fields = {"chips_per_point": spec, "minutes": DEFAULT_LEVEL_MINUTES} if isinstance(spec, int) else dict(spec)
        rows.append(Level(event=event, number=number, **fields))
    Level.objects.bulk_create(rows)
    if rows:
        event.current_level = Level.objects.get(event=event, number=1)
        event.save(update_fields=["current_level"])
    if payouts is not None and payouts[0]:
        try:
            values = validate_structure(payouts[0])
        except PayoutError as error:
            raise ServiceError(str(error), code=error.code) from None
        PayoutStructure.objects.create(event=event, percentages=[str(v) for v in values], unit=payouts[1])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.event_created",
        obj=event,
        args={"name": name},
        after={"variant": variant, "starting_stack": starting_stack, "seats_per_table": seats},
    )
    return event


EVENT_FIELDS = (
    "name",
    "venue",
    "starts_on",
    "ends_on",
    "variant",
    "rule_overrides",
    "starting_stack",
    "seats_per_table",
    "buy_in",
    "fee",
    "reentry_buy_in",
    "reentry_fee",
    "added_money",
    "guarantee",
    "reentry_until_level",
    "max_entries",
    "language",
    "slip_format",
    "players_confirm_boards",
    "max_hands_ahead",
    "fantasyland_allowance",
    "self_registration",
    "capacity",
    "registration_closes_after_level",
    "registration_closes_at",
)
# The prices of an entry: changing one re-prices the entries not yet paid for.
PRICE_FIELDS = ("buy_in", "fee", "reentry_buy_in", "reentry_fee")
MONEY_FIELDS = (*PRICE_FIELDS, "added_money", "guarantee")
# Fields that the first hand fixes: changing them later would rewrite history.
FIXED_BY_PLAY = ("variant", "rule_overrides", "starting_stack", "seats_per_table")


@transaction.atomic(durable=True)
def update_event(event: Event, *, actor: Actor, **fields: Any) -> Event:
    """Change an event's settings; the rule set, stack and table size only before the first hand."""
    ensure_director(actor)
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise ServiceError(_("Unknown event field: %(fields)s") % {"fields": ", ".join(sorted(unknown))})
    event = lock_event(event)
    changed = {key: value for key, value in fields.items() if getattr(event, key) != value}
    if not changed:
        return event
    frozen = [key for key in changed if key in FIXED_BY_PLAY]
    if frozen and hands_recorded(event):
        raise Conflict(
            _("Hands have been played: the rule set, starting stack and seats per table can no longer change."),
            code="hands_recorded",
        )
    variant = changed.get("variant", event.variant)
    overrides = changed.get("rule_overrides", event.rule_overrides) or {}
    rules = _event_rules(variant, overrides)
    seats = changed.get("seats_per_table", event.seats_per_table)
    _check_seats(rules, variant, seats)
    _check_money(changed)
    before = {key: str(getattr(event, key)) for key in changed}
    for key, value in changed.items():
        setattr(event, key, value)
    event.save(update_fields=list(changed))
    if any(key in PRICE_FIELDS for key in changed):
        _reprice_unpaid_entries(event)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.event_changed",
        obj=event,
        args={"name": event.name, "fields": ", ".join(changed)},
        before=before,
        after={key: str(value) for key, value in changed.items()},
    )
    return event


def _check_money(fields: Mapping[str, Any]) -> None:
    """Amounts of money: whole cents, never below zero (a form says it on the field first)."""
    for key in MONEY_FIELDS:
        value = fields.get(key)
        if value is None:
            continue
        amount = Decimal(value)
        label = getattr(Event._meta.get_field(key), "verbose_name", key)
        if not amount.is_finite() or amount < 0:
            raise ServiceError(
                _("%(field)s cannot be below zero.") % {"field": capfirst(label)},
                code="negative_amount",
            )
        if amount != amount.quantize(Decimal("0.01")):
            raise ServiceError(
                _("%(field)s has more than 2 decimals.") % {"field": capfirst(label)},
                code="too_many_decimals",
            )


def _reprice_unpaid_entries(event: Event) -> None:
    """Give every entry not yet paid for the event's (new) price; paid entries keep what they paid."""
    paid = set(Payment.objects.filter(event=event, kind=Payment.Kind.ENTRY).values_list("entry_id", flat=True))
    entries = [entry for entry in Entry.objects.filter(event=event).only("id", "number") if entry.pk not in paid]
    for entry in entries:
        entry.buy_in, entry.fee = event.price_of_entry(entry.number)
    Entry.objects.bulk_update(entries, ["buy_in", "fee"])


@transaction.atomic(durable=True)
def set_event_status(event: Event, *, status: str, actor: Actor) -> Event:
    """Set the event's status; finishing it with players still in places them by chips (a
    deal places them as agreed), and reopening it takes those places back. A closed event keeps
    its status, and an event ended by a deal reopens only by undoing the deal
    (`vpt.money.deals.undo_deal`): the deal's amounts and places stand until then."""
    ensure_director(actor)
    event = lock_event(event)
    before = event.status
    if event.closed_at is not None and status != before:
        raise Conflict(_("The event is closed: its results are final."), code="event_closed")
    if before == Event.Status.FINISHED and status != before and Deal.objects.filter(event=event).exists():
        raise Conflict(_("This event ended with a deal: undo the deal to reopen it."), code="deal_made")
    event.status = Event.Status(status)
    event.save(update_fields=["status"])
    if Event.Status.FINISHED in (before, event.status):
        assign_places(event, eliminations=None)  # finished: the entries still in are placed too
        sync_satellite_tickets(event, actor=actor)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.status_set",
        obj=event,
        args={"status": event.status},
        before={"status": before},
        after={"status": event.status},
    )
    return event
