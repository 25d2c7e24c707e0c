"""Money at an event: prices per entry, the pool with added money and a guarantee, the cash
desk (entries paid in, prizes paid out, receipts) and its report (issue 19, part 1)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.entries import reenter_player, register_player
from vpt.events.models import Entry, Event, Payment
from vpt.events.money_format import format_money
from vpt.events.services import create_event, update_event
from vpt.events.tickets import issue_ticket
from vpt.money.cash_services import mark_entry_paid, mark_entry_unpaid, pay_prize, undo_prize_payment
from vpt.money.payout_services import set_payout_structure
from vpt.money.pool_text import explain_pool
from vpt.money.prizes import cash_desk, event_prizes

NAMES = ["Ana", "Ben", "Cid", "Dora", "Eva", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kai", "Lia"]


@pytest.fixture
def event(director: User) -> Event:
    """Twelve entries at buy-in 100 and fee 10, re-entry open, paying 50/30/20."""
    event = create_event(
        name="Money Open",
        slug="money-open",
        actor=director,
        buy_in=Decimal("100"),
        fee=Decimal("10"),
        reentry_until_level=5,
        max_entries=2,
        levels=[100, 200],
    )
    for name in NAMES:
        register_player(event, name=name, actor=director)
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1.00"), actor=director)
    return Event.objects.get(pk=event.pk)


def entry(name: str, number: int = 1) -> Entry:
    return Entry.objects.select_related("player").get(player__name=name, number=number)


def finish(places: dict[str, int]) -> None:
    """Give the named entries their places (what eliminations do), the others out unplaced."""
    for name, place in places.items():
        Entry.objects.filter(player__name=name).update(place=place, status=Entry.Status.ELIMINATED)


def test_the_pool_is_the_buy_ins_and_the_fees_go_to_the_house(event: Event) -> None:
    prizes = event_prizes(event)

    assert prizes.pool.total == Decimal("1200.00")
    assert prizes.amounts == (Decimal("600.00"), Decimal("360.00"), Decimal("240.00"))
    assert explain_pool(prizes.pool) == "12 entries × 100.00 + 0.00 added = 1,200.00"
    assert set(Entry.objects.values_list("buy_in", "fee")) == {(Decimal("100.00"), Decimal("10.00"))}


def test_re_entries_pay_their_own_price_and_the_pool_grows_with_each_entry(director: User, event: Event) -> None:
    update_event(event, actor=director, reentry_buy_in=Decimal("80"), reentry_fee=Decimal("5"))
    Entry.objects.filter(player__name="Ana").update(status=Entry.Status.ELIMINATED)
    again = reenter_player(entry("Ana").player, actor=director)

    pool = event_prizes(event).pool

    assert (again.buy_in, again.fee) == (Decimal("80.00"), Decimal("5.00"))
    assert pool.total == Decimal("1280.00")
    assert explain_pool(pool) == "12 entries × 100.00 + 1 entry × 80.00 + 0.00 added = 1,280.00"


def test_added_money_and_a_guarantee_show_the_overlay(client: Client, director: User, event: Event) -> None:
    update_event(event, actor=director, added_money=Decimal("300"), guarantee=Decimal("2000"))

    page = client.get("/standings/money-open/payouts/").content.decode()

    explained = "12 entries × 100.00 + 300.00 added = 1,500.00 (guaranteed 2,000.00: the house adds 500.00 of overlay)"
    assert explained in page
    assert "<dd data-pool>2,000.00</dd>" in page and "<dd data-overlay>500.00</dd>" in page
    assert [a.split("<")[0] for a in page.split("data-amount>")[1:]] == ["1,000.00", "600.00", "400.00"]


def test_money_is_written_the_same_everywhere() -> None:
    assert format_money(Decimal("1080")) == "1,080.00"
    assert format_money(Decimal("1234567.5"), "es") == "1.234.567,50"
    assert format_money(None) == ""


def test_a_new_price_reprices_the_entries_not_yet_paid(director: User, event: Event) -> None:
    mark_entry_paid(entry("Ana"), method="cash", actor=director)

    update_event(event, actor=director, buy_in=Decimal("150"), fee=Decimal("15"))

    assert (entry("Ana").buy_in, entry("Ana").fee) == (Decimal("100.00"), Decimal("10.00"))
    assert (entry("Ben").buy_in, entry("Ben").fee) == (Decimal("150.00"), Decimal("15.00"))
    assert event_prizes(Event.objects.get(pk=event.pk)).pool.total == Decimal("1750.00")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("guarantee", "-1", "An amount of money cannot be below zero."),
        ("buy_in", "100.005", "Ensure that there are no more than 2 decimal places."),
        ("added_money", "ten", "Enter a number."),
    ],
)
def test_bad_money_is_refused_on_its_field(
    client_as_director: Client, event: Event, field: str, value: str, message: str
) -> None:
    data = {
        "name": "Money Open",
        "variant": "progressive",
        "starting_stack": "10000",
        "seats_per_table": "3",
        "buy_in": "100",
        "fee": "10",
        "added_money": "0",
        "guarantee": "0",
        "max_entries": "2",
        "reentry_until_level": "5",
        "language": "en",
        "slip_format": "a6",
        field: value,
    }

    response = client_as_director.post("/floor/events/money-open/edit/", data)

    assert response.status_code == 200
    assert message in response.context["form"].errors[field][0]
    assert Event.objects.get(pk=event.pk).guarantee == Decimal("0.00")
    assert Event.objects.get(pk=event.pk).buy_in == Decimal("100.00")


def test_the_services_refuse_bad_money_too(director: User, event: Event) -> None:
    with pytest.raises(ServiceError) as negative:
        update_event(event, actor=director, guarantee=Decimal("-5"))
    with pytest.raises(ServiceError) as cents:
        update_event(event, actor=director, fee=Decimal("1.001"))

    assert negative.value.code == "negative_amount"
    assert str(negative.value) == "Guaranteed prize pool cannot be below zero."
    assert (cents.value.code, str(cents.value)) == ("too_many_decimals", "Fee has more than 2 decimals.")


def test_an_entry_is_marked_paid_once_and_the_mark_can_be_cancelled(director: User, event: Event) -> None:
    payment = mark_entry_paid(entry("Ben"), method="card", actor=director)
    with pytest.raises(ServiceError) as twice:
        mark_entry_paid(entry("Ben"), method="cash", actor=director)
    with pytest.raises(ServiceError) as unknown:
        mark_entry_paid(entry("Cid"), method="cheque", actor=director)

    assert (payment.amount, payment.method, payment.taken_by) == (Decimal("110.00"), "card", director)
    assert (twice.value.code, unknown.value.code) == ("already_paid", "bad_method")
    assert AuditEntry.objects.filter(action="money.entry_paid").get().summary == "Ben paid 110.00 (card)"

    mark_entry_unpaid(entry("Ben"), actor=director)

    assert not Payment.objects.exists()
    assert (
        AuditEntry.objects.filter(action="money.entry_payment_cancelled").get().summary
        == "Ben: payment of 110.00 cancelled"
    )


def test_a_prize_is_paid_out_as_the_place_wins_and_only_once(director: User, event: Event) -> None:
    finish({"Ana": 1, "Ben": 2, "Cid": 3, "Dora": 4})

    payout = pay_prize(entry("Ben"), method="cash", actor=director)
    with pytest.raises(ServiceError) as twice:
        pay_prize(entry("Ben"), method="cash", actor=director)
    with pytest.raises(ServiceError) as nothing:
        pay_prize(entry("Dora"), method="cash", actor=director)

    assert payout.amount == Decimal("360.00")
    assert (twice.value.code, nothing.value.code) == ("already_paid", "no_prize")
    assert AuditEntry.objects.filter(action="money.prize_paid").get().summary == "Ben: prize of 360.00 paid out (cash)"
    undo_prize_payment(entry("Ben"), actor=director)
    assert not Payment.objects.filter(kind=Payment.Kind.PRIZE).exists()


def test_the_cash_report_adds_up_at_each_step(director: User, event: Event) -> None:
    jon = entry("Jon").player.person
    assert jon is not None
    issue_ticket(person=jon, event=event, actor=director, source="Tour final")
    for name in NAMES[:10]:
        mark_entry_paid(entry(name), method="ticket" if name == "Jon" else "cash", actor=director)
    update_event(event, actor=director, added_money=Decimal("100"), guarantee=Decimal("1500"))
    finish({"Ana": 1, "Ben": 2, "Cid": 3})
    pay_prize(entry("Ana"), method="transfer", actor=director)

    report = cash_desk(Event.objects.get(pk=event.pk)).report

    assert report.buy_ins_due == Decimal("1200.00") and report.fees_due == Decimal("120.00")
    assert report.received == Decimal("1100.00")
    assert report.received_by_method == {"cash": Decimal("990.00"), "ticket": Decimal("110.00")}
    assert [(o.name, o.amount) for o in report.paid_by_ticket] == [("Jon", Decimal("110.00"))]
    assert report.at_the_desk_without_tickets == Decimal("240.00")
    assert report.pool.total == Decimal("1500.00") and report.pool.overlay == Decimal("200.00")
    assert report.paid_out == Decimal("750.00") and report.paid_out_by_method == {"transfer": Decimal("750.00")}
    assert report.at_the_desk == Decimal("350.00")
    assert report.house_total == Decimal("-180.00")  # 120 fees - 100 added - 200 overlay
    assert report.to_pay == Decimal("750.00")  # Ben 450 + Cid 300
    assert report.to_collect == Decimal("220.00")  # Kai and Lia
    unpaid = [(o.name, o.amount) for o in report.unpaid_entries]
    assert unpaid == [("Kai", Decimal("110.00")), ("Lia", Decimal("110.00"))]
    assert report.balances


def test_the_cash_desk_page_records_payments_and_shows_the_report(client_as_director: Client, event: Event) -> None:
    ben = entry("Ben")
    paid = client_as_director.post(f"/floor/events/money-open/cash/entries/{ben.pk}/paid/", {"method": "transfer"})
    refused = client_as_director.post(f"/floor/events/money-open/cash/entries/{ben.pk}/pay-prize/", {"method": "cash"})
    page = client_as_director.get("/floor/events/money-open/cash/").content.decode()

    assert paid.status_code == 302 and paid["Location"] == f"/floor/events/money-open/cash/#entry-{ben.pk}"
    assert refused.status_code == 302
    assert Payment.objects.get().method == "transfer"
    assert '<td class="num" data-line="at-the-desk"><strong>110.00</strong></td>' in page
    assert '<td class="num" data-line="to-collect">1,210.00</td>' in page
    assert "Ben has no prize to pay out." in page
    balance = "It adds up: at the desk 110.00 = house total 120.00 + still to pay 1,200.00 − still to collect 1,210.00."
    assert balance in page


def test_the_cash_desk_is_for_directors_only(client: Client, dealer_user: User, event: Event) -> None:
    anonymous = client.get("/floor/events/money-open/cash/")
    client.force_login(dealer_user)
    dealer = client.post(f"/floor/events/money-open/cash/entries/{entry('Ben').pk}/paid/", {"method": "cash"})

    assert anonymous.status_code == 302 and dealer.status_code == 403
    assert not Payment.objects.exists()


def test_the_desk_links_both_receipts_once_a_prize_is_paid_out(
    client_as_director: Client, director: User, event: Event
) -> None:
    finish({"Ana": 1})
    pay_prize(entry("Ana"), method="cash", actor=director)

    page = client_as_director.get("/floor/events/money-open/cash/").content.decode()

    ana = entry("Ana").pk
    assert f'href="/floor/slips/events/money-open/receipts/{ana}.pdf?format=a6" data-receipt>Receipt A6</a>' in page
    assert f'href="/floor/slips/events/money-open/receipts/{ana}.pdf?format=thermal80">Receipt 80 mm</a>' in page
    assert "<span data-paid-out>600.00 · Cash · director</span>" in page


def test_the_payouts_page_grows_with_each_entry_and_answers_304_between(
    client: Client, director: User, event: Event
) -> None:
    poll = {"HTTP_HX_REQUEST": "true"}
    first = client.get("/standings/money-open/payouts/", **poll)
    unchanged = client.get("/standings/money-open/payouts/", HTTP_IF_NONE_MATCH=first["ETag"], **poll)
    register_player(event, name="Mia", actor=director)
    grown = client.get("/standings/money-open/payouts/", HTTP_IF_NONE_MATCH=first["ETag"], **poll)

    assert "<dd data-pool>1,200.00</dd>" in first.content.decode()
    assert unchanged.status_code == 304
    assert grown.status_code == 200
    assert "<dd data-pool>1,300.00</dd>" in grown.content.decode()
    assert "13 entries × 100.00 + 0.00 added = 1,300.00" in grown.content.decode()
