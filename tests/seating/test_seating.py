from collections import Counter

import pytest
from django.contrib.auth.models import User
from factories import make_event

from vpt.errors import NotAllowed, ServiceError
from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.seating.models import Seat
from vpt.seating.services import (
    balance_tables,
    break_table,
    draw_seats,
    move_player,
    open_table,
    seat_entry,
    table_sizes,
)
from vpt.tables.models import Table


def _event(director: User, players: int, slug: str = "seating", seats: int = 3) -> Event:
    """`players` registered, not seated yet."""
    names = [f"Player {i}" for i in range(players)]
    return make_event(director, names, name="Seating", slug=slug, draw=False, seats_per_table=seats)


def _layout(event: Event) -> list[tuple[int, int, int | None]]:
    return list(
        Seat.objects.filter(table__event=event)
        .order_by("table__number", "number")
        .values_list("table__number", "number", "entry__player__name")
    )


def test_table_sizes_are_balanced_without_a_table_of_one() -> None:
    assert table_sizes(10, 3) == [3, 3, 2, 2]
    assert table_sizes(7, 3) == [3, 2, 2]
    assert table_sizes(9, 4) == [3, 3, 3]
    with pytest.raises(ServiceError) as refused:
        table_sizes(5, 2)
    assert refused.value.code == "unbalanced"


def test_draw_seats_balanced_and_reproducible_from_the_seed(director: User) -> None:
    event = _event(director, 10)

    tables = draw_seats(event, actor=director, seed=42)

    assert [t.number for t in tables] == [1, 2, 3, 4]
    counts = Counter(
        Seat.objects.filter(table__event=event, entry__isnull=False).values_list("table__number", flat=True)
    )
    assert sorted(counts.values(), reverse=True) == [3, 3, 2, 2]
    first = _layout(event)
    event.refresh_from_db()
    assert event.seat_seed == 42 and event.status == Event.Status.RUNNING
    for table in Table.objects.filter(event=event):
        assert Seat.objects.get(table=table, number=table.button_seat).entry_id is not None

    draw_seats(event, actor=director)  # a redraw before any hand reuses the stored seed
    assert _layout(event) == first
    draw_seats(event, actor=director, seed=43)
    assert _layout(event) != first


def test_move_player_refuses_a_pending_fantasyland_and_a_table_of_one(director: User) -> None:
    event = _event(director, 8)  # 3-3-2
    draw_seats(event, actor=director, seed=1)
    big, _other, small = Table.objects.filter(event=event).order_by("number")
    seat = Seat.objects.filter(table=big, entry__isnull=False).first()
    Seat.objects.filter(pk=seat.pk).update(fantasyland_cards=14)

    with pytest.raises(ServiceError) as refused:
        move_player(seat.entry, to_table=small, actor=director)
    assert refused.value.code == "fantasyland_pending"

    lone = Seat.objects.filter(table=small, entry__isnull=False).first()
    with pytest.raises(ServiceError) as refused:
        move_player(lone.entry, to_table=big, actor=director)
    assert refused.value.code == "table_of_one"

    # Nobody leaves a table where someone plays Fantasyland next (ofc-rules.md, "Moves and
    # Fantasyland"): that hand is played first.
    mover = Seat.objects.filter(table=big, entry__isnull=False, fantasyland_cards=0).first().entry
    with pytest.raises(ServiceError) as refused:
        move_player(mover, to_table=small, actor=director)
    assert refused.value.code == "fantasyland_pending"

    Seat.objects.filter(pk=seat.pk).update(fantasyland_cards=0)  # the Fantasyland hand is played
    moved = move_player(mover, to_table=small, actor=director)
    assert moved.table == small and Seat.objects.get(entry=mover) == moved


def test_break_table_and_balance(director: User) -> None:
    event = _event(director, 7)  # 3-2-2
    draw_seats(event, actor=director, seed=3)
    tables = list(Table.objects.filter(event=event).order_by("number"))
    # Two players of table 1 are out: balancing breaks a table and evens the rest.
    for seat in Seat.objects.filter(table=tables[0], entry__isnull=False)[:2]:
        Entry.objects.filter(pk=seat.entry_id).update(status=Entry.Status.ELIMINATED, stack=0)
        Seat.objects.filter(pk=seat.pk).update(entry=None)

    done = balance_tables(event, actor=director)

    assert any("broken" in line for line in done)
    open_tables = Table.objects.filter(event=event, status=Table.Status.OPEN)
    counts = sorted(Seat.objects.filter(table__in=open_tables, entry__isnull=False).values_list("table_id", flat=True))
    assert len(open_tables) == 2 and sorted(Counter(counts).values()) == [2, 3]

    with pytest.raises(ServiceError) as refused:  # 5 players, one free seat elsewhere
        break_table(open_tables.order_by("number").first(), actor=director)
    assert refused.value.code == "no_free_seat"


def test_a_late_registration_gets_a_new_table_when_every_seat_is_taken(director: User) -> None:
    event = _event(director, 12)
    draw_seats(event, actor=director, seed=5)
    late = register_player(event, name="Late", actor=director)
    with pytest.raises(ServiceError) as refused:
        seat_entry(late, actor=director)
    assert refused.value.code == "no_free_seat"

    table = open_table(event, actor=director)
    seat_entry(late, actor=director, table=table)
    balance_tables(event, actor=director)

    assert table.number == 5
    sizes = Counter(
        Seat.objects.filter(table__event=event, entry__isnull=False).values_list("table__number", flat=True)
    )
    assert sorted(sizes.values()) == [2, 2, 3, 3, 3]
    assert sizes[5] == 2


def test_a_new_table_is_numbered_after_broken_ones_and_only_directors_open_it(
    director: User, dealer_user: User
) -> None:
    event = _event(director, 6)
    draw_seats(event, actor=director, seed=1)
    Table.objects.filter(event=event, number=2).update(status=Table.Status.BROKEN)

    table = open_table(event, actor=director)

    assert table.number == 3
    assert list(Seat.objects.filter(table=table).values_list("number", "entry")) == [(1, None), (2, None), (3, None)]
    with pytest.raises(NotAllowed):
        open_table(event, actor=dealer_user)
