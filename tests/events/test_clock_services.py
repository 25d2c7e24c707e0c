"""The clock and payout services: actor checks, audit entries, the level put in force for
`record_hand`, breaks held for Fantasyland, levels by hands."""

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL, QUEENS_UP
from django.contrib.auth.models import User
from django.utils import timezone, translation
from factories import make_event, play

from vpt.audit.models import AuditEntry
from vpt.clock.rules import BreakKind
from vpt.errors import NotAllowed, ServiceError
from vpt.events.models import Clock, Event, PayoutStructure
from vpt.events.structure import advance_level
from vpt.money.payout_services import set_payout_structure
from vpt.rounds.clock import adjust_clock, clock_now, pause_clock, resume_clock, start_clock, sync_clock
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table

LEVELS = [
    {"chips_per_point": 100, "minutes": 20},
    {"chips_per_point": 200, "minutes": 20},
    {"chips_per_point": 100, "minutes": 10, "is_break": True},
    {"chips_per_point": 300, "minutes": 20},
]

# A Fantasyland board that does not stay (no trips on top, no quads on the bottom).
FL_DONE = {"top": "2c 3d 5h", "middle": "8h 8s 9h 9d Kc", "bottom": "Qs Qh Qc 2h 2d"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Messages in English whatever language an earlier test left active in this thread."""
    with translation.override("en"):
        yield


def clock_cup(director: User, levels: Any = LEVELS, players: int = 6) -> Event:
    return make_event(director, [f"P{n}" for n in range(players)], name="Clock Cup", seed=5, levels=levels)


def reload(event: Event) -> Event:
    return Event.objects.select_related("current_level").get(pk=event.pk)


def test_only_a_director_runs_the_clock(director: User, dealer_user: User) -> None:
    event = clock_cup(director)

    for service in (start_clock, pause_clock, resume_clock):
        with pytest.raises(NotAllowed):
            service(event, actor=dealer_user)
        with pytest.raises(NotAllowed):
            service(event, actor=None)
    with pytest.raises(NotAllowed):
        adjust_clock(event, actor=dealer_user, seconds=60)
    assert not Clock.objects.filter(event=event, started_at__isnull=False).exists()


def test_start_pause_resume_are_stored_and_audited(director: User) -> None:
    event = clock_cup(director)
    t0 = timezone.now()

    clock = start_clock(event, actor=director, now=t0)
    assert (clock.started_at, clock.level_number, clock.level_in_force) == (t0, 1, 1)
    pause_clock(event, actor=director, now=t0 + timedelta(minutes=5))
    resume_clock(event, actor=director, now=t0 + timedelta(minutes=8))

    snapshot = clock_now(reload(event), now=t0 + timedelta(minutes=10))
    assert snapshot.status.seconds_left == 13 * 60
    assert reload(event).status == Event.Status.RUNNING
    actions = list(
        AuditEntry.objects.filter(event_id=event.pk, object_type="events.clock")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["clock.started", "clock.paused", "clock.resumed"]


def test_clock_errors_have_codes(director: User) -> None:
    event = clock_cup(director)
    t0 = timezone.now()

    with pytest.raises(ServiceError) as not_started:
        pause_clock(event, actor=director, now=t0)
    start_clock(event, actor=director, now=t0)
    with pytest.raises(ServiceError) as twice:
        start_clock(event, actor=director, now=t0)
    with pytest.raises(ServiceError) as not_paused:
        resume_clock(event, actor=director, now=t0)
    with pytest.raises(ServiceError) as no_level:
        adjust_clock(event, actor=director, level=42, now=t0)

    assert [e.value.code for e in (not_started, twice, not_paused, no_level)] == [
        "not_started",
        "already_started",
        "not_paused",
        "no_such_level",
    ]
    assert str(twice.value) == "The clock is already running."


def test_time_puts_the_next_level_in_force_for_hands_dealt_after_it(director: User) -> None:
    event = clock_cup(director)
    t0 = timezone.now() - timedelta(minutes=25)
    start_clock(event, actor=director, now=t0)

    assert clock_now(reload(event), now=timezone.now()).needs_sync
    sync_clock(event, actor=None)

    event = reload(event)
    assert event.current_level.number == 2
    assert not clock_now(event, now=timezone.now()).needs_sync
    table = Table.objects.get(event=event, number=1)
    # Hand 1 was dealt at level 1 when the seats were drawn; hand 2 when hand 1 was recorded.
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert list(table.hands.order_by("number").values_list("chips_per_point", flat=True)) == [100, 200]
    assert AuditEntry.objects.filter(event_id=event.pk, action="clock.level_reached", actor=None).count() == 1


def test_adjusting_adds_time_or_goes_to_a_level(director: User) -> None:
    event = clock_cup(director)
    t0 = timezone.now()
    start_clock(event, actor=director, now=t0)

    adjust_clock(event, actor=director, seconds=120, now=t0 + timedelta(minutes=1))
    assert clock_now(reload(event), now=t0 + timedelta(minutes=1)).status.seconds_left == 21 * 60
    adjust_clock(event, actor=director, level=4, now=t0 + timedelta(minutes=2))

    event = reload(event)
    snapshot = clock_now(event, now=t0 + timedelta(minutes=3))
    assert (snapshot.status.level.number, snapshot.status.seconds_left) == (4, 19 * 60)
    assert event.current_level.number == 4


def test_a_level_changed_by_hand_restarts_the_clock_there(director: User) -> None:
    event = clock_cup(director)
    t0 = timezone.now() - timedelta(minutes=3)
    start_clock(event, actor=director, now=t0)

    advance_level(event, actor=director)  # the floor page's "next level"
    sync_clock(event, actor=None)

    snapshot = clock_now(reload(event), now=timezone.now())
    assert snapshot.status.level.number == 2
    assert snapshot.status.seconds_left in (1199, 1200)


def fantasyland_boards(table: Table) -> list[dict[str, str]]:
    """Boards in payment order: the Fantasyland player ends it, the others as usual."""
    others = iter([JACKS, ACES_FULL])
    return [FL_DONE if seat.fantasyland_cards else next(others) for seat in table_state(table.pk).seats]


def test_a_break_lets_the_hand_in_play_finish_and_waits_for_fantasyland(director: User) -> None:
    """ofc-rules.md, "Rounds, levels and breaks": when a break is due each table finishes the
    hand in play at its level; then only Fantasyland hands are dealt, until no Fantasyland
    remains at that table; the break's time starts when the last Fantasyland hand ends."""
    event = clock_cup(director)
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=39))  # level 2, 1 minute left
    one, two = Table.objects.get(event=event, number=1), Table.objects.get(event=event, number=2)
    # Hand 1 at both tables was dealt at the draw (level 1); hand 2 when hand 1 was recorded.
    play(one, [JACKS, ACES_FULL, QUEENS_FULL], director)
    play(two, [JACKS, QUEENS_UP, ACES_FULL], director)  # the second player: Fantasyland next
    assert (table_state(one.pk).chips_per_point, table_state(two.pk).fantasyland) == (200, True)

    adjust_clock(event, actor=director, seconds=-120)  # the director ends level 2: the break is due

    event = reload(event)
    assert event.current_level.is_break and event.status == Event.Status.ON_BREAK
    # Table 1's hand in play was dealt before the break: recorded at its level. Its second
    # player makes Fantasyland, so that table deals its Fantasyland hand, and nothing more.
    play(one, [JACKS, QUEENS_UP, ACES_FULL], director)
    assert one.hands.get(number=2).chips_per_point == 200
    status = clock_now(reload(event), now=timezone.now()).status
    assert status.break_status.message == "Break starts when tables 1 and 2 finish Fantasyland"
    play(one, fantasyland_boards(one), director)
    state = table_state(one.pk)
    assert (state.can_deal, state.why_not, state.chips_per_point) == (False, "on_break", None)
    with pytest.raises(ServiceError) as refused:
        play(one, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert refused.value.code == "on_break"
    assert status.seconds_left == 600  # held: the break has not started

    play(two, fantasyland_boards(two), director)  # the last Fantasyland hand in the room

    last = two.hands.get(number=2)
    assert (last.fantasyland, last.chips_per_point) == (True, 200)
    assert [h.chips_per_point for h in one.hands.order_by("number")] == [100, 200, 200]
    later = last.recorded_at + timedelta(minutes=4)
    sync_clock(event, actor=None, now=later)
    snapshot = clock_now(reload(event), now=later)
    assert snapshot.status.break_status.kind == BreakKind.ON_BREAK
    assert snapshot.status.seconds_left == 6 * 60  # the ten minutes started when that hand ended
    assert table_state(two.pk).why_not == "on_break"
    # When the break ends, every table deals its next hand at the level in force then.
    after = last.recorded_at + timedelta(minutes=10, seconds=1)
    sync_clock(event, actor=None, now=after)
    assert reload(event).current_level.number == 4
    assert [(table_state(t.pk).can_deal, table_state(t.pk).chips_per_point) for t in (one, two)] == [(True, 300)] * 2
    play(one, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert one.hands.get(number=4).chips_per_point == 300


def test_a_level_by_hands_ends_after_its_hands(director: User) -> None:
    event = clock_cup(director, levels=[{"chips_per_point": 100, "hands": 2}, {"chips_per_point": 200, "minutes": 20}])
    start_clock(event, actor=director)
    table = Table.objects.get(event=event, number=1)

    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert clock_now(reload(event), now=timezone.now()).status.hands_left == 1
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    sync_clock(event, actor=None)

    event = reload(event)
    assert event.current_level.number == 2
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert table.hands.get(number=3).chips_per_point == 200


def test_payout_structure_is_stored_and_audited(director: User, dealer_user: User) -> None:
    event = clock_cup(director)

    structure = set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("5"), actor=director)

    assert PayoutStructure.objects.get(event=event) == structure
    assert (structure.percentages, structure.unit) == (["50", "30", "20"], Decimal("5.00"))
    assert AuditEntry.objects.filter(event_id=event.pk, action="money.payout_structure_set").count() == 1
    with pytest.raises(ServiceError) as bad:
        set_payout_structure(event, percentages=["60", "30"], unit=Decimal("1"), actor=director)
    assert bad.value.code == "not_100"
    with pytest.raises(ServiceError) as bad_unit:
        set_payout_structure(event, percentages=["100"], unit=Decimal("0"), actor=director)
    assert bad_unit.value.code == "bad_unit"
    with pytest.raises(NotAllowed):
        set_payout_structure(event, percentages=["100"], unit=Decimal("1"), actor=dealer_user)
