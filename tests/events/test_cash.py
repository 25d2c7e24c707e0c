"""The cash report adds up for any event (issue 19): a property test over random events.

Each example is a random event: entries with their own buy-ins and fees, added money, a
guarantee, a payout structure, finishing places with ties (or none yet), some entries paid
in by any method and some prizes paid out, even above what the place now wins (a correction
after the payout). Or a random satellite (festival.md, "Satellites and tickets"): its pool
split into tickets of a seat value and a cash remainder, some tickets awarded and then held,
used, cancelled for cash or withdrawn, and tickets to it held by others. The report must
balance, and each of its lines must equal the same sum counted independently here.
"""

from __future__ import annotations

import doctest
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from vpt.events.payouts import PrizePool, prize_pool, share_places, split_pool
from vpt.events.satellites import split_pool as split_seats
from vpt.money import cash
from vpt.money.cash import EntryMoney, PaymentRow, TicketMoney, cash_report

cents = st.integers(min_value=0, max_value=50_000).map(lambda n: Decimal(n) / 100)
METHODS = ["cash", "card", "transfer", "ticket"]
STRUCTURES = [["100"], ["60", "40"], ["50", "30", "20"], ["40", "25", "15", "10", "10"]]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[EntryMoney], list[PaymentRow], object]:
    prices, pool = _prices_and_pool(draw)
    count = len(prices)
    places = _places(draw, count)
    amounts = split_pool(pool.total, draw(st.sampled_from(STRUCTURES)), unit=Decimal("0.01"))
    return (*_entries_and_payments(draw, prices, share_places(places, amounts)), pool)


def _prices_and_pool(draw: st.DrawFn) -> tuple[list[tuple[Decimal, Decimal]], PrizePool]:
    """Up to 14 entries with their own buy-in and fee, and the pool with added money and a guarantee."""
    prices = [(draw(cents), draw(cents)) for _ in range(draw(st.integers(min_value=0, max_value=14)))]
    pool = prize_pool(
        [buy_in for buy_in, _fee in prices],
        added_money=draw(cents),
        guarantee=draw(st.sampled_from([Decimal("0"), Decimal("500"), Decimal("5000")])),
    )
    return prices, pool


def _places(draw: st.DrawFn, count: int) -> list[tuple[int, int | None]]:
    """Places as an event hands them out: the last `placed` entries out hold the bottom places,
    in groups that share one (out in the same hand); the others are still in (no place yet)."""
    placed = draw(st.integers(min_value=0, max_value=count))
    places: list[tuple[int, int | None]] = [(i, None) for i in range(count - placed)]
    place = count - placed + 1
    while len(places) < count:
        group = draw(st.integers(min_value=1, max_value=count - len(places)))
        places += [(len(places) + k, place) for k in range(group)]
        place += group
    return places


def _entries_and_payments(
    draw: st.DrawFn, prices: list[tuple[Decimal, Decimal]], prizes: dict[int, Decimal]
) -> tuple[list[EntryMoney], list[PaymentRow]]:
    entries = [
        EntryMoney(i, f"P{i}", buy_in, fee, prizes.get(i, Decimal("0.00"))) for i, (buy_in, fee) in enumerate(prices)
    ]
    payments = []
    for e in entries:
        if draw(st.booleans()):
            payments.append(PaymentRow(e.entry_id, "entry", draw(st.sampled_from(METHODS)), e.buy_in + e.fee))
        if draw(st.booleans()):
            paid = draw(st.sampled_from([e.prize, e.prize + Decimal("25.00"), Decimal("10.00")]))
            if paid > 0:
                payments.append(PaymentRow(e.entry_id, "prize", draw(st.sampled_from(METHODS)), paid))
    return entries, payments


TICKET_FATES = ["issued", "used", "cashed", "withdrawn"]


@st.composite
def satellites(draw: st.DrawFn) -> tuple[list[EntryMoney], list[PaymentRow], object, list[TicketMoney]]:
    """A satellite: places 1..seats win tickets (no cash), place seats + 1 the remainder; the
    winners' tickets each met a fate; and tickets to this event, won elsewhere, that change
    nothing here but the lists."""
    prices, pool = _prices_and_pool(draw)
    count = len(prices)
    split = split_seats(pool.total, draw(cents.filter(lambda value: value >= 1)))
    amounts = (Decimal("0.00"),) * split.seats + ((split.cash,) if split.cash > 0 else ())
    places = _places(draw, count)
    entries, payments = _entries_and_payments(draw, prices, share_places(places, amounts))
    tickets = []
    for number in range(draw(st.integers(min_value=0, max_value=min(split.seats, count)))):
        fate = draw(st.sampled_from(TICKET_FATES))
        status = {"cashed": "cancelled", "withdrawn": "cancelled"}.get(fate, fate)
        cashed = split.seat_value if fate == "cashed" else None
        tickets.append(TicketMoney(number, f"P{number}", split.seat_value, status, cashed))
    for number in range(draw(st.integers(min_value=0, max_value=3))):
        fate = draw(st.sampled_from(TICKET_FATES))
        status = {"cashed": "cancelled", "withdrawn": "cancelled"}.get(fate, fate)
        value = draw(cents)
        tickets.append(
            TicketMoney(100 + number, f"T{number}", value, status, value if fate == "cashed" else None, won_here=False)
        )
    return entries, payments, pool, tickets


