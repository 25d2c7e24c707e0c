"""The cash report of an event: what came in at the desk, what went out, and what is owed.

due          what the entries must pay: each entry's buy-in (to the pool) and fee (to the house).
received     what the desk took for entries (`Payment` rows of kind ENTRY), by method.
paid out     the prizes handed over (`Payment` rows of kind PRIZE), by method.
at the desk  received - paid out - tickets cashed: what the desk should hold now (an entry
             paid by ticket counts at face value: the satellite's desk holds that money).
house total  fees - added money - overlay: what the house keeps once everything is settled.
to pay       prizes won and not yet paid out, prizes not yet decided (the event still runs),
             and the value of the tickets a satellite awarded and nobody cashed (it goes to
             the target's pool with each ticket: no cash paid out).
to collect   entries not yet paid for, and any prize paid out above what the entry now wins
             (a correction moved a place after the payout).

tickets      a satellite's report counts the tickets it awarded (festival.md, "Satellites and
             tickets"): their value is no prize paid in cash, but owed to the target (to pay);
             a ticket cancelled for cash is cash paid out here (tickets cashed). A target's
             report names the entries paid by ticket, and lists the tickets to it cancelled
             for cash (paid at the desk where they were won). A withdrawn ticket (cancelled,
             never cashed) counts nowhere.

It adds up: at the desk = house total + to pay - to collect, always (a property test proves
it for random events and satellites). Money is Decimal, summed in Python; nothing here queries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from vpt.events.payouts import PrizePool

__all__ = ["CashReport", "EntryMoney", "PaymentRow", "TicketMoney", "cash_report"]

ZERO = Decimal("0.00")


@dataclass(frozen=True, slots=True)
class EntryMoney:
    """One entry's money: its price, and the prize its place wins now."""

    entry_id: int
    name: str
    buy_in: Decimal
    fee: Decimal
    prize: Decimal = ZERO


@dataclass(frozen=True, slots=True)
class PaymentRow:
    entry_id: int
    kind: str  # "entry" or "prize" (`Payment.Kind`)
    method: str
    amount: Decimal
    taken_by: str = ""


@dataclass(frozen=True, slots=True)
class TicketMoney:
    """A ticket the event awarded (``won_here``: a satellite's) or a ticket to the event (a
    target's). ``status``: "issued", "used" or "cancelled" (`Ticket.Status`); ``cashed``: the
    cash paid instead of a cancelled ticket (None: withdrawn, or not cancelled)."""

    ticket_id: int
    name: str
    value: Decimal
    status: str
    cashed: Decimal | None = None
    won_here: bool = True
    target: str = ""
    won_in: str = ""
    person_id: int = 0

    @property
    def withdrawn(self) -> bool:
        return self.status == "cancelled" and self.cashed is None

    @property
    def is_cashed(self) -> bool:
        return self.status == "cancelled" and self.cashed is not None


@dataclass(frozen=True, slots=True)
class Owed:
    """One entry that still owes the desk (``amount`` > 0) or is still owed a prize."""

    entry_id: int
    name: str
    amount: Decimal


@dataclass(frozen=True)
class CashReport:
    pool: PrizePool
    buy_ins_due: Decimal
    fees_due: Decimal
    buy_ins_received: Decimal
    fees_received: Decimal
    received: Decimal
    received_by_method: dict[str, Decimal]
    prizes_won: Decimal
    paid_out: Decimal
    paid_out_by_method: dict[str, Decimal]
    undecided: Decimal
    unpaid_entries: tuple[Owed, ...] = field(default=())
    prizes_to_pay: tuple[Owed, ...] = field(default=())
    overpaid_prizes: tuple[Owed, ...] = field(default=())
    tickets_awarded: tuple[TicketMoney, ...] = field(default=())
    paid_by_ticket: tuple[Owed, ...] = field(default=())
    tickets_cashed_elsewhere: tuple[TicketMoney, ...] = field(default=())

    @property
    def tickets_value(self) -> Decimal:
        """What the tickets the event awarded are worth (not cash paid out)."""
        return _sum(t.value for t in self.tickets_awarded)

    @property
    def tickets_cashed(self) -> Decimal:
        """Cash paid out here for tickets cancelled for cash."""
        return _sum(t.cashed or ZERO for t in self.tickets_awarded if t.is_cashed)

    @property
    def tickets_owed(self) -> Decimal:
        """The value of the awarded tickets nobody cashed: it goes to the target's pool."""
        return _sum(t.value for t in self.tickets_awarded if not t.is_cashed)

    @property
    def cashed_tickets(self) -> tuple[TicketMoney, ...]:
        return tuple(t for t in self.tickets_awarded if t.is_cashed)

    @property
    def paid_in_by_ticket(self) -> Decimal:
        return _sum(o.amount for o in self.paid_by_ticket)

    @property
    def at_the_desk(self) -> Decimal:
        return self.received - self.paid_out - self.tickets_cashed

    @property
    def at_the_desk_without_tickets(self) -> Decimal:
        """What the desk holds in money: entries paid by ticket brought none here."""
        return self.at_the_desk - self.paid_in_by_ticket

    @property
    def house_adds(self) -> Decimal:
        """What the house puts into the pool: added money and overlay."""
        return self.pool.added_money + self.pool.overlay

    @property
    def house_total(self) -> Decimal:
        return self.fees_due - self.house_adds

    @property
    def to_collect(self) -> Decimal:
        return _sum(o.amount for o in self.unpaid_entries) + _sum(o.amount for o in self.overpaid_prizes)

    @property
    def to_pay(self) -> Decimal:
        return self.undecided + _sum(o.amount for o in self.prizes_to_pay) + self.tickets_owed

    @property
    def balances(self) -> bool:
        """At the desk = house total + to pay - to collect."""
        return self.at_the_desk == self.house_total + self.to_pay - self.to_collect


