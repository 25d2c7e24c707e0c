"""Hand-for-hand (floor.md, "Hand-for-hand"): one hand per round at every table, the clock
paused, eliminations of one round ranked across tables, and the end at the bubble."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import by_seat, entries_in_order, make_event

from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.models import Entry, Event
from vpt.money.payout_services import set_payout_structure
from vpt.money.prizes import event_prizes
from vpt.rounds.clock import clock_now, start_clock
from vpt.rounds.hand_for_hand import (
    hand_for_hand_status,
    start_hand_for_hand,
    stop_hand_for_hand,
    tables_still_playing,
)
from vpt.rounds.models import Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db

NINE = ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay", "Gus", "Hal", "Ivo"]
# 9 x 100 = 900: 279, 180, 135, 126, 99, 81 for places 1 to 6.
PERCENTAGES = ["31", "20", "15", "14", "11", "9"]


def _room(director: User) -> tuple[Event, list[Table]]:
    event = make_event(director, NINE, slug="bubble", seats_per_table=3, buy_in=Decimal("100"), fee=Decimal("0"))
    set_payout_structure(event, percentages=PERCENTAGES, unit=Decimal("1"), actor=director)
    start_clock(event, actor=director)
    return Event.objects.get(pk=event.pk), list(Table.objects.filter(event=event).order_by("number"))


def _play(table: Table, boards: list[dict[str, str]], director: User, *, loser_stack: int | None = None) -> Hand:
    """The table's next hand, boards in payment order; `loser_stack`: P1's stack before it (P1
    fouls with QUEENS_FOULED and is out when it is small)."""
    if loser_stack is not None:
        Entry.objects.filter(pk=entries_in_order(table)[0].pk).update(stack=loser_stack)
    state = table_state(table.pk)
    return record_hand(state.table, hand_number=state.next_hand_number, boards=by_seat(table, boards), actor=director)


def test_bubble_suggests_hand_for_hand_and_the_service_is_audited(director: User) -> None:
    event = make_event(director, NINE[:7], slug="seven", seats_per_table=3)
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1"), actor=director)
    assert hand_for_hand_status(event).suggested is None  # 7 left, 3 paid
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(ServiceError) as refused:
        start_hand_for_hand(event, actor=director)
    assert refused.value.code == "event_not_running"

    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    Entry.objects.filter(pk__in=Entry.objects.filter(event=event).values("pk")[:3]).update(status="eliminated")
    assert hand_for_hand_status(event).suggested == "money"  # 4 left = 3 paid + 1

    start_hand_for_hand(event, actor=director)
    with pytest.raises(ServiceError) as again:
        start_hand_for_hand(event, actor=director)
    assert again.value.code == "hand_for_hand_on"
    stop_hand_for_hand(event, actor=director)
    actions = list(AuditEntry.objects.filter(event_id=event.pk).values_list("action", flat=True).order_by("id"))
    assert actions[-2:] == ["rounds.start_hand_for_hand", "rounds.stop_hand_for_hand"]


def test_final_table_bubble_is_suggested(director: User) -> None:
    event = make_event(director, NINE[:4], slug="four", seats_per_table=3)
    assert hand_for_hand_status(event).suggested == "final_table"  # 4 left = one table + 1


def test_a_satellites_last_seat_is_suggested_and_ends_hand_for_hand_at_the_seats(
    director: User, client_as_director: Client
) -> None:
    target = make_event(director, ["Zoe", "Yan"], slug="target", buy_in=Decimal("100"), fee=Decimal("10"))
    # 9 x 110 = 990: 3 seats of 330, no cash.
    satellite = make_event(director, NINE, slug="sat", seats_per_table=3, buy_in=Decimal("110"), fee=Decimal("0"))
    Event.objects.filter(pk=satellite.pk).update(target=target, seat_value=Decimal("330"))
    start_clock(satellite, actor=director)
    satellite = Event.objects.get(pk=satellite.pk)
    out = Entry.objects.filter(event=satellite).order_by("pk").values("pk")
    Entry.objects.filter(pk__in=out[:4]).update(status="eliminated")
    assert hand_for_hand_status(satellite).suggested is None  # 5 left, 3 seats

    Entry.objects.filter(pk__in=out[:5]).update(status="eliminated")
    status = hand_for_hand_status(satellite)
    assert (status.suggested, status.seats) == ("last_seat", 3)  # 4 left = 3 seats + 1
    page = client_as_director.get(reverse("floor:tables-overview", args=["sat"])).content.decode()
    assert "The last seat" in page and "4 players left, 3 seats: play hand-for-hand?" in page

    assert start_hand_for_hand(satellite, actor=director).hand_for_hand_until == 3


def test_one_hand_per_round_then_the_next_round_everywhere(director: User) -> None:
    event, (a, b, c) = _room(director)
    start_hand_for_hand(event, actor=director)
    assert tables_still_playing(Event.objects.get(pk=event.pk)) == [1, 2, 3]

    _play(a, [JACKS, ACES_FULL, QUEENS_FULL], director)
    state = table_state(a.pk)
    assert (state.can_deal, state.why_not) == (False, "hand_for_hand")
    with pytest.raises(ServiceError) as refused:
        _play(a, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert refused.value.code == "hand_for_hand"
    _play(b, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert tables_still_playing(Event.objects.get(pk=event.pk)) == [3]
    assert table_state(b.pk).why_not == "hand_for_hand"

    _play(c, [JACKS, ACES_FULL, QUEENS_FULL], director)  # the last table of the round
    event.refresh_from_db()
    assert event.hand_for_hand_round == 2
    assert [table_state(t.pk).can_deal for t in (a, b, c)] == [True, True, True]
    assert tables_still_playing(event) == [1, 2, 3]


def test_the_clock_does_not_run_during_hand_for_hand(director: User) -> None:
    event, (a, _b, _c) = _room(director)
    now = timezone.now()
    before = clock_now(event, now=now).status
    start_hand_for_hand(event, actor=director, now=now)
    _play(a, [JACKS, ACES_FULL, QUEENS_FULL], director)
    later = clock_now(event, now=now + timedelta(minutes=25)).status
    assert later.paused and not later.running
    assert later.elapsed_seconds == before.elapsed_seconds
    stop_hand_for_hand(event, actor=director, now=now + timedelta(minutes=25))
    after = clock_now(event, now=now + timedelta(minutes=26)).status
    assert after.running and after.elapsed_seconds == before.elapsed_seconds + 60


def test_eliminations_of_one_round_rank_by_stack_and_equal_stacks_split_the_prizes(director: User) -> None:
    event, (a, b, c) = _room(director)
    start_hand_for_hand(event, actor=director)
    event.refresh_from_db()
    assert event.hand_for_hand_until == 6

    # Round 1: table 1 puts out a player who started the hand with 200, then table 2 one with
    # 100: same time, so the one with more chips finishes higher although out first.
    first = entries_in_order(a)[0]
    second = entries_in_order(b)[0]
    _play(a, [QUEENS_FOULED, ACES_FULL, JACKS], director, loser_stack=200)
    _play(b, [QUEENS_FOULED, ACES_FULL, JACKS], director, loser_stack=100)
    _play(c, [JACKS, ACES_FULL, QUEENS_FULL], director)
    places = dict(Entry.objects.filter(event=event, place__isnull=False).values_list("pk", "place"))
    assert places == {first.pk: 8, second.pk: 9}

    # Round 2: one player out at each of tables 1 and 2 with 100 chips each: they share 6th
    # (covering 6th and 7th: 81.00 + 0) and split it exactly.
    third = entries_in_order(a)[0]
    fourth = entries_in_order(b)[0]
    _play(a, [QUEENS_FOULED, ACES_FULL], director, loser_stack=100)
    _play(b, [QUEENS_FOULED, ACES_FULL], director, loser_stack=100)
    assert Event.objects.get(pk=event.pk).hand_for_hand  # table 3 still plays the round
    _play(c, [JACKS, ACES_FULL, QUEENS_FULL], director)

    places = dict(Entry.objects.filter(event=event, place__isnull=False).values_list("pk", "place"))
    assert (places[third.pk], places[fourth.pk]) == (6, 6)
    prizes = event_prizes(event)
    assert prizes.amounts[5] == Decimal("81.00")
    assert (prizes.prize_of(third.pk), prizes.prize_of(fourth.pk)) == (Decimal("40.50"), Decimal("40.50"))

    # 5 left <= 6 paid: the bubble burst, hand-for-hand ended by itself and the clock runs.
    event.refresh_from_db()
    assert not event.hand_for_hand
    assert AuditEntry.objects.filter(event_id=event.pk, action="rounds.end_hand_for_hand").count() == 1
    assert clock_now(event).status.running
    assert [table_state(t.pk).why_not for t in (a, b, c)] == ["too_few_players", "too_few_players", None]


def test_without_hand_for_hand_the_earlier_hand_finishes_lower(director: User) -> None:
    event, (a, b, _c) = _room(director)
    first = entries_in_order(a)[0]
    second = entries_in_order(b)[0]
    _play(a, [QUEENS_FOULED, ACES_FULL, JACKS], director, loser_stack=200)
    _play(b, [QUEENS_FOULED, ACES_FULL, JACKS], director, loser_stack=100)
    places = dict(Entry.objects.filter(event=event, place__isnull=False).values_list("pk", "place"))
    assert places == {first.pk: 9, second.pk: 8}


def test_a_fantasyland_hand_of_the_round_is_waited_for(director: User) -> None:
    from boards import QUEENS_UP

    event, (a, b, c) = _room(director)
    start_hand_for_hand(event, actor=director)
    _play(c, [QUEENS_UP, JACKS, ACES_FULL], director)  # P1 goes to Fantasyland at table 3
    _play(a, [JACKS, ACES_FULL, QUEENS_FULL], director)
    _play(b, [JACKS, ACES_FULL, QUEENS_FULL], director)
    # Round 2: tables 1 and 2 record, and wait for table 3's Fantasyland hand.
    assert table_state(c.pk).fantasyland
    _play(a, [JACKS, ACES_FULL, QUEENS_FULL], director)
    _play(b, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert tables_still_playing(Event.objects.get(pk=event.pk)) == [3]
    assert table_state(a.pk).why_not == "hand_for_hand"


def test_a_round_no_table_still_plays_moves_on(director: User) -> None:
    from vpt.rounds.hand_for_hand import move_on_finished_rounds
    from vpt.seating.models import Seat

    event, (a, b, c) = _room(director)
    start_hand_for_hand(event, actor=director)
    _play(a, [JACKS, ACES_FULL, QUEENS_FULL], director)
    _play(b, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert move_on_finished_rounds() == 0  # table 3 still plays the round
    # Two players leave table 3 before it records (moved, or out): a lone player plays nothing.
    for entry in entries_in_order(c)[:2]:
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.ELIMINATED, stack=0)
        Seat.objects.filter(entry=entry).update(entry=None)
    assert tables_still_playing(Event.objects.get(pk=event.pk)) == []
    assert move_on_finished_rounds() == 1  # the job runner's pass
    assert Event.objects.get(pk=event.pk).hand_for_hand_round == 2
    assert table_state(a.pk).can_deal and table_state(b.pk).can_deal