@given(satellites())
def test_the_cash_report_of_a_random_satellite_balances(
    satellite: tuple[list[EntryMoney], list[PaymentRow], object, list[TicketMoney]],
) -> None:
    entries, payments, pool, tickets = satellite
    report = cash_report(entries, payments, pool, tickets)  # type: ignore[arg-type]

    awarded = [t for t in tickets if t.won_here and not (t.status == "cancelled" and t.cashed is None)]
    cashed = sum((t.cashed or Decimal("0") for t in awarded), Decimal("0"))
    owed = sum((t.value for t in awarded if t.cashed is None), Decimal("0"))
    in_total = sum((p.amount for p in payments if p.kind == "entry"), Decimal("0"))
    out_total = sum((p.amount for p in payments if p.kind == "prize"), Decimal("0"))
    by_ticket = sum((p.amount for p in payments if p.kind == "entry" and p.method == "ticket"), Decimal("0"))
    assert report.tickets_awarded == tuple(awarded)
    assert report.tickets_cashed == cashed and report.tickets_owed == owed
    assert report.tickets_value == cashed + owed
    assert report.at_the_desk == in_total - out_total - cashed
    assert report.paid_in_by_ticket == by_ticket == report.received_by_method.get("ticket", Decimal("0"))
    assert report.at_the_desk_without_tickets == report.at_the_desk - by_ticket
    assert report.prizes_won + report.undecided + report.tickets_value == pool.total  # type: ignore[attr-defined]
    assert report.undecided >= 0
    assert report.tickets_cashed_elsewhere == tuple(t for t in tickets if not t.won_here and t.is_cashed)
    assert report.balances
    assert report.at_the_desk == report.house_total + report.to_pay - report.to_collect


@given(events())
def test_the_cash_report_of_a_random_event_balances(event: tuple[list[EntryMoney], list[PaymentRow], object]) -> None:
    entries, payments, pool = event
    report = cash_report(entries, payments, pool)  # type: ignore[arg-type]

    paid_in = [p for p in payments if p.kind == "entry"]
    paid_out = [p for p in payments if p.kind == "prize"]
    in_total = sum((p.amount for p in paid_in), Decimal("0"))
    out_total = sum((p.amount for p in paid_out), Decimal("0"))
    assert report.received == in_total == report.buy_ins_received + report.fees_received
    assert sum(report.received_by_method.values(), Decimal("0")) == in_total
    assert report.paid_out == out_total == sum(report.paid_out_by_method.values(), Decimal("0"))
    assert report.at_the_desk == in_total - out_total
    assert report.house_total == report.fees_due - pool.added_money - pool.overlay  # type: ignore[attr-defined]
    assert report.buy_ins_due + pool.added_money + pool.overlay == pool.total  # type: ignore[attr-defined]
    assert report.prizes_won + report.undecided == pool.total  # type: ignore[attr-defined]
    assert report.undecided >= 0
    assert report.balances
    assert report.at_the_desk == report.house_total + report.to_pay - report.to_collect


@given(events())
def test_once_everyone_has_paid_and_been_paid_the_desk_holds_the_house_total(
    event: tuple[list[EntryMoney], list[PaymentRow], object],
) -> None:
    entries, _payments, pool = event
    settled = [PaymentRow(e.entry_id, "entry", "cash", e.buy_in + e.fee) for e in entries] + [
        PaymentRow(e.entry_id, "prize", "cash", e.prize) for e in entries if e.prize > 0
    ]
    report = cash_report(entries, settled, pool)  # type: ignore[arg-type]

    assert report.to_collect == 0
    assert report.to_pay == report.undecided
    assert report.at_the_desk == report.house_total + report.undecided


def test_doctests_pass() -> None:
    result = doctest.testmod(cash)

    assert result.failed == 0 and result.attempted > 0
