"""The PDF views: who may print what, and that each PDF prints what the database holds."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from decimal import Decimal

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import make_event, play

from vpt.events.models import Entry, Event, PayoutStructure
from vpt.rounds.models import Board, Exchange, Hand
from vpt.slips import card_pages as card_pages_module
from vpt.slips import hand_slips, selectors
from vpt.slips import slip as slip_module
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_dealer(db: None, password: str) -> User:
    return User.objects.create_user("other-dealer", password=password)


@pytest.fixture
def event(director: User, dealer_user: User, other_dealer: User) -> Event:
    """Two tables of three; ``dealer_user`` deals table 1, ``other_dealer`` table 2."""
    event = make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"], buy_in=Decimal("100"), fee=Decimal("10"))
    Table.objects.filter(event=event, number=1).update(dealer=dealer_user)
    Table.objects.filter(event=event, number=2).update(dealer=other_dealer)
    return event


@pytest.fixture
def table(event: Event) -> Table:
    return Table.objects.get(event=event, number=1)


@pytest.fixture
def hand(table: Table, director: User) -> Hand:
    return play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)


def expected_lines(hand: Hand) -> list[str]:
    """What the slip must print, straight from the database rows."""
    boards = {board.pk: board for board in Board.objects.filter(hand=hand).select_related("entry__player")}
    lines = []
    for number, exchange in enumerate(Exchange.objects.filter(hand=hand).order_by("order"), start=1):
        a, b = boards[exchange.board_a_id].entry, boards[exchange.board_b_id].entry
        payer, payee = (b, a) if exchange.points > 0 else (a, b)
        paid = 0 if exchange.skipped else abs(exchange.chips_paid)
        lines.append(f"{number} {payer} {payee} {abs(exchange.points)} {exchange.chips_due:,} {paid:,}")
    in_order = sorted(boards.values(), key=lambda board: board.position)
    for board in in_order:
        change = board.stack_after - board.stack_before
        lines.append(
            f"P{board.position + 1} {board.entry} {board.stack_before:,} {board.stack_after:,} "
            f"{'+' if change > 0 else ''}{change:,}"
        )
    for board in in_order:
        if board.eliminated:
            board.entry.refresh_from_db()
            lines.append(f"Eliminated: {board.entry}, finishing place {board.entry.place}")
    return lines


def assert_in_order(text: str, lines: Sequence[str]) -> None:
    found = [text.find(line) for line in lines]
    assert all(at >= 0 for at in found), f"missing {[line for line, at in zip(lines, found) if at < 0]}\n---\n{text}"
    assert found == sorted(found), text


# --- the hand slip ----------------------------------------------------------------------------


def test_dealer_of_the_table_prints_the_slip_of_a_hand(
    client: Client, dealer_user: User, hand: Hand, pdf_text, django_assert_max_num_queries
) -> None:
    client.force_login(dealer_user)

    with django_assert_max_num_queries(8):
        response = client.get(reverse("dealer:hand-slip", args=[hand.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="slip-table1-hand1.pdf"'
    text = pdf_text(response.content)
    assert_in_order(
        text,
        [
            "Test Open",
            "Table 1 · Hand 1",
            "Level 1 · 100 chips per point",
            f"Dealer: {hand.recorded_by.username}",
            *expected_lines(hand),
        ],
    )
    # The QR code's target, printed under it too: the hand on its table's public page.
    assert "http://testserver/standings/test-open/tables/1/?upto=1#hand-1" in text


def test_the_qr_code_and_link_use_the_public_url(
    client: Client, dealer_user: User, hand: Hand, pdf_text, settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tablet reached the app as 127.0.0.1; the players' phones need VPT_PUBLIC_URL."""
    settings.VPT_PUBLIC_URL = "https://vpt.example.org/"
    encoded: list[str] = []
    draw_qr = slip_module.draw_qr
    monkeypatch.setattr(slip_module, "draw_qr", lambda canvas, url, *a: (encoded.append(url), draw_qr(canvas, url, *a)))
    client.force_login(dealer_user)

    response = client.get(reverse("dealer:hand-slip", args=[hand.pk]), HTTP_HOST="127.0.0.1")

    url = "https://vpt.example.org/standings/test-open/tables/1/?upto=1#hand-1"
    assert encoded == [url]
    assert url in pdf_text(response.content)
    assert "127.0.0.1" not in pdf_text(response.content)


