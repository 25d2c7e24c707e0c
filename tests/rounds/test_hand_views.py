"""The director's hand pages: open, correct and void with the dry-run differences first."""

from __future__ import annotations

import io
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from vpt.audit.models import AuditEntry
from vpt.events.models import Entry
from vpt.rounds.chip_moves import chip_moves, moves_sentences
from vpt.rounds.models import Hand
from vpt.rounds.services import record_hand
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand(table: Table, director: User, kit: Any) -> Hand:
    boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    return record_hand(table, hand_number=1, boards=boards, actor=director)


def hidden(page: str, name: str) -> str:
    """The value of the page's hidden field `name` (the token of what the director was shown)."""
    return page.split(f'name="{name}" value="')[1].split('"')[0]


def post_boards(hand: Hand, boards: list[dict[str, str]], **extra: str) -> dict[str, str]:
    data: dict[str, str] = {}
    for board, values in zip(hand.boards.order_by("position"), boards):
        for key, value in values.items():
            data[f"s{board.seat_number}-{key}"] = value
    data.update(extra)
    return data


def test_non_staff_refused(client: Client, hand: Hand, dealer_user: User) -> None:
    client.force_login(dealer_user)
    for name in ("floor:hand-detail", "floor:hand-correct", "floor:hand-void"):
        assert client.get(reverse(name, args=[hand.pk])).status_code == 403
    assert client.get(reverse("floor:event-hands", args=[hand.event.slug])).status_code == 403


def test_detail_and_list(client_as_director: Client, hand: Hand) -> None:
    page = client_as_director.get(reverse("floor:hand-detail", args=[hand.pk])).content.decode()
    assert "Table 1, hand 1" in page and "Correct" in page and "Void" in page
    assert "Table 1, hand 1 recorded" in page  # the audit history
    listing = client_as_director.get(reverse("floor:event-hands", args=[hand.event.slug]) + "?table=1")
    assert reverse("floor:hand-detail", args=[hand.pk]) in listing.content.decode()


def test_correct_shows_differences_then_saves(client_as_director: Client, hand: Hand, kit: Any) -> None:
    url = reverse("floor:hand-correct", args=[hand.pk])
    form = client_as_director.get(url).content.decode()
    assert 'value="Jc Jd 4s"' in form  # the recorded boards, ready to edit
    stacks = dict(Entry.objects.values_list("pk", "stack"))
    data = post_boards(
        hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED], reason="Misread the top row", action="dry_run"
    )
    response = client_as_director.post(url, data)
    page = response.content.decode()
    assert "Differences (nothing saved yet)" in page
    assert 'data-change="stack"' in page
    assert "Confirm the correction" in page
    assert dict(Entry.objects.values_list("pk", "stack")) == stacks  # dry run: nothing saved
    response = client_as_director.post(
        url, dict(data, action="confirm", token=hidden(page, "token"), plan=hidden(page, "plan"))
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 2
    assert dict(Entry.objects.values_list("pk", "stack")) != stacks
    assert AuditEntry.objects.filter(action="rounds.hand_corrected").exists()


def test_confirm_without_matching_dry_run_is_not_saved(client_as_director: Client, hand: Hand, kit: Any) -> None:
    url = reverse("floor:hand-correct", args=[hand.pk])
    data = post_boards(hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED], reason="x", action="confirm", token="stale")
    page = client_as_director.post(url, data).content.decode()
    assert "changed since the differences were shown" in page
    hand.refresh_from_db()
    assert hand.version == 1


def test_correction_preview_fragment(client_as_director: Client, hand: Hand, kit: Any) -> None:
    url = reverse("floor:hand-correct", args=[hand.pk])
    response = client_as_director.post(
        url, post_boards(hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED]), headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="correct-preview"') and "Fouled" in html


def test_void_shows_differences_then_voids(client_as_director: Client, hand: Hand) -> None:
    url = reverse("floor:hand-void", args=[hand.pk])
    page = client_as_director.get(url).content.decode()
    assert "Differences (nothing saved yet)" in page
    assert client_as_director.post(url, {"reason": "", "plan": hidden(page, "plan")}).status_code == 200
    hand.refresh_from_db()
    assert not hand.is_void
    response = client_as_director.post(url, {"reason": "Wrong table", "plan": hidden(page, "plan")})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.is_void
    assert set(Entry.objects.values_list("stack", flat=True)) == {10000}


def confirm_correction(client: Client, hand: Hand, boards: list[dict[str, str]]) -> list[str]:
    url = reverse("floor:hand-correct", args=[hand.pk])
    data = post_boards(hand, boards, reason="Wrong card typed", action="dry_run")
    page = client.post(url, data).content.decode()
    confirm = dict(data, action="confirm", token=hidden(page, "token"), plan=hidden(page, "plan"))
    response = client.post(url, confirm, follow=True)
    return [str(message) for message in response.context["messages"]]


