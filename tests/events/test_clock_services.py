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

from vpt.errors import NotAllowed, ServiceError
from vpt.events.clock import BreakKind
from vpt.events.models import AuditEntry, Clock, Event, PayoutStructure
from vpt.events.payout_services import set_payout_structure
from vpt.events.structure import advance_level
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
        AuditEntry.objects.filter(event=event, object_type="events.clock")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["start_clock", "pause_clock", "resume_clock"]


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


def test_time_puts_the_next_level_in_force_for_recorded_hands(director: User) -> None:
    event = clock_cup(director)
    t0 = timezone.now() - timedelta(minutes=25)
    start_clock(event, actor=director, now=t0)

    assert clock_now(reload(event), now=timezone.now()).needs_sync
    sync_clock(event, actor=None)

    event = reload(event)
    assert event.current_level.number == 2
    assert not clock_now(event, now=timezone.now()).needs_sync
    table = Table.objects.get(event=event, number=1)
    play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert table.hands.get().chips_per_point == 200
    assert AuditEntry.objects.filter(event=event, action="clock_level", actor=None).count() == 1


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


def test_a_break_waits_for_fantasyland_and_starts_when_it_ends(director: User) -> None:
    event = clock_cup(director)
    table = Table.objects.get(event=event, number=2)
    # Seat order at table 2: the second player makes queens on top -> Fantasyland next hand.
    play(table, [JACKS, QUEENS_UP, ACES_FULL], director)
    assert table_state(table.pk).fantasyland
    start = timezone.now() - timedelta(minutes=41)
    start_clock(event, actor=director, now=start)

    sync_clock(event, actor=None)  # the break was due a minute ago

    event = reload(event)
    snapshot = clock_now(event, now=timezone.now())
    assert event.current_level.is_break and event.status == Event.Status.ON_BREAK
    assert snapshot.status.break_status.kind == BreakKind.WAITING
    assert snapshot.status.break_status.message == "Break starts when table 2 finishes Fantasyland"
    assert snapshot.status.seconds_left == 600
    # Other tables wait; table 2 plays its Fantasyland hand (at the last level's chips per point).
    with pytest.raises(ServiceError) as waiting:
        play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)
    assert waiting.value.code == "on_break"
    order = table_state(table.pk).seats
    others = iter([JACKS, ACES_FULL])
    boards = [FL_DONE if seat.fantasyland_cards else next(others) for seat in order]
    play(table, boards, director)
    ended = table.hands.get(number=2)
    assert ended.fantasyland and ended.chips_per_point == 200

    later = ended.recorded_at + timedelta(minutes=4)
    sync_clock(event, actor=None, now=later)

    snapshot = clock_now(reload(event), now=later)
    assert snapshot.status.break_status.kind == BreakKind.ON_BREAK
    assert snapshot.status.seconds_left == 6 * 60  # the ten minutes started when the hand ended
    after = clock_now(reload(event), now=ended.recorded_at + timedelta(minutes=10, seconds=1))
    assert after.status.level.number == 4


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
    assert AuditEntry.objects.filter(event=event, action="set_payout_structure").count() == 1
    with pytest.raises(ServiceError) as bad:
        set_payout_structure(event, percentages=["60", "30"], unit=Decimal("1"), actor=director)
    assert bad.value.code == "not_100"
    with pytest.raises(ServiceError) as bad_unit:
        set_payout_structure(event, percentages=["100"], unit=Decimal("0"), actor=director)
    assert bad_unit.value.code == "bad_unit"
    with pytest.raises(NotAllowed):
        set_payout_structure(event, percentages=["100"], unit=Decimal("1"), actor=dealer_user)
