"""The hand's read model (`vpt.rounds.hand_view`): one selector for any number of hands, who
pays whom from either side by the engine's rules, and each player named for the reader."""

from __future__ import annotations

from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from factories import play, repeat_hands

from vpt.events.models import Player
from vpt.people.models import Person
from vpt.people.services import set_person_hidden
from vpt.rounds.models import Hand
from vpt.rounds.selectors import hand_views, one_hand_view
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


def test_any_number_of_hands_in_three_queries(table: Table, director: User, django_assert_num_queries: Any) -> None:
    play(table, [QUEENS_FULL, JACKS, ACES_FULL], director)
    repeat_hands(table, 40)

    with django_assert_num_queries(3):
        one = hand_views(Hand.objects.filter(table=table, number=1), public=True)
    with django_assert_num_queries(3):
        many = hand_views(Hand.objects.filter(table=table).order_by("-number"), public=True)

    assert [view.hand.number for view in many] == list(range(40, 0, -1))
    assert many[-1].seats == one[0].seats and many[-1].exchanges == one[0].exchanges


def test_who_pays_whom_from_either_side(table: Table, director: User) -> None:
    # In payment order: Ana (queens full), Cid (jacks), Ben on the button (aces full).
    play(table, [QUEENS_FULL, JACKS, ACES_FULL], director)
    view = one_hand_view(Hand.objects.get(table=table), public=False)
    ana, cid, ben = view.seats

    assert [(x.payer, x.payee, x.chips_moved) for x in view.exchanges] == [
        (ana, cid, 300),
        (ana, ben, 100),
        (ben, cid, 300),
    ]
    for seat in view.seats:  # each exchange from the seat's side: + what it won, - what it paid
        mine = [x.from_side(seat) for x in view.exchanges if seat in (x.a, x.b)]
        assert all(x.a == seat for x in mine) and sum(x.chips_paid or 0 for x in mine) == seat.chips_won
    (ana_ben,) = [x.from_side(ben) for x in view.exchanges if {x.a, x.b} == {ana, ben}]
    assert (ana_ben.a, ana_ben.points, ana_ben.chips_paid, ana_ben.payer) == (ben, 1, 100, ana)


def test_each_reader_names_the_player_its_way(table: Table, director: User, client: Client) -> None:
    play(table, [QUEENS_FULL, JACKS, ACES_FULL], director)
    hand = Hand.objects.get(table=table)
    ana = Player.objects.get(event=table.event, name="Ana")
    # Ana came back to the tour spelled otherwise: her person keeps the name she had.
    Person.objects.filter(pk=ana.person_id).update(name="Ana Sánchez")
    set_person_hidden(Player.objects.get(event=table.event, name="Ben").person, hidden=True, actor=director)

    director_names = {seat.name for seat in one_hand_view(hand, public=False).seats}
    public_names = {seat.name for seat in one_hand_view(hand, public=True).seats}
    hands_json = client.get(f"/api/events/{table.event.slug}/hands").json()["hands"][0]

    assert director_names == {"Ana", "Ben", "Cid"}  # as the director typed them
    assert public_names == {"Ana Sánchez", "Hidden player", "Cid"}
    assert {player["name"] for player in hands_json["players"]} == public_names
    assert {x["a"] for x in hands_json["exchanges"]} | {x["b"] for x in hands_json["exchanges"]} == public_names
