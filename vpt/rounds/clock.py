"""The room's clock: the event clock (`vpt.clock.services`) fed with the room's facts.

room facts  what the tables, seats and hands tell the clock (`vpt.events.selectors.RoomFacts`):
            the open tables where a seated player is owed a Fantasyland hand, the hands played
            in each level counted in hands since the clock's anchor started, and when the last
            Fantasyland hand was recorded. Rounds is the lowest layer that sees all three, so it
            reads them here and passes them down; events never queries tables, seats or hands.

The clock services below are the events ones with this reader bound, and with the deal of the
next hand at every table that waited for a break to end (`deal_waiting`) done inside their
transaction: views, the job runner and `manage.py tick_clock` call these.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from datetime import datetime
from functools import wraps
from typing import Any

from django.db.models import Count, Max, Q

from vpt.clock import services as clock_services
from vpt.clock.display import clock_now as clock_at
from vpt.clock.selectors import ClockSnapshot, RoomFacts
from vpt.events.audit import bump_version
from vpt.events.models import Clock, Event
from vpt.seating.models import Seat
from vpt.seating.next_hand import deal_next_hands
from vpt.seating.services import deal_waiting_hands
from vpt.tables.models import Table

from .models import Hand


def room_facts(event: Event, *, clock: Clock | None = None) -> RoomFacts:
    """What the tables and hands of ``event`` tell its clock: 2 queries, 4 once the clock runs
    (one fewer with ``clock``, the event's Clock row when the caller has read it)."""
    fantasyland = Seat.objects.filter(
        table__event=event, table__status=Table.Status.OPEN, fantasyland_cards__gt=0, entry__isnull=False
    ).values_list("table__number", flat=True)
    if clock is not None:
        started_at = clock.started_at
    else:
        started_at = Clock.objects.filter(event=event).values_list("started_at", flat=True).first()
    if started_at is None:
        return RoomFacts(fantasyland_tables=tuple(sorted(set(fantasyland))))
    recorded = Hand.objects.filter(event=event, status=Hand.Status.RECORDED)
    hands_by_level: defaultdict[int, defaultdict[int, list[datetime]]] = defaultdict(lambda: defaultdict(list))
    for level, table, recorded_at in (
        recorded.filter(level__hands__isnull=False, recorded_at__gte=started_at)
        .order_by("number")
        .values_list("level__number", "table_id", "recorded_at")
    ):
        hands_by_level[level][table].append(recorded_at)
    return RoomFacts(
        fantasyland_tables=tuple(sorted(set(fantasyland))),
        hands_by_level={
            level: {table: tuple(times) for table, times in tables.items()} for level, tables in hands_by_level.items()
        },
        last_fantasyland_hand_at=recorded.filter(fantasyland=True).aggregate(last=Max("recorded_at"))["last"],
    )


def clock_now(event: Event, *, now: datetime | None = None) -> ClockSnapshot:
    """The clock of ``event`` as it shows at ``now``, computed (`vpt.clock.display.clock_now`)."""
    return clock_at(event, facts=room_facts(event), now=now)


def deal_waiting(event: Event) -> None:
    """Deal the next hand at every table of ``event`` that waited for a break to end, inside
    the clock service's transaction (``event`` locked by it): a break ends and its tables deal
    in one commit, so no page or API call ever sees the break over and a table `not_dealt`."""
    if deal_next_hands(event):
        bump_version(event.pk)


def _then_deal(service: Callable[..., Clock]) -> Callable[..., Clock]:
    """`service` with the room's facts and, in its own transaction, the next hand dealt at every
    table that waited for the break to end (a change of the clock may have ended it:
    ofc-rules.md, "Rounds, levels and breaks")."""

    @wraps(service)
    def run(event: Event, **kwargs: Any) -> Clock:
        return service(event, read_facts=room_facts, deal_waiting=deal_waiting, **kwargs)

    return run


start_clock = _then_deal(clock_services.start_clock)
pause_clock = _then_deal(clock_services.pause_clock)
resume_clock = _then_deal(clock_services.resume_clock)
adjust_clock = _then_deal(clock_services.adjust_clock)
sync_clock = _then_deal(clock_services.sync_clock)


def apply_clock_changes(*, now: datetime | None = None) -> int:
    """Store what time did to every running clock (`vpt.clock.services`), then deal the
    next hand at the tables a break that ended kept waiting: the job runner's pass."""
    changed = clock_services.apply_clock_changes(read_facts=room_facts, now=now, deal_waiting=deal_waiting)
    waiting = (
        Table.objects.filter(
            event__status=Event.Status.RUNNING, status=Table.Status.OPEN, next_chips_per_point__isnull=True
        )
        .annotate(seated=Count("seat_set", filter=Q(seat_set__entry__isnull=False)))
        .filter(seated__gte=2)
    )
    for event in Event.objects.filter(pk__in=waiting.values("event_id")).select_related("current_level"):
        deal_waiting_hands(event)
    return changed
