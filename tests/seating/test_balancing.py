"""Balancing suggestions (vpt.seating.balancing): pure, no database."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vpt.seating import balancing
from vpt.seating.balancing import (
    Move,
    Reason,
    SeatedPlayer,
    TableState,
    When,
    suggest_moves,
)

_ids = iter(range(1, 10**9))


def table(
    number: int, seats: list[int], *, fantasyland: tuple[int, ...] = (), in_round: bool = False, size: int = 3
) -> TableState:
    players = []
    for seat in seats:
        entry_id = number * 100 + seat
        players.append(SeatedPlayer(entry_id, f"P{entry_id}", seat, fantasyland=seat in fantasyland))
    return TableState(number, size, tuple(players), round_in_progress=in_round)


def moved(plan: balancing.Plan) -> list[tuple[int, int, int, int, When, Reason]]:
    return [(m.from_table, m.from_seat, m.to_table, m.to_seat, m.when, m.reason) for m in plan.moves]


def test_balanced_tables_need_nothing() -> None:
    plan = suggest_moves([table(1, [1, 2, 3]), table(2, [1, 2, 3]), table(3, [1, 3])], max_seats=3)

    assert plan.moves == () and plan.break_tables == ()
    assert not plan.needs_action and not plan.unbalanced and plan.short_tables == ()
    assert plan.final_table is None
    assert plan.counts_after == ((1, 3), (2, 3), (3, 2))


def test_tables_that_differ_by_two_get_one_move() -> None:
    plan = suggest_moves([table(1, [1, 2, 3]), table(2, [1, 2, 3]), table(3, [1, 2, 3]), table(4, [2])], max_seats=3)

    assert plan.unbalanced and plan.short_tables == (4,)
    # 10 players at 4 tables: 3, 3, 2, 2. Tables 1 and 2 keep three; table 3 gives up its
    # highest seat, and table 4 fills its lowest free seat.
    assert moved(plan) == [(3, 3, 4, 1, When.NOW, Reason.BALANCE)]
    assert plan.counts_after == ((1, 3), (2, 3), (3, 2), (4, 2))


def test_a_short_table_is_filled_even_when_within_one() -> None:
    # Four-handed tables (classic): 4, 4, 3 is fine; 2, 1 would not be.
    plan = suggest_moves([table(1, [1, 2], size=4), table(2, [3], size=4), table(3, [1, 2, 3, 4], size=4)], max_seats=4)

    assert plan.short_tables == (2,)
    # 7 players need 2 tables: table 2 (1 player, highest of the emptiest) breaks.
    assert plan.break_tables == (2,)
    assert moved(plan) == [(2, 3, 1, 3, When.NOW, Reason.BREAK)]


def test_the_emptiest_highest_table_breaks_as_the_field_shrinks() -> None:
    plan = suggest_moves([table(1, [1, 2]), table(2, [1, 3]), table(3, [2, 3])], max_seats=3)

    assert plan.break_tables == (3,)
    assert moved(plan) == [
        (3, 2, 1, 3, When.NOW, Reason.BREAK),
        (3, 3, 2, 2, When.NOW, Reason.BREAK),
    ]
    assert plan.counts_after == ((1, 3), (2, 3))


def test_breaking_prefers_the_table_with_fewest_players() -> None:
    plan = suggest_moves([table(1, [1]), table(2, [1, 2, 3]), table(3, [1, 2]), table(4, [1, 2, 3])], max_seats=3)

    assert plan.break_tables == (1,)
    assert moved(plan) == [(1, 1, 3, 3, When.NOW, Reason.BREAK)]


def test_players_do_not_leave_during_a_round() -> None:
    plan = suggest_moves(
        [table(1, [1, 2], in_round=True), table(2, [1, 3]), table(3, [1, 2], in_round=True)], max_seats=3
    )

    assert plan.break_tables == (3,)
    assert [m.when for m in plan.moves] == [When.AFTER_ROUND, When.AFTER_ROUND]


def test_a_table_with_fantasyland_pending_is_kept() -> None:
    plan = suggest_moves([table(1, [1, 2]), table(2, [1, 2]), table(3, [1, 2], fantasyland=(2,))], max_seats=3)

    assert plan.break_tables == (2,)
    assert {m.to_table for m in plan.moves} == {1, 3}


def test_a_fantasyland_player_is_never_the_one_moved_to_balance() -> None:
    plan = suggest_moves([table(1, [1, 2, 3], fantasyland=(3,)), table(2, [1])], max_seats=3)

    # 4 players: 2 and 2. Seat 3 plays Fantasyland, so seat 2 goes, after the Fantasyland hand
    # (it continues the table's round).
    assert moved(plan) == [(1, 2, 2, 2, When.AFTER_FANTASYLAND, Reason.BALANCE)]


def test_the_table_with_fantasyland_keeps_the_odd_player() -> None:
    plan = suggest_moves(
        [table(1, [1, 2, 3]), table(2, [1, 2, 3]), table(3, [1, 2, 3], fantasyland=(3,)), table(4, [2])],
        max_seats=3,
    )

    # 10 players: 3, 3, 2, 2; table 3 (Fantasyland) keeps three, table 2 gives one.
    assert moved(plan) == [(2, 3, 4, 1, When.NOW, Reason.BALANCE)]


def test_when_only_fantasyland_tables_can_break_the_moves_wait_for_fantasyland() -> None:
    plan = suggest_moves(
        [table(1, [1, 2], fantasyland=(1,)), table(2, [1, 2], fantasyland=(2,)), table(3, [1, 2], fantasyland=(1,))],
        max_seats=3,
    )

    assert plan.break_tables == (3,)
    assert [m.when for m in plan.moves] == [When.AFTER_FANTASYLAND, When.AFTER_FANTASYLAND]


def test_the_final_table() -> None:
    plan = suggest_moves([table(1, [1, 3]), table(2, [2], in_round=True)], max_seats=3)

    assert plan.final_table == 1 and plan.tables_needed == 1
    assert plan.break_tables == (2,)
    # A lone player has nobody to play the round with: they move at once.
    assert moved(plan) == [(2, 2, 1, 2, When.NOW, Reason.FINAL_TABLE)]
    plan = suggest_moves([table(1, [1, 3]), table(2, [2, 3], in_round=True)], max_seats=3)
    assert plan.final_table is None
    plan = suggest_moves([table(1, [1]), table(2, [2, 3], in_round=True)], max_seats=3)
    assert moved(plan) == [(1, 1, 2, 1, When.NOW, Reason.FINAL_TABLE)]


def test_a_lone_player_with_fantasyland_moves_now() -> None:
    plan = suggest_moves([table(1, [1, 3]), table(2, [2], fantasyland=(2,), in_round=True)], max_seats=3)

    assert moved(plan) == [(2, 2, 1, 2, When.NOW, Reason.FINAL_TABLE)]


def test_one_table_left_is_the_final_table_with_nothing_to_do() -> None:
    plan = suggest_moves([table(4, [1, 2, 3])], max_seats=3)

    assert plan.final_table == 4 and not plan.needs_action


def test_the_last_player_finishes_the_event() -> None:
    plan = suggest_moves([table(1, [2]), table(2, [])], max_seats=3)

    assert plan.finished and plan.moves == () and plan.final_table is None


def test_an_empty_table_is_broken_without_moves() -> None:
    plan = suggest_moves([table(1, [1, 2, 3]), table(2, [1, 2]), table(3, [])], max_seats=3)

    assert plan.break_tables == (3,) and plan.moves == ()


def test_a_smaller_table_gets_no_more_than_its_seats() -> None:
    plan = suggest_moves(
        [table(1, [1, 2, 3, 4], size=4), table(2, [1, 2], size=2), table(3, [1, 2], size=4)], max_seats=4
    )

    assert dict(plan.counts_after) == {1: 4, 3: 4}
    assert plan.break_tables == (2,)


def test_more_players_than_seats_is_an_error() -> None:
    with pytest.raises(ValueError):
        suggest_moves([TableState(1, 2, tuple(SeatedPlayer(i, "x", i) for i in (1, 2, 3)))], max_seats=2)


# Properties over random rooms


@st.composite
def rooms(draw: st.DrawFn) -> tuple[list[TableState], int]:
    max_seats = draw(st.integers(min_value=3, max_value=4))
    tables = []
    for number in range(1, draw(st.integers(min_value=1, max_value=12)) + 1):
        seats = draw(st.lists(st.integers(min_value=1, max_value=max_seats), unique=True, max_size=max_seats))
        fantasyland = draw(st.sets(st.sampled_from(seats))) if seats and draw(st.booleans()) else set()
        tables.append(
            table(number, seats, fantasyland=tuple(fantasyland), in_round=draw(st.booleans()), size=max_seats)
        )
    return tables, max_seats


@given(rooms())
def test_every_plan_leaves_the_room_balanced(room: tuple[list[TableState], int]) -> None:
    tables, max_seats = room
    plan = suggest_moves(tables, max_seats=max_seats)
    if plan.finished:
        return

    seats = {(t.number, p.seat): p.entry_id for t in tables for p in t.players}
    for move in plan.moves:
        del seats[(move.from_table, move.from_seat)]
    for move in plan.moves:
        assert (move.to_table, move.to_seat) not in seats  # a free seat, given once
        seats[(move.to_table, move.to_seat)] = move.entry_id
    counts = Counter(number for number, _ in seats)

    assert sorted(counts.items()) == sorted(c for c in plan.counts_after if c[1])
    assert max(counts.values()) - min(counts.values()) <= 1
    assert min(counts.values()) >= balancing.MIN_PLAYERS
    assert len(counts) == plan.tables_needed
    assert not set(counts) & set(plan.break_tables)
    assert len({m.entry_id for m in plan.moves}) == len(plan.moves)
    by_number = {t.number: t for t in tables}
    for move in plan.moves:
        source = by_number[move.from_table]
        if source.count < balancing.MIN_PLAYERS:  # a lone player moves at once, Fantasyland or not
            assert move.when == When.NOW
        elif source.pinned:
            assert move.when == When.AFTER_FANTASYLAND
        elif source.round_in_progress:
            assert move.when == When.AFTER_ROUND
        else:
            assert move.when == When.NOW
    # Nobody moves from a table that keeps its players, unless it had too many.
    for number, target in plan.counts_after:
        leaving = sum(1 for m in plan.moves if m.from_table == number)
        assert leaving == max(0, by_number[number].count - target)


@given(rooms())
def test_a_fantasyland_player_moves_only_when_nobody_else_can(room: tuple[list[TableState], int]) -> None:
    tables, max_seats = room
    plan = suggest_moves(tables, max_seats=max_seats)

    breaking = set(plan.break_tables)
    for move in plan.moves:
        source = next(t for t in tables if t.number == move.from_table)
        player = next(p for p in source.players if p.seat == move.from_seat)
        if player.fantasyland and source.number not in breaking:
            others = [p for p in source.players if not p.fantasyland]
            leaving = [m for m in plan.moves if m.from_table == source.number]
            assert len(leaving) > len(others)


def test_move_is_a_plain_record() -> None:
    move = Move(1, "Ana", 2, 3, 1, 1, When.NOW, Reason.BALANCE)

    assert (str(move.when), str(move.reason)) == ("now", "balance")
