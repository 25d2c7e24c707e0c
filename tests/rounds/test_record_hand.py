from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import RestrictedError

from vpt.audit.models import AuditEntry
from vpt.errors import Conflict, InvalidBoards, NotAllowed
from vpt.events.models import Entry, Event
from vpt.rounds.models import Board, Exchange, Hand
from vpt.rounds.selectors import hand_detail, table_state
from vpt.rounds.services import record_hand
from vpt.seating.models import Seat
from vpt.tables.models import Round, Table
from vpt.tables.services import assign_dealer


def test_record_hand_scores_settles_and_audits(table: Table, director: User, kit: Any) -> None:
    p1, p2, p3 = kit.entries_in_order(table)
    button = table_state(table.pk).button_seat

    hand = record_hand(
        table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )

    detail = hand_detail(hand)
    assert detail.chips_per_point == 100 and detail.button_seat == button
    assert [b.entry_id for b in detail.boards.all()] == [p1.pk, p2.pk, p3.pk]
    # P1 v P2: P1 wins top and middle, loses bottom: +1, royalties 8 - 6 -> +3.
    # P1 v P3: same rows, royalties 8 - 6 -> +3. P2 v P3: P2 wins top (9-high v 5-high) and
    # bottom (aces full v queens full), loses middle: +1, royalties 6 - 6 -> +1.
    assert [(x.points, x.chips_paid, x.capped, x.skipped) for x in detail.exchanges.all()] == [
        (3, 300, False, False),
        (3, 300, False, False),
        (1, 100, False, False),
    ]
    assert [b.points for b in detail.boards.all()] == [6, -2, -4]
    assert [(b.stack_before, b.stack_after) for b in detail.boards.all()] == [
        (10000, 10600),
        (10000, 9800),
        (10000, 9600),
    ]
    assert [b.royalties for b in detail.boards.all()] == [8, 6, 6]
    assert sorted(Entry.objects.values_list("stack", flat=True)) == [9600, 9800, 10600]
    table.refresh_from_db()
    assert table.last_hand_number == 1
    assert table.button_seat == table_state(table.pk).button_seat != button  # moved one seat clockwise
    assert table.button_seat == detail.boards.all()[0].seat_number  # P1 has the button now
    audit = AuditEntry.objects.get(action="rounds.hand_recorded")
    assert audit.actor == director and audit.object_id == str(hand.pk) and len(audit.after) == 3


def test_a_second_submit_of_the_same_hand_is_refused_not_doubled(table: Table, director: User, kit: Any) -> None:
    boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    record_hand(table, hand_number=1, boards=boards, actor=director)
    stacks = sorted(Entry.objects.values_list("stack", flat=True))

    with pytest.raises(Conflict) as refused:
        record_hand(table, hand_number=1, boards=boards, actor=director)

    assert refused.value.code == "already_recorded"
    assert "already recorded" in str(refused.value) and "next hand is 2" in str(refused.value)
    assert Hand.objects.count() == 1 and Board.objects.count() == 3 and Exchange.objects.count() == 3
    assert sorted(Entry.objects.values_list("stack", flat=True)) == stacks


def test_a_stale_hand_number_is_refused(table: Table, director: User, kit: Any) -> None:
    with pytest.raises(Conflict) as refused:
        record_hand(
            table,
            hand_number=3,
            actor=director,
            boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL]),
        )

    assert refused.value.code == "stale_hand"
    assert "next hand is 1" in str(refused.value)
    assert not Hand.objects.exists()


def test_a_dealer_records_only_at_the_assigned_table(director: User, dealer_user: User, kit: Any) -> None:
    event = kit.make_event(director, ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"])
    first, second = Table.objects.filter(event=event).order_by("number")
    assign_dealer(first, dealer=dealer_user, actor=director)
    boards = [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL]

    with pytest.raises(NotAllowed) as refused:
        record_hand(second, hand_number=1, boards=kit.by_position(second, boards), actor=dealer_user)
    assert refused.value.code == "forbidden"
    assert "not the dealer of table 2" in str(refused.value)

    record_hand(first, hand_number=1, boards=kit.by_position(first, boards), actor=dealer_user)
    assert Hand.objects.get().table == first


def test_someone_else_may_not_record(table: Table, kit: Any) -> None:
    passer_by = User.objects.create_user("passer-by")
    with pytest.raises(NotAllowed):
        record_hand(
            table,
            hand_number=1,
            actor=passer_by,
            boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL]),
        )


