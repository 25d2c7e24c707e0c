"""A player's own page: seat in large type, chips and place, the players at the table, the
hands from the player's side, Fantasyland next hand, the level and the break, the next place's
prize near the money, the place and prize once out; live (304 while nothing changed) and
cheap whatever the field; a hidden person stays hidden from the others."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from vpt.events.audit import bump_version
from vpt.events.models import Entry, Event, PayoutStructure
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.people.services import set_person_hidden
from vpt.rounds.clock import start_clock
from vpt.rounds.models import Hand
from vpt.seating.models import Seat
from vpt.tables.models import Table

from .conftest import play


def url_of(entry: Entry) -> str:
    return reverse("public:me", args=[live_player_tokens([entry])[entry.pk]])


@pytest.fixture
def linked(event: Event, director: User) -> Event:
    issue_player_links(event, actor=director)
    return event


def seat_of(entry: Entry) -> Seat:
    return Seat.objects.select_related("table").get(entry=entry)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_page_shows_seat_chips_place_and_the_table(client: Client, linked: Event, director: User) -> None:
    table = Table.objects.get(event=linked, number=1)
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    seats = list(Seat.objects.filter(table=table).select_related("entry__player").order_by("number"))
    me = seats[0].occupant
    me.refresh_from_db()
    html = client.get(url_of(me)).content.decode()
    page = text(html)
    assert re.search(r"data-table>\s*1\s*<", html) and re.search(rf"data-seat>\s*{seats[0].number}\s*<", html)
    assert f"Chips {me.stack:,}" in page
    above = Entry.objects.filter(event=linked, status="active", stack__gt=me.stack).count()
    assert f"Place {above + 1} of 6" in page
    for seat in seats[1:]:
        assert f"Seat {seat.number}: {seat.occupant.player.name} · {seat.occupant.stack:,} chips" in page
    assert f"Seat {seats[0].number}: you" in page
    assert "Table 1, hand 1" in page
    assert html.count('<article class="hand-board') == 3  # my board and the two others, drawn as cards


def test_my_side_of_each_exchange(client: Client, linked: Event, director: User) -> None:
    table = Table.objects.get(event=linked, number=1)
    hand = play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    board = hand.boards.order_by("position").first()
    assert board is not None
    me = board.entry
    html = client.get(url_of(me)).content.decode()
    chips = [int(value) for value in re.findall(r'data-chips="(-?\d+)"', html)]
    assert sum(chips) == board.stack_after - board.stack_before  # every pair from my side
    assert f"chips {board.stack_before:,} → {board.stack_after:,}" in text(html)


def test_fantasyland_next_hand_with_its_cards(client: Client, linked: Event) -> None:
    seat = Seat.objects.filter(table__event=linked, entry__isnull=False).order_by("id").first()
    assert seat is not None
    Seat.objects.filter(pk=seat.pk).update(fantasyland_cards=15)
    assert "You play Fantasyland next hand: 15 cards." in text(client.get(url_of(seat.occupant)).content.decode())


def test_near_the_money_the_next_place_and_its_prize(client: Client, linked: Event) -> None:
    PayoutStructure.objects.create(event=linked, percentages=[50, 30, 20])
    entry = Entry.objects.filter(event=linked).first()
    assert entry is not None
    # 6 left, 3 paid, tables of 3: within a table of the money, the 6th place wins nothing.
    page = text(client.get(url_of(entry)).content.decode())
    assert "the next player out finishes 6, one place outside the prizes." in page
    for out, place in zip(Entry.objects.filter(event=linked).exclude(pk=entry.pk).order_by("pk")[:3], (6, 5, 4)):
        Entry.objects.filter(pk=out.pk).update(status="eliminated", place=place, stack=0)
    bump_version(linked.pk)  # written straight to the rows: say so to the live pages
    page = text(client.get(url_of(entry)).content.decode())
    assert "the next player out finishes 3 and wins 120.00." in page  # 600.00 pool × 20 %


def test_eliminated_page_says_place_prize_and_where_to_collect(client: Client, linked: Event) -> None:
    PayoutStructure.objects.create(event=linked, percentages=[50, 30, 20])
    entry = Entry.objects.filter(event=linked).first()
    assert entry is not None
    Entry.objects.filter(pk=entry.pk).update(status="eliminated", place=2, stack=0)
    Seat.objects.filter(entry=entry).update(entry=None)
    page = text(client.get(url_of(entry)).content.decode())
    assert "You finished 2nd." in page
    assert "Your prize: 180.00." in page
    assert "Collect it at the cash desk" in page
    other = Entry.objects.exclude(pk=entry.pk).filter(event=linked).first()
    assert other is not None
    Entry.objects.filter(pk=other.pk).update(status="eliminated", place=5, stack=0)
    assert "This place wins no prize." in text(client.get(url_of(other)).content.decode())


def test_a_hidden_person_stays_hidden_from_the_others(client: Client, linked: Event, director: User) -> None:
    table = Table.objects.get(event=linked, number=1)
    seats = list(Seat.objects.filter(table=table).select_related("entry__player__person").order_by("number"))
    hidden, me = seats[1].occupant, seats[0].occupant
    assert hidden.player.person is not None
    set_person_hidden(hidden.player.person, hidden=True, actor=director)
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)  # their board and our pair on my page too
    page = text(client.get(url_of(me)).content.decode())
    assert "Table 1, hand 1" in page
    assert hidden.player.name not in page
    assert f"Seat {seats[1].number}: Hidden player" in page
    assert f"<h1>{hidden.player.name}</h1>" in client.get(url_of(hidden)).content.decode()  # not from themselves


def test_polls_get_304_until_something_changes(client: Client, linked: Event, director: User) -> None:
    entry = Seat.objects.filter(table__event=linked, entry__isnull=False).first().occupant  # type: ignore[union-attr]
    url = url_of(entry)
    first = client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200
    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})
    assert again.status_code == 304
    play(seat_of(entry).table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]}).status_code == 200


def test_a_poll_costs_one_query_unchanged_and_few_otherwise(
    client: Client, linked: Event, director: User, django_assert_num_queries: object
) -> None:
    table = Table.objects.get(event=linked, number=1)
    for _ in range(3):
        play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    entry = Seat.objects.filter(table=table).order_by("number").first().occupant  # type: ignore[union-attr]
    url = url_of(entry)
    first = client.get(url, headers={"HX-Request": "true"})
    with django_assert_num_queries(1):  # type: ignore[operator]
        assert client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]}).status_code == 304
    with django_assert_num_queries(1):  # type: ignore[operator]  # another phone: the cached render
        assert client.get(url, headers={"HX-Request": "true"}).status_code == 200


def test_the_level_and_when_the_break_starts(client: Client, linked: Event, director: User) -> None:
    start_clock(linked, actor=director)
    entry = Entry.objects.filter(event=linked).first()
    assert entry is not None
    page = text(client.get(url_of(entry)).content.decode())
    assert "Level 1 · 100/pt" in page
    assert re.search(r"Break at \d\d:\d\d", page)  # two levels of 20 minutes, then the break


def test_the_page_opens_in_the_language_chosen_once_on_this_device(client: Client, linked: Event) -> None:
    entry = Entry.objects.filter(event=linked).first()
    assert entry is not None
    url = url_of(entry)
    assert "My hands" in client.get(url).content.decode()
    chosen = client.post(reverse("set_language"), {"language": "es", "next": url})
    assert chosen.status_code == 302 and chosen["Location"] == url
    assert client.cookies["django_language"].value == "es"
    html = client.get(url).content.decode()  # a later visit: the cookie remembers
    assert "Mis manos" in html and "My hands" not in html
    assert "Mis manos" in client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "My hands" in Client().get(url).content.decode()  # another device: its own choice


def test_a_fresh_render_costs_the_same_whatever_the_hands(client: Client, linked: Event, director: User) -> None:
    """What a new version costs each phone: the event's shared facts (stacks, prizes, clock) once
    for all, then each player's own reads, the same with 1 hand or 6."""
    table = Table.objects.get(event=linked, number=1)
    first, other = (url_of(seat.occupant) for seat in Seat.objects.filter(table=table).order_by("number")[:2])
    costs = []
    for hands in (1, 6):
        while Hand.objects.filter(table=table).count() < hands:
            play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
        with CaptureQueriesContext(connection) as shared:
            assert client.get(first, headers={"HX-Request": "true"}).status_code == 200
        with CaptureQueriesContext(connection) as own:
            assert client.get(other, headers={"HX-Request": "true"}).status_code == 200
        costs.append((len(shared), len(own)))
    assert costs[0] == costs[1], costs
    # 7 shared, computed once per version; 1: the player's open call; 1: the tickets they hold
    assert costs[0] == (18, 11), costs