def test_a_correction_of_boards_only_says_what_was_saved(client_as_director: Client, hand: Hand, kit: Any) -> None:
    """A kicker changed: the boards differ, no chips move, and correction 1 is saved all the same."""
    kicker = dict(kit.JACKS, middle="Th Tc 7d 7c 3s")

    messages = confirm_correction(client_as_director, hand, [kicker, kit.ACES_FULL, kit.QUEENS_FULL])

    hand.refresh_from_db()
    assert hand.version == 2
    assert messages == ["Hand corrected: boards changed, no chips moved; correction 1 saved."]
    # Named the same on the hand's pages and on its slip.
    for page in ("floor:hand-detail", "dealer:hand-result"):
        args = [hand.pk] if page == "floor:hand-detail" else [hand.table_id, hand.number]
        assert ">correction 1</span>" in client_as_director.get(reverse(page, args=args)).content.decode()
    slip = client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk])).content
    assert "correction 1" in "".join(page.extract_text() for page in PdfReader(io.BytesIO(slip)).pages)


def test_a_correction_that_moves_chips_says_what_changed(client_as_director: Client, hand: Hand, kit: Any) -> None:
    messages = confirm_correction(client_as_director, hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED])

    assert messages == [
        "Hand corrected: correction 1 saved; 3 stacks changed.",
        "Chips to move: Ben gives 1,100 to Ana and 1,100 to Cid.",
    ]


# Spanish groups with a point, as the slips print chips (vpt/formats/es).
@pytest.mark.parametrize(("language", "separator"), [("en", ","), ("es", ".")])
def test_stacks_on_the_correction_and_void_pages_read_like_everywhere_else(
    client_as_director: Client, hand: Hand, kit: Any, language: str, separator: str
) -> None:
    """Grouped in the page's language (2,900; 2 900 in Spanish), as the players list and the
    standings print them: not "2900 → 2480"."""
    stacks = sorted(f"{stack:,}".replace(",", separator) for stack in Entry.objects.values_list("stack", flat=True))
    url = reverse("floor:hand-correct", args=[hand.pk])
    data = post_boards(hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED], reason="Misread", action="dry_run")
    headers = {"accept-language": language}

    correct = client_as_director.post(url, data, headers=headers).content.decode()
    void = client_as_director.get(reverse("floor:hand-void", args=[hand.pk]), headers=headers).content.decode()

    grouped = re.compile(rf"^\d{{1,3}}({separator}\d{{3}})+$")
    for page in (correct, void):
        befores = re.findall(r'class="diff-before num">([^<]*)<', page)
        afters = re.findall(r'class="diff-after num">([^<]*)<', page)
        assert sorted(befores) == stacks
        assert len(afters) == 3 and all(grouped.match(after) for after in afters), afters


def test_a_correction_says_which_chips_to_move_on_the_page_and_the_slip(
    client_as_director: Client, hand: Hand, kit: Any
) -> None:
    url = reverse("floor:hand-correct", args=[hand.pk])
    data = post_boards(hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED], reason="Misread", action="dry_run")

    page = client_as_director.post(url, data).content.decode()

    assert re.findall(r"<li>([^<]*gives[^<]*)</li>", page) == ["Ben gives 1,100 to Ana and 1,100 to Cid."]
    confirm_correction(client_as_director, hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED])
    pdf = client_as_director.get(reverse("dealer:hand-slip", args=[hand.pk])).content
    slip = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Correction 1, chips to move:" in slip
    assert "Ben gives 1,100 to Ana and 1,100 to Cid." in slip
    detail = client_as_director.get(reverse("floor:hand-detail", args=[hand.pk])).content.decode()
    assert re.findall(r"points, (\S+) chips paid of (\S+) due", detail) == [
        ("300", "300"),
        ("1,400", "1,400"),
        ("1,200", "1,200"),
    ]


def test_chip_moves_between_several_givers_and_receivers() -> None:
    moves = chip_moves([("Ana", 1000, 400), ("Ben", 1000, 1700), ("Cid", 1000, 700), ("Dan", 1000, 1200)])
    with translation.override("en"):
        assert moves_sentences(moves, str) == ["Ana gives 600 to Ben.", "Cid gives 100 to Ben and 200 to Dan."]
    with translation.override("es"):
        assert moves_sentences(moves, str) == ["Ana da 600 a Ben.", "Cid da 100 a Ben y 200 a Dan."]