def test_button_holds_through_fantasyland_and_moves_after(table: Table, director: User, kit: Any) -> None:
    button = table_state(table.pk).button_seat
    p1 = kit.entries_in_order(table)[0]

    record_hand(
        table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.QUEENS_UP, kit.JACKS, kit.ACES_FULL])
    )

    table.refresh_from_db()
    assert table.button_seat == button  # held: P1 plays Fantasyland next hand
    assert Seat.objects.get(entry=p1).fantasyland_cards == 14
    assert table_state(table.pk).fantasyland is True
    assert kit.entries_in_order(table)[0] == p1  # the same payment order

    hand = record_hand(
        table, hand_number=2, actor=director, boards=kit.by_position(table, [kit.QUEENS_FULL, kit.JACKS, kit.ACES_FULL])
    )

    assert hand.fantasyland is True
    assert Board.objects.get(hand=hand, entry=p1).fantasyland_cards == 14
    assert Seat.objects.get(entry=p1).fantasyland_cards == 0  # queens full, no trips on top: no stay
    table.refresh_from_db()
    assert table.button_seat != button and table.button_seat == Seat.objects.get(entry=p1).number


def test_two_eliminated_in_one_hand_more_chips_finishes_higher(table: Table, director: User, kit: Any) -> None:
    p1, p2, p3 = kit.entries_in_order(table)
    Entry.objects.filter(pk=p1.pk).update(stack=100)
    Entry.objects.filter(pk=p2.pk).update(stack=150)

    hand = record_hand(
        table,
        hand_number=1,
        actor=director,
        boards=kit.by_position(table, [kit.QUEENS_FOULED, kit.ACES_FULL, kit.JACKS]),
    )

    # P2 wins 12 points from fouled P1 but P1 has only 100; P2 then loses 3 points (300) to P3
    # holding 250: both are out. P1-P3 is skipped: P1 was already out.
    exchanges = list(hand.exchanges.order_by("order"))
    assert [(x.chips_paid, x.capped, x.skipped) for x in exchanges] == [
        (-100, True, False),
        (0, True, True),
        (-250, True, False),
    ]
    entries = {e.pk: e for e in Entry.objects.all()}
    assert entries[p1.pk].status == entries[p2.pk].status == Entry.Status.ELIMINATED
    where = (hand.table.number, hand.number)
    assert (entries[p1.pk].eliminated_at_table, entries[p1.pk].eliminated_at_hand) == where
    assert (entries[p2.pk].eliminated_at_table, entries[p2.pk].eliminated_at_hand) == where
    assert (entries[p3.pk].place, entries[p2.pk].place, entries[p1.pk].place) == (1, 2, 3)
    assert entries[p3.pk].stack == 10000 + 250
    assert Event.objects.get().status == Event.Status.FINISHED
    assert Seat.objects.filter(entry__isnull=False).count() == 1


def test_equal_stacks_out_in_the_same_hand_share_the_place(director: User, kit: Any) -> None:
    event = kit.make_event(director, ["Ana", "Ben", "Cid", "Dan"], slug="four", seats_per_table=3)
    table = Table.objects.filter(event=event).order_by("number")[0]
    Entry.objects.filter(event=event).update(stack=10000)
    p1, p2 = kit.entries_in_order(table)
    Entry.objects.filter(pk__in=[p1.pk, p2.pk]).update(stack=100)
    # Two players per table: P1 fouls and loses everything.
    record_hand(table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.QUEENS_FOULED, kit.ACES_FULL]))
    other = Table.objects.filter(event=event).order_by("number")[1]
    q1, q2 = kit.entries_in_order(other)
    Entry.objects.filter(pk__in=[q1.pk, q2.pk]).update(stack=100)
    record_hand(other, hand_number=1, actor=director, boards=kit.by_position(other, [kit.QUEENS_FOULED, kit.ACES_FULL]))

    places = dict(Entry.objects.filter(event=event).values_list("player__name", "place"))
    assert places[str(p1)] == 4 and places[str(q1)] == 3


def test_sit_out_player_gets_the_auto_play_board(table: Table, director: User, kit: Any) -> None:
    dealt = "2c 3c 4c 5c 7d 8s 8h Kd 9s 9h Ad Ts Th 2d Js Jh 3d"
    other = {"top": "4h 6d 7h", "middle": "Ks Kc Qd Qs 6s", "bottom": "As Ac Ah 6c 6h"}
    third = {"top": "2h 3h 5d", "middle": "Tc Td 7c 7s 5s", "bottom": "Qh Jd 9c 9d 8d"}
    boards = kit.by_position(table, [{"dealt": dealt}, other, third])

    hand = record_hand(table, hand_number=1, boards=boards, actor=director)

    board = hand.boards.get(position=0)
    assert board.sat_out and board.dealt == dealt
    assert (board.top, board.middle, board.bottom) == ("Th Js Jh", "8s 8h 9s 9h Ts", "2c 3c 4c 5c 7d")


