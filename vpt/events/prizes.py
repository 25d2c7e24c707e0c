"""Who wins what: the prize pool split by the payout structure over the finishing places.

prize    an entry's share of the pool: the amount of its place (`vpt.events.payouts.split_pool`),
         shared with the entries that share that place (`share_places`). Entries with no place
         yet, or placed past the paid places, win nothing (yet).

cash desk      every entry with its price, payment, prize and payout, and the cash report
               (`vpt.events.cash`).

Reads only; the one place prize money is split is `vpt.events.payouts`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from . import payouts as money
from .cash import CashReport, EntryMoney, PaymentRow, cash_report
from .models import Entry, Event, Payment, PayoutStructure

__all__ = ["CashDesk", "DeskRow", "EventPrizes", "cash_desk", "event_prizes", "pool_of"]


@dataclass(frozen=True)
class EventPrizes:
    """The pool, the amount of each paid place (first place first) and each entry's prize."""

    pool: money.PrizePool
    structure: PayoutStructure | None
    amounts: tuple[Decimal, ...]
    by_entry: Mapping[int, Decimal]

    def prize_of(self, entry_id: int) -> Decimal:
        return self.by_entry.get(entry_id, Decimal("0.00"))


def pool_of(event: Event, buy_ins: Sequence[Decimal]) -> money.PrizePool:
    """The event's pool from its entries' buy-ins (no query)."""
    return money.prize_pool(buy_ins, added_money=event.added_money, guarantee=event.guarantee)


def split_prizes(
    pool: money.PrizePool,
    structure: PayoutStructure | None,
    places: Sequence[tuple[int, int | None]],
) -> tuple[tuple[Decimal, ...], dict[int, Decimal]]:
    """The amount of each paid place and each placed entry's prize (no query)."""
    amounts: tuple[Decimal, ...] = ()
    if structure is not None and structure.percentages:
        amounts = money.split_pool(pool.total, structure.percentages, unit=structure.unit)
    return amounts, money.share_places(places, amounts)


def event_prizes(event: Event) -> EventPrizes:
    """The pool, the place amounts and every entry's prize: 2 queries."""
    rows = list(
        Entry.objects.filter(event=event)
        .order_by("place", "player__name", "number")
        .values_list("id", "place", "buy_in")
    )
    pool = pool_of(event, [buy_in for _id, _place, buy_in in rows])
    structure = PayoutStructure.objects.filter(event=event).first()
    amounts, by_entry = split_prizes(pool, structure, [(entry_id, place) for entry_id, place, _buy_in in rows])
    return EventPrizes(pool=pool, structure=structure, amounts=amounts, by_entry=by_entry)


@dataclass(frozen=True)
class DeskRow:
    """One entry at the cash desk: what it owes, what it paid, what it wins and was handed."""

    entry: Entry
    prize: Decimal
    paid_in: Payment | None
    paid_out: Payment | None

    @property
    def price(self) -> Decimal:
        return self.entry.buy_in + self.entry.fee


@dataclass(frozen=True)
class CashDesk:
    rows: tuple[DeskRow, ...]
    report: CashReport
    prizes: EventPrizes


def cash_desk(event: Event) -> CashDesk:
    """Every entry with its payments and prize, and the event's cash report: 4 queries."""
    entries = list(Entry.objects.filter(event=event).select_related("player").order_by("player__name", "number"))
    payments = list(Payment.objects.filter(event=event).select_related("taken_by"))
    pool = pool_of(event, [entry.buy_in for entry in entries])
    structure = PayoutStructure.objects.filter(event=event).first()
    ordered = sorted(entries, key=lambda e: (e.place or 0, e.player.name, e.number))
    amounts, by_entry = split_prizes(pool, structure, [(entry.pk, entry.place) for entry in ordered])
    prizes = EventPrizes(pool=pool, structure=structure, amounts=amounts, by_entry=by_entry)
    found = {(payment.entry_id, payment.kind): payment for payment in payments}
    rows = tuple(
        DeskRow(
            entry=entry,
            prize=prizes.prize_of(entry.pk),
            paid_in=found.get((entry.pk, Payment.Kind.ENTRY)),
            paid_out=found.get((entry.pk, Payment.Kind.PRIZE)),
        )
        for entry in entries
    )
    report = cash_report(
        [EntryMoney(e.pk, str(e), e.buy_in, e.fee, prizes.prize_of(e.pk)) for e in entries],
        [PaymentRow(p.entry_id, p.kind, p.method, p.amount, str(p.taken_by or "")) for p in payments],
        pool,
    )
    return CashDesk(rows=rows, report=report, prizes=prizes)
