"""Deals at the final table: the players left share what is left of the prize pool.

left of the pool  the prizes of places 1..n for the n players still in (`EventPrizes.left_for`).
deal         chip-chop or ICM (`vpt.events.payouts`, rounded to the unit chosen, the cent by
             default, the remainder to the biggest stack), or the amounts the players agreed,
             entered per player: they must add up to what is left of the pool exactly. Each
             player takes a place: by chips (most first, equal stacks share) unless the
             director enters the places.
applying     one audited service: the shares are stored, the event finishes and every entry
             is placed (`vpt.events.places`); prizes then add up to the pool exactly.
undoing      deletes the deal and reopens the event, until the director closes the event.

`plan_deal` reads and checks without writing (the confirmation names every amount); the
services re-plan under the event lock. Where the players sit is the seating app's: the caller
says how many tables the players left sit at (`tables_in_play`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import Conflict, ServiceError
from vpt.events import payouts as money
from vpt.events.audit import write_audit
from vpt.events.models import Deal, DealShare, Entry, Event, Payment
from vpt.events.money_format import format_money
from vpt.events.places import assign_places
from vpt.events.services import lock_event
from vpt.money.prizes import event_prizes

__all__ = ["DealPlan", "PlannedShare", "apply_deal", "close_event", "parse_amount", "plan_deal", "undo_deal"]


@dataclass(frozen=True, slots=True)
class PlannedShare:
    entry: Entry
    chips: int
    amount: Decimal
    place: int


@dataclass(frozen=True)
class DealPlan:
    kind: str
    total: Decimal
    shares: tuple[PlannedShare, ...]


def _field_error(message: str, *, code: str, entry: Entry | None = None) -> ServiceError:
    """A refusal naming the player whose field is wrong (`details["entry_id"]`), if any."""
    return ServiceError(message, code=code, entry_id=entry.pk if entry else None)


# What a money column holds (DecimalField(max_digits=12, decimal_places=2)).
MAX_AMOUNT = Decimal("9999999999.99")


def parse_amount(text: str | Decimal, *, name: str) -> Decimal:
    """An amount typed for ``name``: a number, not below zero, at most 2 decimals."""
    try:
        amount = Decimal(str(text).strip().replace(",", "."))
    except InvalidOperation:
        raise ServiceError(_("%(name)s: not an amount.") % {"name": name}, code="not_a_number") from None
    if not amount.is_finite():
        raise ServiceError(_("%(name)s: not an amount.") % {"name": name}, code="not_a_number")
    if amount.copy_abs() > MAX_AMOUNT:  # before any arithmetic (quantizing 1e30: InvalidOperation)
        raise ServiceError(
            _("%(name)s: at most %(max)s.") % {"name": name, "max": format_money(MAX_AMOUNT)}, code="too_large"
        )
    if amount < 0:
        raise ServiceError(_("%(name)s: an amount cannot be below zero.") % {"name": name}, code="negative_amount")
    if amount != amount.quantize(money.CENT):
        raise ServiceError(_("%(name)s: at most 2 decimals.") % {"name": name}, code="too_many_decimals")
    return amount.quantize(money.CENT)


def _places_by_chips(players: list[Entry]) -> list[int]:
    places: list[int] = []
    for index, entry in enumerate(players):
        same = index > 0 and players[index - 1].stack == entry.stack
        places.append(places[-1] if same else index + 1)
    return places


def plan_deal(
    event: Event,
    *,
    kind: str,
    amounts: Mapping[int, Decimal] | None = None,
    places: Mapping[int, int] | None = None,
    unit: Decimal = money.CENT,
) -> DealPlan:
    """What a deal of ``kind`` gives each player still in (no write): refused with a message
    naming the problem (and the player, `details["entry_id"]`) when it cannot be made."""
    if kind not in Deal.Kind.values:
        raise ServiceError(_("Choose chip-chop, ICM or the amounts agreed."), code="bad_kind")
    if event.status == Event.Status.FINISHED and Deal.objects.filter(event=event).exists():
        raise Conflict(_("This event already has a deal: undo it first."), code="deal_exists")
    players = list(
        Entry.objects.filter(event=event, status=Entry.Status.ACTIVE)
        .select_related("player")
        .order_by("-stack", "player__name", "number")
    )
    if len(players) < 2:
        raise ServiceError(_("A deal needs at least two players still in."), code="too_few_players")
    prizes = event_prizes(event)
    if not prizes.amounts:
        raise ServiceError(_("Set the payout structure first."), code="no_structure")
    left = prizes.left_for(len(players))
    total = sum(left, Decimal("0.00"))
    stacks = [entry.stack for entry in players]
    if kind == Deal.Kind.AGREED:
        given = dict(amounts or {})
        for entry in players:
            if entry.pk not in given:
                raise _field_error(
                    _("%(name)s: enter an amount.") % {"name": entry}, code="missing_amount", entry=entry
                )
            if given[entry.pk] < 0:
                raise _field_error(
                    _("%(name)s: an amount cannot be below zero.") % {"name": entry},
                    code="negative_amount",
                    entry=entry,
                )
        split = tuple(given[entry.pk] for entry in players)
        agreed_total = sum(split, Decimal("0.00"))
        if agreed_total != total:
            raise ServiceError(
                _("The amounts add up to %(sum)s, not %(left)s (what is left of the prize pool).")
                % {"sum": format_money(agreed_total), "left": format_money(total)},
                code="does_not_add_up",
            )
    else:
        try:
            split = (money.chip_chop if kind == Deal.Kind.CHIP_CHOP else money.icm_deal)(stacks, left, unit=unit)
        except money.PayoutError as error:
            raise ServiceError(str(error), code=error.code) from None
    if places:
        wanted = [places.get(entry.pk) for entry in players]
        if sorted(p for p in wanted if p is not None) != list(range(1, len(players) + 1)):
            raise ServiceError(
                _("Give each player a different place from 1 to %(count)s.") % {"count": len(players)},
                code="bad_places",
            )
        taken = [int(p) for p in wanted if p is not None]
    else:
        taken = _places_by_chips(players)
    shares = tuple(
        PlannedShare(entry=entry, chips=entry.stack, amount=amount, place=place)
        for entry, amount, place in zip(players, split, taken, strict=True)
    )
    return DealPlan(kind=kind, total=total, shares=tuple(sorted(shares, key=lambda share: share.place)))


def _deal_facts(plan: DealPlan) -> list[dict[str, object]]:
    return [
        {"name": str(share.entry), "entry_id": share.entry.pk, "amount": str(share.amount), "place": share.place}
        for share in plan.shares
    ]


@transaction.atomic(durable=True)
def apply_deal(
    event: Event,
    *,
    kind: str,
    tables_in_play: int,
    actor: Actor,
    amounts: Mapping[int, Decimal] | None = None,
    places: Mapping[int, int] | None = None,
    unit: Decimal = money.CENT,
) -> Deal:
    """Make the deal: store each player's amount and place, finish the event, place everyone."""
    ensure_director(actor)
    if tables_in_play > 1:
        raise ServiceError(
            _("The players left are still at %(count)s tables: a deal is made at one final table.")
            % {"count": tables_in_play},
            code="two_tables",
        )
    event = lock_event(event)
    if event.closed_at is not None:
        raise Conflict(_("The event is closed."), code="event_closed")
    plan = plan_deal(event, kind=kind, amounts=amounts, places=places, unit=unit)
    before = event.status
    deal = Deal.objects.create(event=event, kind=plan.kind, total=plan.total, created_by=user_of(actor))
    DealShare.objects.bulk_create(
        DealShare(deal=deal, entry=share.entry, amount=share.amount, place=share.place, chips=share.chips)
        for share in plan.shares
    )
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    assign_places(event, eliminations=None, agreed={share.entry.pk: share.place for share in plan.shares})
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="money.deal_made",
        obj=deal,
        args={
            "kind": plan.kind,
            "shares": ", ".join(f"{share.entry} {share.amount}" for share in plan.shares),
        },
        before={"status": before},
        after={"kind": plan.kind, "total": str(plan.total), "shares": _deal_facts(plan)},
    )
    return deal