@contextmanager
def another_writer_holding_the_lock(hand: Hand) -> Iterator[None]:
    """A second connection to the test database in the middle of a write, as a dealer
    recording a hand is: on SQLite it holds the database's write lock (BEGIN IMMEDIATE), on
    PostgreSQL the event's and the hand's table's rows."""
    if connection.vendor == "sqlite":
        other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None, timeout=0)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    with psycopg.connect(**connection.get_connection_params()) as other:  # a transaction until it closes
        other.execute("SELECT id FROM events_event WHERE id = %s FOR UPDATE", [hand.event_id])
        other.execute("SELECT id FROM tables_table WHERE id = %s FOR UPDATE", [hand.table_id])
        yield
        other.rollback()


@pytest.mark.django_db(transaction=True)
def test_the_void_and_correction_pages_answer_while_a_dealer_writes(
    client_as_director: Client, hand: Hand, kit: Any
) -> None:
    """Looking at what a void or a correction would change takes no lock: a director reading
    the differences never holds up, nor waits behind, a dealer recording a hand."""
    correct_url = reverse("floor:hand-correct", args=[hand.pk])
    data = post_boards(hand, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FOULED], reason="Misread", action="dry_run")
    with another_writer_holding_the_lock(hand):
        void = client_as_director.get(reverse("floor:hand-void", args=[hand.pk]))
        correct = client_as_director.post(correct_url, data)

    assert void.status_code == 200 and "Differences (nothing saved yet)" in void.content.decode()
    assert correct.status_code == 200 and 'data-change="stack"' in correct.content.decode()
    assert hidden(void.content.decode(), "plan") and hidden(correct.content.decode(), "plan")


def test_a_void_is_refused_when_a_hand_was_recorded_since_its_differences_were_shown(
    client_as_director: Client, hand: Hand, table: Table, director: User, kit: Any
) -> None:
    url = reverse("floor:hand-void", args=[hand.pk])
    shown = client_as_director.get(url).content.decode()
    record_hand(
        table, hand_number=2, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    stacks = dict(Entry.objects.values_list("pk", "stack"))

    response = client_as_director.post(url, {"reason": "Wrong table", "plan": hidden(shown, "plan")})

    page = response.content.decode()
    assert response.status_code == 200 and "The differences changed since they were shown" in page
    hand.refresh_from_db()
    assert not hand.is_void and dict(Entry.objects.values_list("pk", "stack")) == stacks
    assert "table 1 hand 2" in page  # the new differences: hand 2 is replayed
    response = client_as_director.post(url, {"reason": "Wrong table", "plan": hidden(page, "plan")})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.is_void


def test_the_hands_list_shows_fouls_fantasyland_and_the_biggest_exchange_with_filters(
    client_as_director: Client, hand: Hand, table: Table, director: User, kit: Any
) -> None:
    fouled = record_hand(
        table,
        hand_number=2,
        boards=kit.by_position(table, [kit.JACKS, kit.QUEENS_FOULED, kit.ACES_FULL]),
        actor=director,
    )
    url = reverse("floor:event-hands", args=[hand.event.slug])

    page = client_as_director.get(url).content.decode()

    rows = {row: page.split(f'data-hand="1-{row}">')[1].split("</tr>")[0] for row in (1, 2)}
    names = [board.entry.player.name for board in fouled.boards.order_by("position")]
    assert re.findall(
        r'<span class="badge danger">([^<]+)</span>', rows[2].split("data-fouls>")[1].split("</td>")[0]
    ) == [names[1]]
    assert "data-fouls>–</td>" in rows[1]
    assert "data-biggest>Cid pays Ana 300 chips</td>" in rows[1]  # the first of two 300s
    fouls_only = client_as_director.get(url + "?table=1&show=fouls").content.decode()
    assert 'data-hand="1-2"' in fouls_only and 'data-hand="1-1"' not in fouls_only
    assert 'href="?table=1&amp;show=fouls" aria-current="true"' in fouls_only


def test_spanish_reads_right_in_context(client_as_director: Client, hand: Hand) -> None:
    """The Void button is an action ("Anular"), the voided badge a state ("Anulada"); the result's
    columns have one name each; a stack is a "stack" everywhere."""
    detail = client_as_director.get(reverse("floor:hand-detail", args=[hand.pk]), HTTP_ACCEPT_LANGUAGE="es")
    page = detail.content.decode()
    assert f'href="{reverse("floor:hand-void", args=[hand.pk])}">Anular</a>' in page
    assert ">Anulada<" not in page
    result = client_as_director.get(
        reverse("dealer:hand-result", args=[hand.table_id, hand.number]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    head = result.split('class="result-table stacks-table"')[1].split("</thead>")[0]
    columns = re.findall(r'<th scope="col"[^>]*>([^<]+)</th>', head)
    assert columns == ["Jugador", "Puntos", "Fichas", "Stack"]
    assert "Pila" not in result