def test_unfinished_board_must_be_marked(table: Table, director: User, kit: Any) -> None:
    short = {**kit.JACKS, "top": "Jc Jd"}
    boards = kit.by_position(table, [short, kit.ACES_FULL, kit.QUEENS_FULL])
    with pytest.raises(InvalidBoards) as refused:
        record_hand(table, hand_number=1, boards=boards, actor=director)
    assert refused.value.code == "incomplete"
    assert "12 cards placed" in str(refused.value)

    boards = kit.by_position(table, [{**short, "unfinished": True}, kit.ACES_FULL, kit.QUEENS_FULL])
    hand = record_hand(table, hand_number=1, boards=boards, actor=director)
    board = hand.boards.get(position=0)
    assert board.unfinished and board.fouled and board.royalties == 0


def test_a_card_twice_at_the_table_names_seat_and_row(table: Table, director: User, kit: Any) -> None:
    clash = {**kit.QUEENS_FULL, "middle": "8h 8s 9h 9d Ks"}  # Ks is in ACES_FULL's middle
    boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, clash])
    seat = list(boards)[2]

    with pytest.raises(InvalidBoards) as refused:
        record_hand(table, hand_number=1, boards=boards, actor=director)

    assert str(refused.value) == f"seat {seat}, middle: Ks is used twice: each card can be on the table only once"
    assert refused.value.details == {"seat": seat, "row": "middle", "problem": "duplicate_card"}


def test_boards_must_match_the_seated_players(table: Table, director: User, kit: Any) -> None:
    boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    boards.pop(next(iter(boards)))
    with pytest.raises(InvalidBoards) as refused:
        record_hand(table, hand_number=1, boards=boards, actor=director)
    assert refused.value.code == "seats_mismatch"


def test_a_hand_keeps_the_level_it_was_dealt_at(table: Table, director: User, kit: Any) -> None:
    """Hand 1 was dealt at level 1 (100 a point) when the table opened. The level moves on to
    200 a point before it is recorded: it is still scored at 100. Hand 2, dealt when hand 1 was
    recorded, is played at 200."""
    from vpt.events.structure import advance_level

    boards = [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL]
    advance_level(table.event, actor=director)
    assert table_state(table.pk).chips_per_point == 100

    first = record_hand(table, hand_number=1, actor=director, boards=kit.by_position(table, boards))

    assert (first.chips_per_point, first.level.number) == (100, 1)
    assert first.exchanges.get(order=0).chips_paid == 300
    state = table_state(table.pk)
    assert (state.next_hand_number, state.level.number, state.chips_per_point) == (2, 2, 200)
    second = record_hand(table, hand_number=2, actor=director, boards=kit.by_position(table, boards))
    assert (second.chips_per_point, second.level.number) == (200, 2)
    assert second.exchanges.get(order=0).chips_paid == 600


def test_queries_per_hand_are_constant_and_under_30(
    director: User, kit: Any, django_assert_max_num_queries: Any
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for size, slug in ((3, "small"), (30, "large")):
        event = kit.make_event(director, [f"P{i}" for i in range(size)], slug=slug)
        table = Table.objects.filter(event=event).order_by("number")[0]
        boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
        table = Table.objects.get(pk=table.pk)
        with django_assert_max_num_queries(29), CaptureQueriesContext(connection) as queries:
            record_hand(table, hand_number=1, boards=boards, actor=director)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_round_ends_when_the_button_has_gone_around(table: Table, director: User, kit: Any) -> None:
    from vpt.errors import ServiceError
    from vpt.rounds.services import close_round

    for number in (1, 2):
        record_hand(
            table,
            hand_number=number,
            actor=director,
            boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL]),
        )
    with pytest.raises(ServiceError) as refused:
        close_round(table, actor=director)
    assert refused.value.code == "round_not_over"
    assert table_state(table.pk).round_complete is False

    hand = record_hand(
        table, hand_number=3, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    assert hand.round.number == 1 and table_state(table.pk).round_complete is True
    opened = close_round(table, actor=director)
    assert (opened.number, opened.button_moves) == (2, 0)
    rounds = [(r.number, r.button_moves, r.closed_at is None) for r in table.rounds.order_by("number")]
    assert rounds == [(1, 3, False), (2, 0, True)]


def test_the_hand_after_a_complete_round_opens_the_next_round(table: Table, director: User, kit: Any) -> None:
    boards = [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL]
    for number in (1, 2, 3):
        record_hand(table, hand_number=number, actor=director, boards=kit.by_position(table, boards))
    assert table_state(table.pk).round_complete is True

    fourth = record_hand(table, hand_number=4, actor=director, boards=kit.by_position(table, boards))

    state = table_state(table.pk)
    current = table.rounds.get(closed_at__isnull=True)
    assert fourth.round == current and current.number == 2
    assert (state.round_number, current.button_moves, state.round_complete) == (2, 1, False)


def test_a_round_goes_only_with_its_table_and_its_hands(table: Table, director: User, kit: Any) -> None:
    hand = record_hand(
        table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    with pytest.raises(RestrictedError):
        hand.round.delete()

    table.delete()
    assert not Hand.objects.filter(pk=hand.pk).exists() and not Round.objects.filter(pk=hand.round_id).exists()
