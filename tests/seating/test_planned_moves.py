"""A Fantasyland is the player's, and balancing does what it suggests (ofc-rules.md, "Moves and
Fantasyland"): a moved player keeps a pending Fantasyland and plays it as their first hand at
the new table, whose button holds for it; a move "after the round" is planned and made by the
hand that ends the round there, or at once by "Move now"; a planned move can be cancelled."""

from __future__ import annotations

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from factories import make_event, play

from vpt.audit.models import AuditEntry
from vpt.errors import NotAllowed, ServiceError
from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.rounds.models import Board, Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.seating.models import PlannedMove, Seat, SeatMove
from vpt.seating.planned import cancel_planned_move, move_planned_now
from vpt.seating.services import balance_tables, break_table, move_player
from vpt.tables.models import Round, Table

THREE = [JACKS, ACES_FULL, QUEENS_FULL]


def knock_out(seat: Seat) -> None:
    Entry.objects.filter(pk=seat.entry_id).update(status=Entry.Status.ELIMINATED, stack=0)
    Seat.objects.filter(pk=seat.pk).update(entry=None)


def occupied(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table, entry__isnull=False).order_by("number"))


@pytest.fixture
def room(director: User) -> Event:
    """Seven players at tables of 3, 2 and 2, one chip a point: nobody goes out by chance."""
    return make_event(director, [f"P{n}" for n in range(7)], name="Moves Cup", levels=[1])


def lone_fantasyland(room: Event) -> tuple[Table, Table, Entry]:
    """Table 3 down to one player, who plays Fantasyland (16 cards) next; returns table 2 (two
    players: where they go), table 3 and that player."""
    two, three = (Table.objects.get(event=room, number=n) for n in (2, 3))
    first, second = occupied(three)
    knock_out(first)
    Seat.objects.filter(pk=second.pk).update(fantasyland_cards=16)
    return two, three, second.occupant


def test_a_broken_tables_lone_fantasyland_is_played_at_the_new_seat(room: Event, director: User) -> None:
    two, three, hans = lone_fantasyland(room)
    button = Table.objects.get(pk=two.pk).button_seat

    break_table(three, actor=director)

    seat = Seat.objects.get(entry=hans)
    assert seat.table_id == two.pk and seat.fantasyland_cards == 16
    state = table_state(two.pk)
    assert state.button_seat == button  # a move never moves the button
    assert state.fantasyland is True and state.can_deal
    hand = play(two, THREE, director)
    assert hand.fantasyland is True and hand.button_seat == button
    assert Board.objects.get(hand=hand, entry=hans).fantasyland_cards == 16
    assert Seat.objects.get(entry=hans).fantasyland_cards == 0  # played: no stay


def test_the_new_tables_button_holds_while_the_moved_players_fantasyland_goes_on(room: Event, director: User) -> None:
    """Hans stays in Fantasyland (quads at the bottom) in his first hand at table 2: the button
    there holds, as for anyone at the table playing Fantasyland next, whoever moved in."""
    two, _three, hans = lone_fantasyland(room)
    move_player(hans, to_table=two, actor=director)
    button = Table.objects.get(pk=two.pk).button_seat
    stay = {"top": "2c 3d 4h", "middle": "Kd Kc 5s 6h 7c", "bottom": "9c 9d 9h 9s Ah"}
    others = [
        {"top": "2d 3c 4c", "middle": "Th Tc 7d 8c 5d", "bottom": "Ac Ad As 6c 6s"},
        {"top": "2h 3h 4d", "middle": "Jc Jd 7h 8d 5c", "bottom": "Qs Qh Qc 2s 3s"},
    ]
    mine = Seat.objects.get(entry=hans).number
    boards = {mine: stay} | dict(zip([s.number for s in occupied(two) if s.number != mine], others))

    hand = record_hand(two, hand_number=table_state(two.pk).next_hand_number, boards=boards, actor=director)

    assert hand.button_seat == button and Board.objects.get(hand=hand, entry=hans).fantasyland_cards == 16
    assert Seat.objects.get(entry=hans).fantasyland_cards == 14
    assert Table.objects.get(pk=two.pk).button_seat == button


def test_nobody_leaves_a_table_where_someone_plays_fantasyland_next(room: Event, director: User) -> None:
    one, two = (Table.objects.get(event=room, number=n) for n in (1, 2))
    first, other, _third = occupied(one)
    Seat.objects.filter(pk=first.pk).update(fantasyland_cards=14)
    with pytest.raises(ServiceError) as refused:
        move_player(other.occupant, to_table=two, actor=director)
    assert refused.value.code == "fantasyland_pending"
    with pytest.raises(ServiceError) as refused:
        break_table(one, actor=director)
    assert refused.value.code == "fantasyland_pending"
    assert Seat.objects.get(pk=first.pk).fantasyland_cards == 14


@pytest.fixture
def mid_round(director: User) -> tuple[Table, Table, Entry]:
    """Eight players at tables of 3, 3 and 2; table 3 down to one, table 2 one hand into its
    round: balancing moves table 2's highest seat to table 3, after the round."""
    event = make_event(director, [f"P{n}" for n in range(8)], name="Round Cup", levels=[1])
    two, three = (Table.objects.get(event=event, number=n) for n in (2, 3))
    knock_out(occupied(three)[0])
    play(two, THREE, director)
    assert Round.objects.get(table=two, closed_at__isnull=True).button_moves == 1
    return two, three, occupied(two)[-1].occupant


