"""Who wins what: the prize pool split by the payout structure over the finishing places.

prize    an entry's share of the pool: the amount of its place (`vpt.events.payouts.split_pool`),
         shared with the entries that share that place (`share_places`). Entries with no place
         yet, or placed past the paid places, win nothing (yet).

cash desk      every entry with its price, payment, prize and payout, the tickets it won (a
               satellite's) or paid with or holds (a target's), and the cash report
               (`vpt.money.cash`).

Reads only; the one place prize money is split is `vpt.events.payouts`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from vpt.events import payouts as money
from vpt.events.flights import main_event_of, pool_entries
from vpt.events.models import Entry, Event, Payment, PayoutStructure
from vpt.events.satellites import seat_value_of
from vpt.events.satellites import split_pool as split_seats
from vpt.events.ticket_models import Ticket
from vpt.events.ticket_selectors import is_withdrawn, payable_events, tickets_of_event
from vpt.money.cash import CashReport, EntryMoney, PaymentRow, TicketMoney, cash_report

__all__ = [
    "CashDesk",
    "DeskRow",
    "EventPrizes",
    "PlaceRow",
    "cash_desk",
    "event_prizes",
    "flight_prizes",
    "pool_of",
    "prizes_from",
]


@dataclass(frozen=True)
class EventPrizes:
    """The pool, the amount of each paid place (first place first) and each entry's prize.

    ``dealt``: the amounts of a deal (entry id -> amount), which replace the prizes of the
    places the deal's players took; the places below keep theirs.
    """

    pool: money.PrizePool
    structure: PayoutStructure | None
    amounts: tuple[Decimal, ...]
    by_entry: Mapping[int, Decimal]
    dealt: Mapping[int, Decimal]

    def prize_of(self, entry_id: int) -> Decimal:
        return self.by_entry.get(entry_id, Decimal("0.00"))

    def left_for(self, players: int) -> tuple[Decimal, ...]:
        """The prizes of places 1..``players`` (0 past the paid places): what a deal shares."""
        return tuple(self.amounts[:players]) + (Decimal("0.00"),) * max(0, players - len(self.amounts))


def pool_of(event: Event, buy_ins: Sequence[Decimal]) -> money.PrizePool:
    """The event's pool from its entries' buy-ins (no query)."""
    return money.prize_pool(buy_ins, added_money=event.added_money, guarantee=event.guarantee)


def place_amounts(pool: money.PrizePool, structure: PayoutStructure | None) -> tuple[Decimal, ...]:
    """The amount of each paid place, first place first (no query)."""
    if structure is None or not structure.percentages:
        return ()
    return money.split_pool(pool.total, structure.percentages, unit=structure.unit)


# An entry as its prize needs it: its id, its place (None: none yet), its player's name as typed
# and its entry number (the last two rank the entries that share a place).
PlaceRow = tuple[int, int | None, str, int]


def prizes_from(
    event: Event,
    pool: money.PrizePool,
    structure: PayoutStructure | None,
    places: Sequence[PlaceRow],
    dealt: Mapping[int, Decimal],
) -> EventPrizes:
    """The prizes of ``event`` (a plain event, a satellite or a main event's Day 2) from its pool,
    payout structure, entries' places and a deal's amounts (entry id -> amount), with no query
    (a satellite's target loaded). The entries sharing a place are ranked here, by their name as
    typed then their number, so the remainder of a shared place (`vpt.events.payouts.share_places`)
    goes to the same entry whichever read asks: the cash desk, the results or the tour."""
    if event.target_id is not None:
        value = seat_value_of(event)
        assert value is not None
        amounts = satellite_amounts(pool, value)  # the payout structure does not apply
    else:
        amounts = place_amounts(pool, structure)
    ranked = sorted(
        (row for row in places if row[1] is not None and row[0] not in dealt), key=lambda row: (row[1], row[2], row[3])
    )
    by_entry = money.share_places([(row[0], row[1]) for row in ranked], amounts)
    by_entry.update(dealt)
    return EventPrizes(pool=pool, structure=structure, amounts=amounts, by_entry=by_entry, dealt=dict(dealt))


def flight_prizes(pool: money.PrizePool, structure: PayoutStructure | None) -> EventPrizes:
    """What a flight shows: its main event's pool and place amounts; it pays nothing of its own."""
    return EventPrizes(pool=pool, structure=structure, amounts=place_amounts(pool, structure), by_entry={}, dealt={})


def event_prizes(event: Event) -> EventPrizes:
    """The pool, the place amounts and every entry's prize (a deal's amounts included): 2 queries.

    A main event's pool takes the buy-ins of every entry of every flight, and only its Day 2
    entries win prizes; a flight shows the main event's pool and structure, and pays nothing
    of its own (festival.md, "Flights and the main event")."""
    main = main_event_of(event)
    if main is not None:
        return _main_event_prizes(main, flight=event if main.pk != event.pk else None)
    rows = list(
        Entry.objects.filter(event=event)
        .order_by()
        .values_list("id", "place", "player__name", "number", "buy_in", "deal_shares__amount")
    )
    pool = pool_of(event, [row[4] for row in rows])
    structure = PayoutStructure.objects.filter(event=event).first()
    dealt = {row[0]: row[5] for row in rows if row[5] is not None}
    return prizes_from(event, pool, structure, [row[:4] for row in rows], dealt)


def satellite_amounts(pool: money.PrizePool, seat_value: Decimal) -> tuple[Decimal, ...]:
    """A satellite's place amounts: nothing in cash for places 1..seats (they win tickets), the
    rest of the pool, `pool - seats x seat value`, to place seats + 1 (festival.md).

    >>> satellite_amounts(money.prize_pool([Decimal("100")] * 10), Decimal("330"))
    (Decimal('0.00'), Decimal('0.00'), Decimal('0.00'), Decimal('10.00'))
    """
    split = split_seats(pool.total, seat_value)
    zero = Decimal("0.00")
    return (zero,) * split.seats + ((split.cash,) if split.cash > 0 else ())


def _main_event_prizes(main: Event, *, flight: Event | None) -> EventPrizes:
    """`event_prizes` of a main event (or of one of its flights): 3 queries."""
    pool = pool_of(main, list(pool_entries(main).values_list("buy_in", flat=True)))
    structure = PayoutStructure.objects.filter(event=main).first()
    if flight is not None:
        return flight_prizes(pool, structure)
    rows = list(
        Entry.objects.filter(event=main)
        .order_by()
        .values_list("id", "place", "player__name", "number", "deal_shares__amount")
    )
    dealt = {row[0]: row[4] for row in rows if row[4] is not None}
    return prizes_from(main, pool, structure, [row[:4] for row in rows], dealt)


@dataclass(frozen=True)
class DeskRow:
    """One entry at the cash desk: what it owes, what it paid, what it wins and was handed."""

    entry: Entry
    prize: Decimal
    paid_in: Payment | None
    paid_out: Payment | None
    won_ticket: Ticket | None = None  # a satellite's: the ticket this entry won (not withdrawn)
    paid_by: Ticket | None = None  # a target's: the ticket that paid this entry
    tickets_held: int = 0  # a target's: the issued tickets to it the entry's person holds

    @property
    def price(self) -> Decimal:
        return self.entry.buy_in + self.entry.fee


@dataclass(frozen=True)
class CashDesk:
    rows: tuple[DeskRow, ...]
    report: CashReport
    prizes: EventPrizes


def cash_desk(event: Event) -> CashDesk:
    """Every entry with its payments, prize and tickets, and the event's cash report: 5 queries."""
    entries = list(
        Entry.objects.filter(event=event).select_related("player__person").order_by("player__name", "number")
    )
    payments = list(Payment.objects.filter(event=event).select_related("taken_by"))
    prizes = event_prizes(event)
    tickets = tickets_of_event(event)
    found = {(payment.entry_id, payment.kind): payment for payment in payments}
    won = {t.won_by_id: t for t in tickets if t.won_in_id == event.pk and not is_withdrawn(t)}
    paid_by = {t.entry_id: t for t in tickets if t.entry_id is not None}
    payable = payable_events(event)
    held: dict[int, int] = {}
    for ticket in tickets:
        if ticket.event_id in payable and ticket.status == Ticket.Status.ISSUED:
            holder = ticket.person.merged_into_id or ticket.person_id
            held[holder] = held.get(holder, 0) + 1
    rows = tuple(
        DeskRow(
            entry=entry,
            prize=prizes.prize_of(entry.pk),
            paid_in=found.get((entry.pk, Payment.Kind.ENTRY)),
            paid_out=found.get((entry.pk, Payment.Kind.PRIZE)),
            won_ticket=won.get(entry.pk),
            paid_by=paid_by.get(entry.pk),
            tickets_held=held.get(_person_of(entry), 0),
        )
        for entry in entries
    )
    report = cash_report(
        [EntryMoney(e.pk, str(e), e.buy_in, e.fee, prizes.prize_of(e.pk)) for e in entries],
        [PaymentRow(p.entry_id, p.kind, p.method, p.amount, str(p.taken_by or "")) for p in payments],
        prizes.pool,
        [_ticket_money(t, event) for t in tickets],
    )
    return CashDesk(rows=rows, report=report, prizes=prizes)


def _person_of(entry: Entry) -> int:
    person = entry.player.person
    if person is None:
        return 0
    return person.merged_into_id or person.pk


def _ticket_money(ticket: Ticket, event: Event) -> TicketMoney:
    return TicketMoney(
        ticket_id=ticket.pk,
        name=ticket.person.name,
        value=ticket.value,
        status=ticket.status,
        cashed=ticket.cashed,
        won_here=ticket.won_in_id == event.pk,
        target=ticket.event.name,
        won_in=ticket.won_in.name if ticket.won_in is not None else ticket.source,
        person_id=ticket.person.merged_into_id or ticket.person_id,
    )