def test_a_slip_opened_as_localhost_prints_no_qr_code(
    client: Client, dealer_user: User, hand: Hand, pdf_text, settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No VPT_PUBLIC_URL and the tablet typed 127.0.0.1: a QR code of it would open nothing."""
    settings.VPT_PUBLIC_URL = ""
    encoded: list[str] = []
    monkeypatch.setattr(slip_module, "draw_qr", lambda canvas, url, *a: encoded.append(url))
    client.force_login(dealer_user)

    response = client.get(reverse("dealer:hand-slip", args=[hand.pk]), HTTP_HOST="127.0.0.1:8000")

    assert response.status_code == 200
    assert encoded == []
    text = " ".join(pdf_text(response.content).split())
    assert "This hand online" not in text
    assert "Table 1 · Hand 1" in text
    # The slip itself says why it has no QR code, and what to do.
    assert "No QR code: http://127.0.0.1:8000 is this laptop's own address" in text
    assert "Set VPT_PUBLIC_URL" in text


def test_every_slip_of_a_batch_on_localhost_says_why_it_has_no_qr_code(
    client_as_director: Client, hand: Hand, pdf_text, settings
) -> None:
    settings.VPT_PUBLIC_URL = ""

    response = client_as_director.get(reverse("floor:table-slips", args=[hand.table_id]), HTTP_HOST="localhost:8000")

    text = " ".join(pdf_text(response.content).split())
    assert text.count("No QR code: http://localhost:8000 is this laptop's own address") == 1


def test_seat_cards_on_localhost_say_why_they_have_no_qr_code(
    client_as_director: Client, event: Event, pdf_text, settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.VPT_PUBLIC_URL = ""
    encoded: list[str] = []
    monkeypatch.setattr(card_pages_module, "draw_qr", lambda canvas, url, *a: encoded.append(url))

    response = client_as_director.get(reverse("floor:seat-cards", args=[event.slug]), HTTP_HOST="127.0.0.1:8000")

    assert encoded == []
    text = " ".join(pdf_text(response.content).split())
    assert text.count("No QR code: http://127.0.0.1:8000 is this laptop's own address") == 6  # one per seat


def test_seat_cards_on_a_reachable_address_carry_the_qr_and_no_warning(
    client_as_director: Client, event: Event, pdf_text, settings
) -> None:
    settings.VPT_PUBLIC_URL = "http://192.168.1.20:8000"

    response = client_as_director.get(reverse("floor:seat-cards", args=[event.slug]), HTTP_HOST="127.0.0.1:8000")

    text = pdf_text(response.content)
    assert "No QR code" not in text and text.count("My page") == 6


def test_the_printables_page_warns_on_localhost(client_as_director: Client, event: Event, settings) -> None:
    settings.VPT_PUBLIC_URL = ""

    local = client_as_director.get(reverse("floor:printables", args=[event.slug]), HTTP_HOST="127.0.0.1:8000")
    settings.VPT_PUBLIC_URL = "http://192.168.1.20:8000"
    reachable = client_as_director.get(reverse("floor:printables", args=[event.slug]), HTTP_HOST="127.0.0.1:8000")

    assert b"data-loopback-warning" in local.content
    assert b"data-loopback-warning" not in reachable.content


def test_a_dealer_of_another_table_is_refused(client: Client, other_dealer: User, hand: Hand) -> None:
    client.force_login(other_dealer)

    assert client.get(reverse("dealer:hand-slip", args=[hand.pk])).status_code == 403


def test_anonymous_is_sent_to_login(client: Client, hand: Hand) -> None:
    response = client.get(reverse("dealer:hand-slip", args=[hand.pk]))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("floor:login"))


def test_a_director_prints_any_slip(client_as_director: Client, hand: Hand) -> None:
    assert client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk])).status_code == 200
    assert client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk + 999])).status_code == 404


def test_only_get(client_as_director: Client, hand: Hand) -> None:
    assert client_as_director.post(reverse("dealer:hand-slip", args=[hand.pk])).status_code == 405


def test_caps_eliminations_places_and_the_next_button_as_the_database_holds_them(
    director: User, client_as_director: Client, pdf_text
) -> None:
    # Three players with 500 chips at 100 a point: Ana fouls against two good boards.
    event = make_event(director, ["Ana", "Ben", "Cid"], starting_stack=500, levels=[100])
    table = Table.objects.get(event=event)
    hand = play(table, [QUEENS_FOULED, ACES_FULL, JACKS], director)
    assert Board.objects.filter(hand=hand, eliminated=True).exists()
    assert Exchange.objects.filter(hand=hand, capped=True).exists()

    text = pdf_text(client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk])).content)

    assert_in_order(text, expected_lines(hand))
    assert "capped:" in text
    table.refresh_from_db()
    button = Entry.objects.select_related("player").get(seat__table=table, seat__number=table.button_seat)
    assert f"Next hand: the button moves to {button}, seat {table.button_seat}" in text


def test_the_spanish_event_prints_spanish_slips(director: User, client_as_director: Client, pdf_text) -> None:
    event = make_event(director, ["Ana", "Ben", "Cid"], language="es", slip_format="thermal80")
    hand = play(Table.objects.get(event=event), [JACKS, ACES_FULL, QUEENS_FULL], director)

    text = pdf_text(client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk])).content)

    assert "Mesa 1 · Mano 1" in text and "Quién paga a quién, en orden de pago" in text and "fichas por punto" in text
    assert "Exchanges" not in text


# --- batches ----------------------------------------------------------------------------------


def test_all_slips_of_a_table_as_one_pdf_with_constant_queries(
    client_as_director: Client, table: Table, director: User, pdf_pages, django_assert_max_num_queries
) -> None:
    hands = [
        play(table, boards, director)
        for boards in (
            [JACKS, ACES_FULL, QUEENS_FULL],
            [ACES_FULL, QUEENS_FULL, JACKS],
            [QUEENS_FULL, JACKS, ACES_FULL],
        )
    ]
    url = reverse("floor:table-slips", args=[table.pk])

    with django_assert_max_num_queries(9):
        response = client_as_director.get(url)

    pages = pdf_pages(response.content)
    assert response["Content-Disposition"] == 'inline; filename="slips-test-open-table1.pdf"'
    assert len(pages) == 3
    for page, hand in zip(pages, hands):
        assert f"Table 1 · Hand {hand.number}" in page
        assert_in_order(page, expected_lines(hand))


def test_slips_in_a_time_range(client_as_director: Client, event: Event, director: User, pdf_pages) -> None:
    one = play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)
    two = play(Table.objects.get(event=event, number=2), [JACKS, ACES_FULL, QUEENS_FULL], director)
    earlier = timezone.now() - timedelta(hours=2)
    Hand.objects.filter(pk=one.pk).update(recorded_at=earlier)
    url = reverse("floor:event-slips", args=[event.slug])
    since = timezone.localtime(earlier + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")  # the event's clock

    everything = pdf_pages(client_as_director.get(url).content)
    recent = pdf_pages(client_as_director.get(url, {"from": since}).content)
    none = pdf_pages(client_as_director.get(url, {"to": timezone.localtime(earlier).strftime("%Y-%m-%d")}).content)

    assert [page.split("\n")[1] for page in everything] == ["Table 1 · Hand 1", "Table 2 · Hand 1"]
    assert [page.split("\n")[1] for page in recent] == ["Table 2 · Hand 1"]
    assert none == ["No hands"]
    assert two.pk  # recorded just now
    assert client_as_director.get(url, {"from": "yesterday"}).status_code == 400


def test_batches_are_for_directors(client: Client, dealer_user: User, table: Table, event: Event) -> None:
    client.force_login(dealer_user)

    assert client.get(reverse("floor:table-slips", args=[table.pk])).status_code == 403
    assert client.get(reverse("floor:event-slips", args=[event.slug])).status_code == 403


# --- floor sheets and public sheets -----------------------------------------------------------


def test_seat_cards_and_table_list(
    client: Client, client_as_director: Client, event: Event, pdf_pages, pdf_text, django_assert_max_num_queries
) -> None:
    client_as_director.get(reverse("floor:seat-cards", args=[event.slug]))  # issues the players' links
    with django_assert_max_num_queries(9):  # the links are there: checked (2 and a savepoint's 2), read (1)
        cards = client_as_director.get(reverse("floor:seat-cards", args=[event.slug]))
    with django_assert_max_num_queries(5):
        tables = client_as_director.get(reverse("floor:table-list", args=[event.slug]))

    seats = list(
        Entry.objects.filter(event=event)
        .select_related("player", "seat__table")
        .order_by("seat__table__number", "seat__number")
    )
    pages = pdf_pages(cards.content)
    assert len(pages) == 6
    for page, entry in zip(pages, seats):
        assert page.split("\n")[1:] == [
            "Table Seat",
            f"{entry.seat.table.number} {entry.seat.number}",
            entry.player.name,
            "My page",  # under the QR code of the player's private page, in the corner below
        ]
    text = pdf_text(tables.content)
    assert "Table 1 · Dealer: dealer" in text and "Table 2 · Dealer: other-dealer" in text
    for entry in seats:
        assert f"Seat {entry.seat.number} {entry.player.name} 10,000" in text
        assert f"{entry.player.name} {entry.seat.table.number} {entry.seat.number}" in text
    client.logout()
    assert client.get(reverse("floor:seat-cards", args=[event.slug])).status_code == 302


def test_results_are_public(client: Client, director: User, pdf_text, django_assert_max_num_queries) -> None:
    event = make_event(
        director, ["Ana", "Ben", "Cid"], starting_stack=500, levels=[100], buy_in=Decimal("50"), fee=Decimal("5")
    )
    PayoutStructure.objects.create(event=event, percentages=["50", "30", "20"], unit=Decimal("1.00"))
    play(Table.objects.get(event=event), [QUEENS_FOULED, ACES_FULL, JACKS], director)

    with django_assert_max_num_queries(6):  # event, entries, prizes (2), deal, people
        response = client.get(reverse("public:results-pdf", args=[event.slug]))

    text = pdf_text(response.content)
    assert response.status_code == 200
    assert "Prize pool: 150.00" in text
    amounts = {1: "75.00", 2: "45.00", 3: "30.00"}
    out = list(Entry.objects.filter(event=event, place__isnull=False).select_related("player"))
    assert out
    for entry in Entry.objects.filter(event=event).select_related("player"):
        if entry.place is not None:
            assert f"{entry.place} {entry.player.name} 1 {amounts[entry.place]}" in text
        else:
            assert f"— {entry.player.name} 1 {entry.stack:,}" in text


def test_hand_history_is_public(
    client: Client, table: Table, director: User, pdf_text, django_assert_max_num_queries
) -> None:
    hands = [
        play(table, boards, director) for boards in ([JACKS, ACES_FULL, QUEENS_FULL], [ACES_FULL, QUEENS_FULL, JACKS])
    ]

    with django_assert_max_num_queries(6):
        response = client.get(reverse("public:hand-history", args=[table.pk]))

    text = pdf_text(response.content)
    assert text.startswith("Hand history · Table 1")
    for hand in hands:
        assert f"Hand {hand.number} · Level 1 · 100 chips per point" in text
        for board in Board.objects.filter(hand=hand).select_related("entry__player"):
            change = board.stack_after - board.stack_before
            assert f"{board.stack_before:,} {board.stack_after:,} {'+' if change > 0 else ''}{change:,}" in text


def test_selectors_cost_the_same_for_one_hand_or_many(table: Table, director: User, django_assert_num_queries) -> None:
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    with django_assert_num_queries(5):
        hand_slips.slips_data(Hand.objects.filter(table=table))
    for boards in ([ACES_FULL, QUEENS_FULL, JACKS], [QUEENS_FULL, JACKS, ACES_FULL]):
        play(table, boards, director)
    with django_assert_num_queries(5):
        assert len(hand_slips.slips_data(Hand.objects.filter(table=table))) == 3


def test_a_shared_place_splits_the_prizes_it_covers(director: User) -> None:
    event = make_event(director, ["Ana", "Ben", "Cid"], buy_in=Decimal("100"))
    PayoutStructure.objects.create(event=event, percentages=["70", "30"], unit=Decimal("1.00"))
    Entry.objects.filter(event=event, player__name__in=["Ana", "Ben"]).update(status=Entry.Status.ELIMINATED, place=2)
    Entry.objects.filter(event=event, player__name="Cid").update(place=1)

    rows = {row.name: row for row in selectors.results_data(event).rows}

    # Places 2 and 3 pay 90.00 and nothing: the two sharing 2nd take 45.00 each.
    assert rows["Ana"].payout == rows["Ben"].payout == Decimal("45.00") and rows["Ana"].place == 2
    assert rows["Cid"].payout == Decimal("210.00")


def test_the_printables_page_links_everything(
    client: Client, client_as_director: Client, event: Event, dealer_user: User
) -> None:
    response = client_as_director.get(reverse("floor:printables", args=[event.slug]))

    page = response.content.decode()
    assert response.status_code == 200
    for name in ("floor:seat-cards", "floor:table-list", "public:results-pdf", "floor:event-slips"):
        assert reverse(name, args=[event.slug]) in page
    for table in Table.objects.filter(event=event):
        assert reverse("floor:table-slips", args=[table.pk]) in page
        assert reverse("public:hand-history", args=[table.pk]) in page
    client.force_login(dealer_user)
    assert client.get(reverse("floor:printables", args=[event.slug])).status_code == 403
