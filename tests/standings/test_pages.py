"""Public pages: standings (and its polled fragment), tables, players, payouts, the JSON API."""

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from factories import THREE, make_event

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.money.payout_services import set_payout_structure
from vpt.tables.models import Table

POLL = 'hx-trigger="every 5s"'


def page(client: Client, url: str, language: str = "en", **headers: str) -> str:
    response = client.get(url, headers={"accept-language": language, **headers})
    assert response.status_code == 200, response.status_code
    return response.content.decode()


# Standings


def test_standings_in_english(client: Client, played: Event) -> None:
    html = page(client, "/standings/costa-open/")

    assert "<h1>Standings</h1>" in html
    assert "Players left</dt><dd data-players-left>6</dd>" in html
    assert "Chips in play</dt><dd>60,000</dd>" in html
    assert "Average stack</dt><dd>10,000</dd>" in html
    assert 'href="/standings/costa-open/players/' in html and 'href="/standings/costa-open/tables/1/">' in html
    assert POLL in html and 'hx-get="/standings/costa-open/"' in html
    assert "/static/django_htmx/htmx-2.min.js" in html


def test_standings_in_spanish(client: Client, played: Event) -> None:
    html = page(client, "/standings/costa-open/", "es")

    assert '<html lang="es">' in html
    assert "<h1>Clasificación</h1>" in html
    assert "Jugadores restantes" in html and "Fichas en juego" in html and "Stack medio" in html
    assert "Fichas en juego</dt><dd>60.000</dd>" in html  # Spanish groups digits with a point, as the slips
    assert "Encuentra tu asiento" in html


def test_standings_rank_by_chips_with_table_and_seat(client: Client, played: Event) -> None:
    html = page(client, "/standings/costa-open/")
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("<tr ")[1:]

    assert len(rows) == 6
    first = rows[0]
    ana = Entry.objects.get(player__name="Ana García")
    assert f'data-entry="{ana.pk}"' in first and ">1</td>" in first and "12300" in first
    assert f">1 · {ana.seat.number}<" in first


def test_the_fragment_alone_answers_htmx(client: Client, played: Event) -> None:
    html = page(client, "/standings/costa-open/", **{"hx-request": "true"})

    assert "<html" not in html and "<h1>" not in html
    assert html.lstrip().startswith('<div id="standings-live"')
    assert POLL in html


def test_find_my_seat(client: Client, played: Event) -> None:
    ana = Entry.objects.select_related("seat__table").get(player__name="Ana García")

    html = page(client, "/standings/costa-open/?q=garcia")
    missing = page(client, "/standings/costa-open/?q=zoe")

    found = html.split('class="found"')[1].split("</section>")[0]
    assert "Ana García" in found
    assert f"table {ana.seat.table.number}, seat {ana.seat.number}" in found
    assert 'hx-get="/standings/costa-open/?q=garcia"' in html  # polling keeps the search
    assert "No player called “zoe”." in missing


def test_find_my_seat_and_the_players_list_fold_names_alike(client: Client, event: Event, director: User) -> None:
    """One name fold everywhere (casefold and accents): "STRASSE" finds "Straße" on the public
    standings and on the director's players list, as it finds "García" by "garcia"."""
    from vpt.floor.event_forms import name_matches

    register_player(event, name="Jürgen Straße", actor=director)

    found = page(client, "/standings/costa-open/?q=STRASSE").split('class="found"')[1].split("</section>")[0]
    assert "Jürgen Straße" in found
    assert name_matches("Jürgen Straße", "jurgen strasse")
    assert not name_matches("Jürgen Straße", "strasser")


@pytest.fixture
def busted(director: User) -> Event:
    """Three players with 1,000 chips: a foul at 100 per point eliminates its player."""
    return make_event(director, THREE, name="Short Stack", seed=3, starting_stack=1000, buy_in=Decimal("20"))


def test_eliminated_players_show_place_and_hand(client: Client, busted: Event, director: User, kit: Any) -> None:
    table = Table.objects.get(event=busted)
    hand = kit.play(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED], director)
    out = Entry.objects.get(event=busted, status=Entry.Status.ELIMINATED)

    html = page(client, "/standings/short-stack/")

    eliminated = html.split('id="eliminated-table"')[1]
    assert out.player.name in eliminated
    assert f'href="/standings/short-stack/tables/1/#hand-{hand.number}">table 1, hand {hand.number}</a>' in eliminated
    assert f'<td class="num">{out.place}</td>' in eliminated
    assert "Players left</dt><dd data-players-left>2</dd>" in html