@transaction.atomic(durable=True)
def undo_deal(event: Event, *, actor: Actor) -> None:
    """Take the deal back: the players are in again (no places), the event runs again."""
    ensure_director(actor)
    event = lock_event(event)
    if event.closed_at is not None:
        raise Conflict(_("The event is closed: its deal can no longer be undone."), code="event_closed")
    deal = Deal.objects.filter(event=event).first()
    if deal is None:
        raise ServiceError(_("This event has no deal."), code="no_deal")
    shares = [
        {"name": str(share.entry), "amount": str(share.amount), "place": share.place}
        for share in deal.shares.select_related("entry__player")
    ]
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="money.deal_undone",
        obj=deal,
        args={"kind": deal.kind},
        before={"kind": deal.kind, "total": str(deal.total), "shares": shares},
    )
    deal.delete()
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    assign_places(event, eliminations=None)


def undo_deal_effects(event: Event) -> list[str]:
    """What undoing the deal changes, a line each, for its confirmation: each share taken back,
    and each prize the cash desk already paid out of it, which the desk is then owed back
    until the event finishes again (the payment stays recorded): 2 queries."""
    deal = Deal.objects.filter(event=event).first()
    if deal is None:
        return []
    lines = [
        _("%(name)s loses the deal's %(amount)s (place %(place)s) and plays on.")
        % {"name": share.entry, "amount": format_money(share.amount), "place": share.place}
        for share in deal.shares.select_related("entry__player").order_by("place", "pk")
    ]
    paid = Payment.objects.filter(event=event, kind=Payment.Kind.PRIZE).select_related("entry__player")
    for payment in paid.order_by("created_at", "pk"):
        lines.append(
            _(
                "Already paid out: %(amount)s to %(name)s. After the undo their prize is 0, so the cash desk "
                "is owed %(amount)s back until the event finishes again."
            )
            % {"amount": format_money(payment.amount), "name": payment.entry}
        )
    return lines


@transaction.atomic(durable=True)
def close_event(event: Event, *, actor: Actor) -> Event:
    """Close a finished event: its results are final (a deal can no longer be undone)."""
    ensure_director(actor)
    event = lock_event(event)
    if event.status != Event.Status.FINISHED:
        raise ServiceError(_("Only a finished event can be closed."), code="not_finished")
    if event.closed_at is not None:
        raise Conflict(_("The event is already closed."), code="event_closed")
    event.closed_at = timezone.now()
    event.save(update_fields=["closed_at"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="money.event_closed",
        obj=event,
        args={"name": event.name},
        after={"closed_at": event.closed_at.isoformat()},
    )
    return event