def test_balancing_during_a_round_plans_the_move_and_the_round_makes_it(
    mid_round: tuple[Table, Table, Entry], director: User
) -> None:
    two, three, mover = mid_round
    seat = Seat.objects.get(entry=mover).number

    done = balance_tables(two.event, actor=director)

    planned = PlannedMove.objects.get()
    assert (planned.entry, planned.from_table, planned.to_table, planned.when) == (mover, two, three, "after_round")
    assert done == [f"{mover} moves from Table 2 to Table 3, seat {planned.to_seat}, after the round"]
    assert Seat.objects.get(entry=mover).table == two
    assert balance_tables(two.event, actor=director) == done  # again: the same plan, once
    assert PlannedMove.objects.count() == 1
    play(two, THREE, director)  # the round's second hand: the player stays
    assert Seat.objects.get(entry=mover).table == two
    assert not SeatMove.objects.filter(entry=mover).exists()

    play(two, THREE, director)  # the third button move ends the round

    new = Seat.objects.get(entry=mover)
    assert new.table == three and new.number == planned.to_seat
    assert not PlannedMove.objects.exists()
    move = SeatMove.objects.get(entry=mover)
    assert (move.from_table, move.from_seat, move.to_table) == (2, seat, 3)
    assert table_state(two.pk).can_deal and table_state(three.pk).can_deal
    made = AuditEntry.objects.get(action="seating.planned_move_made")
    assert made.entry_id == mover.pk
    assert made.summary == f"{mover} moved from table 2 to table 3, seat {new.number} (planned move)"


def test_a_cancelled_move_is_not_made(mid_round: tuple[Table, Table, Entry], director: User, dealer_user: User) -> None:
    two, three, mover = mid_round
    balance_tables(two.event, actor=director)
    planned = PlannedMove.objects.get()
    with pytest.raises(NotAllowed):
        cancel_planned_move(planned, actor=dealer_user)

    cancel_planned_move(planned, actor=director)

    assert not PlannedMove.objects.exists()
    assert AuditEntry.objects.filter(action="seating.planned_move_cancelled", entry_id=mover.pk).exists()
    for _hand in range(2):
        play(two, THREE, director)
    assert Seat.objects.get(entry=mover).table == two  # cancelled: nobody moves at the round's end

    balance_tables(two.event, actor=director)  # the round is over, the next not begun: now
    assert Seat.objects.get(entry=mover).table == three


def test_move_now_during_the_round(mid_round: tuple[Table, Table, Entry], director: User) -> None:
    _two, three, mover = mid_round
    balance_tables(three.event, actor=director)
    planned = PlannedMove.objects.get()

    seat = move_planned_now(planned, actor=director)

    assert seat.table_id == three.pk and Seat.objects.get(entry=mover) == seat
    assert not PlannedMove.objects.exists()
    with pytest.raises(ServiceError) as refused:
        move_planned_now(planned, actor=director)
    assert refused.value.code == "not_planned"


def test_move_now_waits_for_a_pending_fantasyland(mid_round: tuple[Table, Table, Entry], director: User) -> None:
    two, _three, mover = mid_round
    balance_tables(two.event, actor=director)
    other = next(seat for seat in occupied(two) if seat.entry_id != mover.pk)
    Seat.objects.filter(pk=other.pk).update(fantasyland_cards=14)
    with pytest.raises(ServiceError) as refused:
        move_planned_now(PlannedMove.objects.get(), actor=director)
    assert refused.value.code == "fantasyland_pending"


def test_the_overview_lists_planned_moves_and_the_player_page_says_so(
    mid_round: tuple[Table, Table, Entry], director: User, client: Client, client_as_director: Client
) -> None:
    two, _three, mover = mid_round
    event = two.event
    issue_player_links(event, actor=director)
    balance_tables(event, actor=director)
    planned = PlannedMove.objects.get()

    overview = client_as_director.get(reverse("floor:tables-overview", args=[event.slug])).content.decode()
    assert f'data-planned="{mover.pk}"' in overview and "Moves planned for after the round" in overview
    assert reverse("floor:planned-cancel", args=[event.slug, planned.pk]) in overview
    me = reverse("public:me", args=[live_player_tokens([mover])[mover.pk]])
    assert "You move to table 3 after this round." in client.get(me).content.decode()
    spanish = client.get(me, headers={"Accept-Language": "es"}).content.decode()
    assert "Pasas a la mesa 3 al terminar esta ronda." in spanish

    ask = client_as_director.post(reverse("floor:planned-now", args=[event.slug, planned.pk])).content.decode()
    assert f"{mover} leaves table 2 now, during its round, and plays from the next hand at table 3" in ask
    assert PlannedMove.objects.exists()  # nothing done before the confirmation
    client_as_director.post(reverse("floor:planned-cancel", args=[event.slug, planned.pk]))
    assert not PlannedMove.objects.exists()
    assert "You move to table" not in client.get(me).content.decode()


def test_every_confirmation_names_the_fantasyland_that_moves(room: Event, client_as_director: Client) -> None:
    two, three, hans = lone_fantasyland(room)
    line = f"{hans} keeps their Fantasyland (16 cards) and plays it as their first hand at table 2."

    broken = client_as_director.post(reverse("floor:break", args=[room.slug, three.pk])).content.decode()
    balanced = client_as_director.post(reverse("floor:balance", args=[room.slug])).content.decode()
    moved = client_as_director.post(
        reverse("floor:move", args=[room.slug]), {"entry": hans.pk, "table": two.pk}
    ).content.decode()

    for page in (broken, balanced, moved):
        assert line in page and 'name="confirm" value="1"' in page
    assert Seat.objects.get(entry=hans).table == three  # nothing done yet
    client_as_director.post(reverse("floor:balance", args=[room.slug]), {"confirm": "1"})
    assert Seat.objects.get(entry=hans).table == two and Seat.objects.get(entry=hans).fantasyland_cards == 16
    assert Table.objects.get(pk=three.pk).status == Table.Status.BROKEN
    assert Hand.objects.count() == 0