@pytest.mark.parametrize("entries", [10, 1000])
def test_standings_answer_in_constant_queries(
    client: Client, big_event: Callable[..., Event], entries: int, django_assert_num_queries: Any
) -> None:
    big_event(entries)

    with django_assert_num_queries(2):  # the event, the entries
        html = page(client, "/standings/big-open/")
    with django_assert_num_queries(2):
        page(client, "/standings/big-open/?q=0001", **{"hx-request": "true"})
    with django_assert_num_queries(2):
        client.get("/api/events/big-open/standings")

    assert html.count("<tr data-entry=") == entries - entries // 5


# JSON


def test_standings_json(client: Client, busted: Event, director: User, kit: Any) -> None:
    kit.play(Table.objects.get(event=busted), [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED], director)

    response = client.get("/api/events/short-stack/standings")
    data = response.json()

    assert response["Content-Type"] == "application/json"
    assert response["Access-Control-Allow-Origin"] == "*"
    assert data["event"] == {"slug": "short-stack", "name": "Short Stack", "status": "running"}
    assert (data["players_left"], data["entries"], data["chips_in_play"]) == (2, 3, 3000)
    assert [row["rank"] for row in data["standings"]] == [1, 2]
    assert data["standings"][0]["chips"] >= data["standings"][1]["chips"]
    assert set(data["standings"][0]) == {
        "name",
        "player_id",
        "entries",
        "chips",
        "rank",
        "table",
        "seat",
        "fantasyland",
    }
    (out,) = data["eliminated"]
    assert out["place"] == 3 and out["chips"] == 0 and out["eliminated_in"] == {"table": 1, "hand": 1}
    assert client.get("/api/events/nope/standings").status_code == 404


# A table's page


def test_table_page_shows_seats_button_and_hands_newest_first(client: Client, played: Event) -> None:
    table = Table.objects.get(event=played, number=1)

    html = page(client, "/standings/costa-open/tables/1/")

    assert html.index('id="hand-2"') < html.index('id="hand-1"')
    assert f'<li data-seat="{table.button_seat}">' in html
    button_seat = html.split(f'<li data-seat="{table.button_seat}">')[1].split("</li>")[0]
    assert "BTN" in button_seat
    assert '<span class="card suit-diamonds red" role="img" aria-label="ace of diamonds">A♦</span>' in html
    assert '<span class="card suit-spades" role="img" aria-label="ten of spades">10♠</span>' in html
    assert "full house, aces full of sixes" in html
    assert "Fouled" in html and "fouled: loses all three rows" in html
    assert "pays" in html and "Royalties 6" in html
    assert POLL in html


def test_table_page_marks_fantasyland(client: Client, event: Event, director: User, kit: Any) -> None:
    kit.play(Table.objects.get(event=event, number=2), [kit.JACKS, kit.QUEENS_UP, kit.ACES_FULL], director)

    html = page(client, "/standings/costa-open/tables/2/")
    spanish = page(client, "/standings/costa-open/tables/2/", "es")

    assert "Fantasyland next hand: 14 cards" in html
    assert "Fantasyland en la próxima mano: 14 cartas" in spanish