def _sum(values: Iterable[Decimal]) -> Decimal:
    return sum(values, ZERO)


def _by_method(payments: Iterable[PaymentRow]) -> dict[str, Decimal]:
    totals: dict[str, Decimal] = {}
    for payment in payments:
        totals[payment.method] = totals.get(payment.method, ZERO) + payment.amount
    return totals


def cash_report(
    entries: Sequence[EntryMoney],
    payments: Sequence[PaymentRow],
    pool: PrizePool,
    tickets: Sequence[TicketMoney] = (),
) -> CashReport:
    """The report from every entry (price and prize), every payment, the pool, and the tickets
    the event awarded or that are tickets to it.

    >>> from vpt.events.payouts import prize_pool
    >>> ana = EntryMoney(1, "Ana", Decimal("100"), Decimal("10"), prize=Decimal("200"))
    >>> ben = EntryMoney(2, "Ben", Decimal("100"), Decimal("10"))
    >>> report = cash_report([ana, ben], [PaymentRow(1, "entry", "cash", Decimal("110"))],
    ...                      prize_pool([Decimal("100")] * 2))
    >>> report.at_the_desk, report.house_total, report.to_pay, report.to_collect, report.balances
    (Decimal('110.00'), Decimal('20.00'), Decimal('200.00'), Decimal('110.00'), True)

    A satellite of 1,000.00 whose 3 tickets of 330.00 are awarded and 10.00 is paid to 4th:

    >>> players = [EntryMoney(i, f"P{i}", Decimal("100"), Decimal("10")) for i in range(1, 10)]
    >>> players.append(EntryMoney(10, "P10", Decimal("100"), Decimal("10"), prize=Decimal("10")))
    >>> paid = [PaymentRow(e.entry_id, "entry", "cash", Decimal("110")) for e in players]
    >>> paid.append(PaymentRow(10, "prize", "cash", Decimal("10")))
    >>> won = [TicketMoney(i, f"P{i}", Decimal("330"), "issued") for i in (1, 2, 3)]
    >>> report = cash_report(players, paid, prize_pool([Decimal("100")] * 10), won)
    >>> report.at_the_desk, report.tickets_value, report.undecided, report.to_pay, report.balances
    (Decimal('1090.00'), Decimal('990.00'), Decimal('0.00'), Decimal('990.00'), True)
    """
    paid_in = {p.entry_id for p in payments if p.kind == "entry"}
    paid_out: dict[int, Decimal] = {}
    for payment in payments:
        if payment.kind == "prize":
            paid_out[payment.entry_id] = paid_out.get(payment.entry_id, ZERO) + payment.amount
    names = {entry.entry_id: entry.name for entry in entries}
    prizes = {entry.entry_id: entry.prize for entry in entries}
    prizes_won = _sum(prizes.values())
    awarded = tuple(t for t in tickets if t.won_here and not t.withdrawn)
    in_tickets = _sum(t.cashed if t.is_cashed and t.cashed is not None else t.value for t in awarded)
    differences = {key: prizes.get(key, ZERO) - paid_out.get(key, ZERO) for key in prizes.keys() | paid_out.keys()}
    return CashReport(
        pool=pool,
        buy_ins_due=_sum(e.buy_in for e in entries),
        fees_due=_sum(e.fee for e in entries),
        buy_ins_received=_sum(e.buy_in for e in entries if e.entry_id in paid_in),
        fees_received=_sum(e.fee for e in entries if e.entry_id in paid_in),
        received=_sum(p.amount for p in payments if p.kind == "entry"),
        received_by_method=_by_method(p for p in payments if p.kind == "entry"),
        prizes_won=prizes_won,
        paid_out=_sum(paid_out.values()),
        paid_out_by_method=_by_method(p for p in payments if p.kind == "prize"),
        undecided=pool.total - prizes_won - in_tickets,
        unpaid_entries=tuple(Owed(e.entry_id, e.name, e.buy_in + e.fee) for e in entries if e.entry_id not in paid_in),
        prizes_to_pay=tuple(
            Owed(key, names.get(key, ""), amount) for key, amount in sorted(differences.items()) if amount > 0
        ),
        overpaid_prizes=tuple(
            Owed(key, names.get(key, ""), -amount) for key, amount in sorted(differences.items()) if amount < 0
        ),
        tickets_awarded=awarded,
        paid_by_ticket=tuple(
            Owed(p.entry_id, names.get(p.entry_id, ""), p.amount)
            for p in payments
            if p.kind == "entry" and p.method == "ticket"
        ),
        tickets_cashed_elsewhere=tuple(t for t in tickets if not t.won_here and t.is_cashed),
    )
