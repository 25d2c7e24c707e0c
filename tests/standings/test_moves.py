"""Moves on the players' pages: a broken table or a balancing move puts a banner "Move: table
2 seat 3 → table 1 seat 2" on each moved player's page until they tap "I'm seated"; the tables
overview lists who has not confirmed; move slips print for those players only."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from vpt.accounts.permissions import PlayerActor
from vpt.audit.models import AuditEntry
from vpt.errors import NotAllowed
from vpt.events.audit import bump_version
from vpt.events.models import Entry, Event, PlayerLink
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.seating.models import Seat, SeatMove
from vpt.seating.services import balance_tables, break_table, confirm_seat_move, move_player
from vpt.tables.models import Table


def knock_out(seat: Seat) -> None:
    Entry.objects.filter(pk=seat.entry_id).update(status=Entry.Status.ELIMINATED, stack=0)
    Seat.objects.filter(pk=seat.pk).update(entry=None)


def url_of(entry: Entry, name: str = "public:me") -> str:
    return reverse(name, args=[live_player_tokens([entry])[entry.pk]])


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def room(event: Event, director: User) -> dict[str, list[Seat]]:
    """Table 1 down to one player, table 2 down to two: table 2 can be broken into table 1."""
    issue_player_links(event, actor=director)
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    one = list(Seat.objects.filter(table=tables[1]).order_by("number"))
    two = list(Seat.objects.filter(table=tables[2]).order_by("number"))
    knock_out(one[0])
    knock_out(one[1])
    knock_out(two[0])
    bump_version(event.pk)
    return {"stay": [one[2]], "movers": two[1:]}


def test_breaking_a_table_shows_each_mover_the_banner_until_seated(
    client: Client, event: Event, director: User, room: dict[str, list[Seat]]
) -> None:
    movers = [seat.occupant for seat in room["movers"]]
    origin = {seat.entry_id: seat.number for seat in room["movers"]}
    stayer = room["stay"][0].occupant
    break_table(Table.objects.get(event=event, number=2), actor=director)

    for entry in movers:
        new = Seat.objects.select_related("table").get(entry=entry)
        page = text(client.get(url_of(entry)).content.decode())
        assert f"Move: table 2 seat {origin[entry.pk]} → table 1 seat {new.number}" in page
        assert "I'm seated" in page
    assert "Move:" not in text(client.get(url_of(stayer)).content.decode())

    first = movers[0]
    response = client.post(url_of(first, "public:me-seated"), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Move:" not in text(response.content.decode())
    assert "Move:" not in text(client.get(url_of(first)).content.decode())
    assert "Move:" in text(client.get(url_of(movers[1])).content.decode())  # theirs stays
    confirmed = AuditEntry.objects.get(action="seating.seat_move_confirmed")
    assert confirmed.entry_id == first.pk and confirmed.actor is None
    assert confirmed.summary_args["player_link"] == PlayerLink.objects.get(entry=first, revoked_at__isnull=True).pk
    # A second tap (another phone of the same player) changes nothing.
    assert client.post(url_of(first, "public:me-seated")).status_code == 302
    assert AuditEntry.objects.filter(action="seating.seat_move_confirmed").count() == 1


def test_a_player_confirms_only_their_own_move(event: Event, director: User, room: dict[str, list[Seat]]) -> None:
    a, b = (seat.occupant for seat in room["movers"])
    break_table(Table.objects.get(event=event, number=2), actor=director)
    with pytest.raises(NotAllowed):
        confirm_seat_move(a, actor=PlayerActor(entry_id=b.pk, link_id=1))
    assert SeatMove.objects.filter(confirmed_at__isnull=True).count() == 2
    assert confirm_seat_move(a, actor=director) is not None  # the director may do it for them


def test_a_wrong_token_confirms_nothing(
    client: Client, event: Event, director: User, room: dict[str, list[Seat]]
) -> None:
    break_table(Table.objects.get(event=event, number=2), actor=director)
    assert client.post(reverse("public:me-seated", args=["y" * 24])).status_code == 404
    assert SeatMove.objects.filter(confirmed_at__isnull=True).count() == 2


def test_balancing_and_a_directors_move_are_moves_too(event: Event, director: User) -> None:
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    one = list(Seat.objects.filter(table=tables[1]).order_by("number"))
    knock_out(one[0])
    mover = Seat.objects.filter(table=tables[2]).order_by("number").first()
    assert mover is not None
    entry = mover.occupant
    move_player(entry, to_table=tables[1], actor=director)
    move = SeatMove.objects.get(entry=entry)
    assert (move.from_table, move.from_seat, move.to_table, move.to_seat) == (2, mover.number, 1, one[0].number)
    balance_tables(event, actor=director)  # 3 and 2 once more? nothing to do: 2 and 3 are balanced
    assert SeatMove.objects.count() == 1


def test_moved_again_before_sitting_down_goes_from_where_they_sit(event: Event, director: User) -> None:
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    one = list(Seat.objects.filter(table=tables[1]).order_by("number"))
    knock_out(one[0])
    two = list(Seat.objects.filter(table=tables[2]).order_by("number"))
    entry = two[0].occupant
    move_player(entry, to_table=tables[1], actor=director)
    move_player(entry, to_table=tables[2], actor=director, seat_number=two[0].number)
    move = SeatMove.objects.get(entry=entry)
    assert (move.from_table, move.from_seat, move.to_table, move.to_seat) == (2, two[0].number, 2, two[0].number)


def test_tables_overview_lists_who_has_not_confirmed(
    client_as_director: Client, event: Event, director: User, room: dict[str, list[Seat]]
) -> None:
    a, b = (seat.occupant for seat in room["movers"])
    break_table(Table.objects.get(event=event, number=2), actor=director)
    confirm_seat_move(a, actor=director)
    html = client_as_director.get(reverse("floor:tables-overview", args=[event.slug])).content.decode()
    pending = re.search(r"<section class=\"panel\" data-pending-moves>(.*?)</section>", html, re.S)
    assert pending is not None
    assert f'data-entry="{b.pk}"' in pending.group(1) and f'data-entry="{a.pk}"' not in pending.group(1)
    assert "Moves not confirmed yet" in html
    # A player without a phone: the floor saw them sit down.
    done = client_as_director.post(reverse("floor:confirm-move", args=[event.slug, b.pk]), follow=True)
    assert f"{b} is seated." in done.content.decode()
    assert "data-pending-moves" not in done.content.decode()
    assert not SeatMove.objects.filter(confirmed_at__isnull=True).exists()


def test_move_slips_print_only_the_movers(
    client_as_director: Client, event: Event, director: User, room: dict[str, list[Seat]]
) -> None:
    movers = [seat.occupant for seat in room["movers"]]
    stayer = room["stay"][0].occupant
    break_table(Table.objects.get(event=event, number=2), actor=director)
    sizes = {}
    for paper in ("a6", "thermal80"):
        response = client_as_director.get(reverse("floor:move-slips", args=[event.slug]) + f"?format={paper}")
        assert response.status_code == 200
        reader = PdfReader(io.BytesIO(response.content))
        pages = [page.extract_text() for page in reader.pages]
        assert len(pages) == 2
        assert sorted(next(e.player.name for e in movers if e.player.name in page) for page in pages) == sorted(
            e.player.name for e in movers
        )
        for page in pages:
            entry = next(e for e in movers if e.player.name in page)
            seat = Seat.objects.select_related("table").get(entry=entry)
            assert "From table 2, seat" in page
            assert f"{seat.table.number} {seat.number}" in re.sub(r"\s+", " ", page)
        assert all(stayer.player.name not in page for page in pages)
        sizes[paper] = round(float(reader.pages[0].mediabox.width))
    assert sizes == {"a6": 298, "thermal80": 227}
    printables = client_as_director.get(reverse("floor:printables", args=[event.slug])).content.decode()
    assert reverse("floor:move-slips", args=[event.slug]) in printables

    for entry in movers:
        confirm_seat_move(entry, actor=director)
    pdf = client_as_director.get(reverse("floor:move-slips", args=[event.slug])).content
    assert "Nobody is waiting to move." in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def test_the_big_screen_lists_the_recent_seat_changes(
    client: Client, event: Event, director: User, room: dict[str, list[Seat]]
) -> None:
    movers = [seat.occupant for seat in room["movers"]]
    break_table(Table.objects.get(event=event, number=2), actor=director)
    panel = text(client.get(reverse("public:screen_panel", args=[event.slug])).content.decode())
    assert "Seat changes" in panel
    for entry in movers:
        move = SeatMove.objects.get(entry=entry)
        assert f"{entry.player.name} : table 2 seat {move.from_seat} → table 1 seat {move.to_seat}" in panel


def test_a_player_out_since_the_move_leaves_the_moves_list(
    client_as_director: Client, event: Event, director: User, room: dict[str, list[Seat]]
) -> None:
    a, b = (seat.occupant for seat in room["movers"])
    break_table(Table.objects.get(event=event, number=2), actor=director)
    knock_out(Seat.objects.get(entry=a))  # out before they said "I'm seated"
    html = client_as_director.get(reverse("floor:tables-overview", args=[event.slug])).content.decode()
    pending = re.search(r"<section class=\"panel\" data-pending-moves>(.*?)</section>", html, re.S)
    assert pending is not None
    assert f'data-entry="{b.pk}"' in pending.group(1) and f'data-entry="{a.pk}"' not in pending.group(1)
    slips = client_as_director.get(reverse("floor:move-slips", args=[event.slug]))
    slip_text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(slips.content)).pages)
    assert b.player.name in slip_text and a.player.name not in slip_text