def test_after_a_deal_each_players_page_gives_the_place_and_prize_until_closed(client: Client, director: User) -> None:
    """The players in a deal are still in when the event finishes: their pages must not go
    dark at the moment they want their prize, nor an earlier player's in the money."""
    from factories import make_event

    from vpt.events.entries import adjust_chips
    from vpt.money.deals import apply_deal, close_event
    from vpt.money.payout_services import set_payout_structure

    event = make_event(director, ["Ana", "Ben", "Cid"], name="Deal Night", buy_in="100.00", fee="10.00")
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1.00"), actor=director)
    issue_player_links(event, actor=director)
    ana, ben, cid = (Entry.objects.get(event=event, player__name=name) for name in ["Ana", "Ben", "Cid"])
    adjust_chips(ana, amount=5000, reason="test stacks", actor=director)
    adjust_chips(cid, amount=-5000, reason="test stacks", actor=director)
    links = {entry.pk: url_of(entry) for entry in (ana, ben, cid)}

    apply_deal(event, kind="chip-chop", tables_in_play=1, actor=director)  # 150.00 / 100.00 / 50.00
    page = client.get(links[ben.pk])

    assert page.status_code == 200
    ben_text = text(page.content.decode())
    assert "You finished 2nd." in ben_text and "Your prize: 100.00." in ben_text
    assert "Collect it at the cash desk" in ben_text
    assert "data-my-seat" not in page.content.decode() and "Chips" not in ben_text
    assert "Your prize: 150.00." in text(client.get(links[ana.pk]).content.decode())

    close_event(event, actor=director)
    assert [client.get(url).status_code for url in links.values()] == [404, 404, 404]


