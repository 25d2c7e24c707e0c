"""The cash report adds up for any event (issue 19): a property test over random events.

Each example is a random event: entries with their own buy-ins and fees, added money, a
guarantee, a payout structure, finishing places with ties (or none yet), some entries paid
in by any method and some prizes paid out, even above what the place now wins (a correction
after the payout). The report must balance, and each of its lines must equal the same sum
counted independently here.
"""

from __future__ import annotations

import doctest
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from vpt.events.payouts import prize_pool, share_places, split_pool
from vpt.money import cash
from vpt.money.cash import EntryMoney, PaymentRow, cash_report

cents = st.integers(min_value=0, max_value=50_000).map(lambda n: Decimal(n) / 100)
METHODS = ["cash", "card", "transfer", "ticket"]
STRUCTURES = [["100"], ["60", "40"], ["50", "30", "20"], ["40", "25", "15", "10", "10"]]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[EntryMoney], list[PaymentRow], object]:
    count = draw(st.integers(min_value=0, max_value=14))
    prices = [(draw(cents), draw(cents)) for _ in range(count)]
    pool = prize_pool(
        [buy_in for buy_in, _fee in prices],
        added_money=draw(cents),
        guarantee=draw(st.sampled_from([Decimal("0"), Decimal("500"), Decimal("5000")])),
    )
    # Places as an event hands them out: the last `placed` entries out hold the bottom places,
    # in groups that share one (out in the same hand); the others are still in (no place yet).
    placed = draw(st.integers(min_value=0, max_value=count))
    places: list[tuple[int, int | None]] = [(i, None) for i in range(count - placed)]
    place = count - placed + 1
    while len(places) < count:
        group = draw(st.integers(min_value=1, max_value=count - len(places)))
        places += [(len(places) + k, place) for k in range(group)]
        place += group
    amounts = split_pool(pool.total, draw(st.sampled_from(STRUCTURES)), unit=Decimal("0.01"))
    prizes = share_places(places, amounts)
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
    return entries, payments, pool


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