def test_table_page_in_constant_queries(
    client: Client, played: Event, director: User, kit: Any, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(7):  # event, the table's version, table, seats, hands, boards, exchanges
        page(client, "/standings/costa-open/tables/1/")
    kit.play(Table.objects.get(event=played, number=1), [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL], director)
    with django_assert_num_queries(7):
        page(client, "/standings/costa-open/tables/1/")


def test_missing_pages_are_404(client: Client, event: Event) -> None:
    for url in [
        "/standings/nope/",
        "/standings/costa-open/tables/9/",
        "/standings/costa-open/players/999/",
        "/standings/nope/clock.json",
    ]:
        assert client.get(url).status_code == 404


# A player's page


def test_player_page_with_chart_and_why(client: Client, played: Event) -> None:
    ana = Entry.objects.get(player__name="Ana García")

    html = page(client, f"/standings/costa-open/players/{ana.player_id}/")
    spanish = page(client, f"/standings/costa-open/players/{ana.player_id}/", "es")

    assert "<h1>Ana García</h1>" in html
    assert '<svg class="chart"' in html and html.count('<polyline class="line"') == 1
    points = html.split('<polyline class="line" points="')[1].split('"')[0].split()
    assert len(points) == 3  # the starting stack and two hands
    assert "Chips after each of 2 hands" in html
    assert html.count('class="hand-card') == 2
    assert "Why: each pair, in payment order" in html
    assert "Por qué: cada pareja, en orden de pago" in spanish
    # Spanish writes decimals with a comma; SVG coordinates must stay plain numbers.
    chart = spanish.split('<svg class="chart"')[1].split("</svg>")[0]
    number = r"-?\d+(?:\.\d+)?"
    coordinates = re.findall(r'\b(?:x|y|x1|y1|x2|y2|cx|cy)="([^"]*)"', chart)
    assert coordinates and all(re.fullmatch(number, value) for value in coordinates)
    for points in re.findall(r'points="([^"]*)"', chart):
        assert all(re.fullmatch(f"{number},{number}", pair) for pair in points.split())


def test_a_players_page_shows_a_paid_exchange_as_paid(client: Client, played: Event) -> None:
    """Hand 1 at table 1: the second player (ACES_FULL) beats the third (QUEENS_FULL), who is B in
    that pair: on the third player's page the pair reads from her side, paid, in red."""
    from vpt.rounds.models import Exchange

    exchange = Exchange.objects.get(hand__number=1, board_a__position=1, board_b__position=2)
    assert (exchange.points, exchange.chips_paid) == (1, 100)  # A won: B paid
    winner, payer = exchange.board_a.entry, exchange.board_b.entry

    def pair_head(player_id: int) -> str:
        html = page(client, f"/standings/costa-open/players/{player_id}/")
        hand = html.split("Table 1, hand 1</a>")[1].split('class="hand-card')[0]
        return hand.split(f'data-pair="{exchange.order}"')[1].split('<ul class="pair-rows">')[0]

    pair = pair_head(payer.player_id)
    assert f"<strong>{payer} – {winner}</strong>" in pair
    assert '<span class="points minus">-1 point</span>' in pair
    assert '<span class="points minus" data-chips="-100">-100 chips</span>' in pair
    assert "+" not in pair

    # The winner's page reads the same exchange as won, in green.
    pair = pair_head(winner.player_id)
    assert f"<strong>{winner} – {payer}</strong>" in pair
    assert '<span class="points plus">+1 point</span>' in pair
    assert '<span class="points plus" data-chips="100">+100 chips</span>' in pair


# Payouts


def test_payouts_page(client: Client, event: Event, director: User) -> None:
    before = page(client, "/standings/costa-open/payouts/")
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("25.00"), actor=director)

    html = page(client, "/standings/costa-open/payouts/")
    spanish = page(client, "/standings/costa-open/payouts/", "es")

    assert "The payout structure has not been set yet." in before
    assert "<dd data-pool>600.00</dd>" in html
    assert [a.split("<")[0] for a in html.split("data-amount>")[1:]] == ["300.00", "175.00", "125.00"]
    assert "goes to first place" in html
    assert "Bote" in spanish and "va al primer puesto" in spanish


def test_after_a_deal_the_standings_list_the_deals_places(client: Client, director: User) -> None:
    """A finished event's players still in are ranked by their places (the deal's, which the
    director may have entered), not by chips: the standings agree with the results."""
    from vpt.events.entries import adjust_chips
    from vpt.money.deals import apply_deal

    event = make_event(director, ["Ana", "Ben", "Cid"], name="Deal Standings", buy_in="100.00", levels=[100])
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1.00"), actor=director)
    ana, ben, cid = (Entry.objects.get(event=event, player__name=name) for name in ["Ana", "Ben", "Cid"])
    adjust_chips(ana, amount=5000, reason="test stacks", actor=director)
    adjust_chips(cid, amount=-5000, reason="test stacks", actor=director)
    amounts = {ana.pk: Decimal("120"), ben.pk: Decimal("120"), cid.pk: Decimal("60")}
    places = {ben.pk: 1, ana.pk: 2, cid.pk: 3}
    apply_deal(event, kind="agreed", tables_in_play=1, actor=director, amounts=amounts, places=places)

    data = client.get("/api/events/deal-standings/standings").json()
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get("/standings/deal-standings/").content.decode()))

    assert [(row["rank"], row["name"]) for row in data["standings"]] == [(1, "Ben"), (2, "Ana"), (3, "Cid")]
    assert "1 Ben 120.00" in page and "2 Ana 120.00" in page  # finished: places and prizes