def test_the_players_link_follows_them_into_their_re_entry(client: Client, director: User) -> None:
    """The link on the player's phone (and seat card) is theirs: after a re-entry it shows the
    new entry's seat and chips, not "out"."""
    from factories import make_event

    from vpt.events.entries import reenter_player
    from vpt.seating.services import seat_entry

    event = make_event(
        director, ["Ana", "Ben", "Cid", "Dora"], name="Re-entry Night", reentry_until_level=2, max_entries=2
    )
    issue_player_links(event, actor=director)
    first = Entry.objects.get(event=event, player__name="Ben")
    url = url_of(first)
    Entry.objects.filter(pk=first.pk).update(status="eliminated", stack=0)
    Seat.objects.filter(entry=first).update(entry=None)

    again = reenter_player(first.player, actor=director)
    seat = seat_entry(again, actor=director)
    page = client.get(url).content.decode()

    assert "You are out of this event." not in text(page)
    assert f'data-entry="{again.pk}"' in page
    assert f"<dd data-seat>{seat.number}</dd>" in page and "10,000" in text(page)
    assert issue_player_links(event, actor=director) == 0  # one link per player: the re-entry keeps Ben's


def test_once_the_desk_paid_the_prize_the_page_says_when(client: Client, linked: Event, director: User) -> None:
    from django.utils import translation

    from vpt.money.cash_services import pay_prize

    PayoutStructure.objects.create(event=linked, percentages=[50, 30, 20])
    entry = Entry.objects.filter(event=linked).first()
    assert entry is not None
    Entry.objects.filter(pk=entry.pk).update(status="eliminated", place=3, stack=0)
    Seat.objects.filter(entry=entry).update(entry=None)
    bump_version(linked.pk)
    pay_prize(Entry.objects.get(pk=entry.pk), method="cash", actor=director)
    html = client.get(url_of(entry)).content.decode()
    page = text(html)
    assert "You finished 3rd." in page and "Your prize: 120.00." in page
    assert "Paid out on " in page and "data-prize-paid" in html
    assert "Collect it at the cash desk" not in page
    with translation.override("es"):
        spanish = text(client.get(url_of(entry), HTTP_ACCEPT_LANGUAGE="es").content.decode())
    assert "Terminaste en el puesto 3." in spanish and "Pagado el " in spanish
