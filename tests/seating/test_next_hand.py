"""The next hand is one stored fact (ofc-rules.md, "The button is one fact" and "Rounds, levels
and breaks"): every page, printout and API names the same button seat, says "dead button" when
nobody sits there, and a table with fewer than two players deals nothing."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import make_event, play
from pypdf import PdfReader

from vpt.events.models import Event
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.seating.models import Seat
from vpt.seating.services import break_table
from vpt.tables.models import Table

Button = tuple[int | None, bool]  # (seat, dead button)


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(BytesIO(pdf)).pages)


def _row(html: str, number: int) -> str:
    """The HTML of table `number`'s row on the seats page or the tables overview."""
    start = html.index(f'<tr data-table="{number}"')
    return html[start : html.index("</tr>", start)]


def _partial(html: str) -> Button:
    """The button as `components/_button_seat.html` marks it."""
    found = re.search(r'data-button-seat="(\d+)"( data-dead-button)?', html)
    assert found, "no button shown"
    return int(found.group(1)), bool(found.group(2))


def everywhere(client: Client, table: Table) -> dict[str, Button]:
    """The next hand's button at `table` as each page, printout and API gives it."""
    event = table.event
    found: dict[str, Button] = {}
    found["seats page"] = _partial(
        _row(client.get(reverse("floor:seating", args=[event.slug])).content.decode(), table.number)
    )
    overview = client.get(reverse("floor:tables-overview", args=[event.slug])).content.decode()
    found["tables overview"] = _partial(_row(overview, table.number))
    found["dealer page"] = _partial(client.get(reverse("dealer:table", args=[table.pk])).content.decode())
    listing = pdf_text(client.get(reverse("floor:table-list", args=[event.slug])).content)
    line = re.search(rf"Table {table.number} · .*?button: seat (\d+)(, dead button)?", listing)
    assert line, listing
    found["table list"] = (int(line.group(1)), bool(line.group(2)))
    last = Hand.objects.filter(table=table, number=Table.objects.get(pk=table.pk).last_hand_number).first()
    if last is not None:  # the slip of the table's last hand names the next hand's button
        slip = pdf_text(client.get(reverse("dealer:hand-slip", args=[last.pk])).content).replace("\n", " ")
        note = re.search(r"Next hand: (dead button on seat (\d+)|.*?seat (\d+))", slip)
        assert note, slip
        found["slip"] = (int(note.group(2) or note.group(3)), note.group(2) is not None)
    api = client.get(reverse("api:table", args=[table.pk])).json()
    found["Table API"] = (api["button"], api["dead_button"])
    listed = client.get(f"/api/events/{event.slug}/tables").json()
    row = next(row for row in listed["tables"] if row["table"] == table.number)
    found["tables JSON"] = (row["button"], row["button"] not in [seat["seat"] for seat in row["seats"]])
    return found


def seat_roles(client: Client, table: Table) -> list[str]:
    """What the dealer page's seat list says of the seat that pays last."""
    return re.findall(
        r"<span data-seat-role>([^<]*)</span>", client.get(reverse("dealer:table", args=[table.pk])).content.decode()
    )


def agree(client: Client, table: Table, expected: Button) -> None:
    shown = everywhere(client, table)
    assert shown == dict.fromkeys(shown, expected)


@pytest.fixture
def room(director: User) -> Event:
    """Eight players with 300 chips at 100 a point (3-max): tables of 3, 3 and 2."""
    return make_event(director, [f"P{n}" for n in range(8)], starting_stack=300, levels=[100], seed=4)


def test_the_button_is_the_same_seat_everywhere(client_as_director: Client, director: User, room: Event) -> None:
    one, two, three = (Table.objects.get(event=room, number=n) for n in (1, 2, 3))
    first = table_state(one.pk).seats
    agree(client_as_director, one, (first[-1].number, False))

    # The button's player is eliminated and nobody plays Fantasyland: the button moves on to
    # the next occupied seat clockwise (the player left of it).
    play(one, [ACES_FULL, JACKS, QUEENS_FULL], director)
    assert first[-1].number not in [seat.number for seat in table_state(one.pk).seats]
    agree(client_as_director, one, (first[0].number, False))

    # The button's player is eliminated while another makes Fantasyland: the button holds on
    # the emptied seat, a dead button (the player before it acts last).
    order = table_state(two.pk).seats
    play(two, [JACKS, QUEENS_UP, ACES_FULL], director)
    dead = order[-1].number
    agree(client_as_director, two, (dead, True))
    assert [seat.number for seat in table_state(two.pk).seats][-1] != dead
    # One button on the dealer's page: with a dead button its seat list tags nobody "button";
    # the player before it acts last.
    assert seat_roles(client_as_director, two) == ["acts last"]
    assert seat_roles(client_as_director, one) == ["button"]

    # Table 3 is broken: its players fill the emptiest tables; a move never moves a button, and
    # the player seated on table 2's dead button has it for the Fantasyland hand (the hold).
    leaving = set(Seat.objects.filter(table=three, entry__isnull=False).values_list("entry_id", flat=True))
    break_table(three, actor=director)
    moved = Seat.objects.get(table=two, number=dead).entry
    assert moved is not None and moved.pk in leaving
    agree(client_as_director, one, (first[0].number, False))
    agree(client_as_director, two, (dead, False))
    assert table_state(two.pk).seats[-1].entry == moved
    listed = client_as_director.get(f"/api/events/{room.slug}/tables").json()
    assert [
        (row["table"], row["status"], row["button"], row["can_deal"], row["why_not"]) for row in listed["tables"]
    ] == [
        (1, "open", first[0].number, True, None),
        (2, "open", dead, True, None),
        (3, "broken", None, False, "table_closed"),
    ]


def test_a_table_whose_hand_is_not_stored_yet_says_so(client_as_director: Client, room: Event) -> None:
    """Between a break's end and the pass that deals the waiting tables, no page guesses a level:
    the table cannot deal yet and says why."""
    one = Table.objects.get(event=room, number=1)
    Table.objects.filter(pk=one.pk).update(next_level=None, next_chips_per_point=None)

    api = client_as_director.get(reverse("api:table", args=[one.pk])).json()
    listed = client_as_director.get(f"/api/events/{room.slug}/tables").json()
    page = client_as_director.get(reverse("dealer:table", args=[one.pk])).content.decode()

    assert (api["can_deal"], api["why_not"]) == (False, "not_dealt")
    row = next(row for row in listed["tables"] if row["table"] == 1)
    assert (row["can_deal"], row["why_not"], row["next_hand_chips_per_point"]) == (False, "not_dealt", None)
    assert 'data-cannot-deal="not_dealt"' in page and "The next hand is being dealt" in page
