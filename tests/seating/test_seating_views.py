"""The director's seating page: seat draw, moves and breaking tables, refusals as messages."""

from __future__ import annotations

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import make_event

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.seating.models import Seat
from vpt.seating.services import open_table
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director: User) -> Event:
    return make_event(director, [f"P{number}" for number in range(7)], name="Moves", draw=False, levels=[100])


def test_non_staff_refused(client: Client, event: Event, dealer_user: User) -> None:
    client.force_login(dealer_user)
    assert client.get(reverse("floor:seating", args=[event.slug])).status_code == 403
    assert client.post(reverse("floor:draw", args=[event.slug])).status_code == 403
    assert not Table.objects.exists()


def test_draw_move_and_break(client_as_director: Client, event: Event) -> None:
    response = client_as_director.post(reverse("floor:draw", args=[event.slug]), {"seed": "5"}, follow=True)
    assert "Seats drawn." in response.content.decode()
    assert sorted(Table.objects.filter(event=event).values_list("number", flat=True)) == [1, 2, 3]
    sizes = {t.number: Seat.objects.filter(table=t, entry__isnull=False).count() for t in Table.objects.all()}
    assert sorted(sizes.values()) == [2, 2, 3]

    # Moving a player away from a table of two would leave one alone: refused, as a message.
    two = next(t for t in Table.objects.all() if sizes[t.number] == 2)
    three = next(t for t in Table.objects.all() if sizes[t.number] == 3)
    lonely = Seat.objects.filter(table=two, entry__isnull=False).first()
    assert lonely is not None
    response = client_as_director.post(
        reverse("floor:move", args=[event.slug]), {"entry": lonely.entry_id, "table": three.pk}, follow=True
    )
    assert "would leave a player alone at the table" in response.content.decode()

    mover = Seat.objects.filter(table=three, entry__isnull=False).first()
    assert mover is not None
    response = client_as_director.post(
        reverse("floor:move", args=[event.slug]), {"entry": mover.entry_id, "table": two.pk}, follow=True
    )
    assert "moved to Table" in response.content.decode()
    assert Seat.objects.get(entry_id=mover.entry_id).table == two

    response = client_as_director.post(reverse("floor:break", args=[event.slug, two.pk]), {"confirm": "1"}, follow=True)
    page = response.content.decode()
    assert "broken" in page or "Not enough free seats" in page


def test_redraw_refused_after_a_hand_is_a_message(client_as_director: Client, event: Event, director: User) -> None:
    client_as_director.post(reverse("floor:draw", args=[event.slug]), {"seed": "5"})
    state = table_state(Table.objects.filter(event=event).first().pk)
    boards = {seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])}
    record_hand(state.table, hand_number=1, boards=boards, actor=director)
    response = client_as_director.post(reverse("floor:draw", args=[event.slug]), {}, follow=True)
    assert response.status_code == 200
    assert "Hands have been recorded; move players instead of redrawing." in response.content.decode()


def test_seat_a_late_entry(client_as_director: Client, event: Event, director: User) -> None:
    client_as_director.post(reverse("floor:draw", args=[event.slug]), {"seed": "5"})
    late = register_player(event, name="Late", actor=director)
    page = client_as_director.get(reverse("floor:seating", args=[event.slug])).content.decode()
    assert "Not seated" in page and "Late" in page
    client_as_director.post(reverse("floor:seat-entry", args=[event.slug, late.pk]))
    assert Entry.objects.get(pk=late.pk).seat.table.event == event


def test_open_a_new_table_from_the_seating_page(client_as_director: Client, event: Event, client: Client) -> None:
    client_as_director.post(reverse("floor:draw", args=[event.slug]), {"seed": "5"})

    page = client_as_director.get(reverse("floor:seating", args=[event.slug])).content.decode()
    response = client_as_director.post(reverse("floor:open-table", args=[event.slug]), {"confirm": "1"}, follow=True)

    assert reverse("floor:open-table", args=[event.slug]) in page
    assert "A new table is open" in response.content.decode()
    assert Table.objects.filter(event=event, number=4, status=Table.Status.OPEN).exists()


def test_breaking_a_table_asks_first_and_names_where_its_players_go(
    client_as_director: Client, event: Event, director: User
) -> None:
    client_as_director.post(reverse("floor:draw", args=[event.slug]), {"seed": "5"})  # 2, 2 and 3 players
    open_table(event, actor=director)  # table 4, empty
    three = next(t for t in Table.objects.all() if Seat.objects.filter(table=t, entry__isnull=False).count() == 3)
    players = set(Seat.objects.filter(table=three, entry__isnull=False).values_list("entry_id", flat=True))
    url = reverse("floor:break", args=[event.slug, three.pk])

    page = client_as_director.post(url).content.decode()

    assert Table.objects.get(pk=three.pk).status == Table.Status.OPEN  # nothing done yet
    assert '<input type="hidden" name="confirm" value="1">' in page
    assert f'action="{url}"' in page
    text = page.split("data-confirm-text><strong>")[1].split("</strong>")[0]

    client_as_director.post(url, {"confirm": "1"})

    assert Table.objects.get(pk=three.pk).status == Table.Status.BROKEN
    moved_to = sorted(set(Seat.objects.filter(entry_id__in=players).values_list("table__number", flat=True)))
    assert len(moved_to) == 2
    assert text == f"Break table {three.number}: its 3 players move to tables {moved_to[0]} and {moved_to[1]}."


def test_a_table_that_cannot_be_broken_says_so_before(client_as_director: Client, event: Event) -> None:
    client_as_director.post(reverse("floor:draw", args=[event.slug]), {"seed": "5"})  # 2, 2 and 3 of 3 seats
    two = next(t for t in Table.objects.all() if Seat.objects.filter(table=t, entry__isnull=False).count() == 2)

    page = client_as_director.post(reverse("floor:break", args=[event.slug, two.pk])).content.decode()

    assert f"Break table {two.number}: its 2 players need seats, but the other tables have too few free seats" in page


def test_the_confirmation_comes_inline_for_htmx(client_as_director: Client, event: Event) -> None:
    client_as_director.post(reverse("floor:draw", args=[event.slug]), {"seed": "5"})

    response = client_as_director.post(reverse("floor:open-table", args=[event.slug]), headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div class="panel confirm-panel"')
    assert f"Open table 4: a new table with {event.seats_per_table} empty seats." in html
    assert not Table.objects.filter(event=event, number=4).exists()
