"""Hand-for-hand at the bubble (floor.md, "Hand-for-hand").

hand-for-hand round  while hand-for-hand is on (`Event.hand_for_hand`), every open table that
                 can play (two players or more) plays exactly one hand per round
                 (`Event.hand_for_hand_round`, a number that only grows). A table that has
                 recorded its hand of the round (`Table.hand_for_hand_round`) deals nothing
                 (`why_not: "hand_for_hand"`, `vpt.seating.next_hand`); when the last one
                 records, the round number moves on and `record_hand` deals the next hand
                 everywhere at once (the tables waiting are its "waiting tables").
still playing    the open tables that can play and have not recorded their hand of the round:
                 what the waiting dealers' pages name.
same time        players out in one round, at one table or several, went out together: every
                 hand of the round counts as the round's last hand for the order of
                 eliminations (`elimination_keys`), so more chips at hand start finishes higher
                 and equal stacks share the place (`vpt.events.places.compute_places`) and
                 split its prizes (`vpt.events.payouts.share_places`).
bubble           players left = places paid + 1 (the money bubble), a satellite's seats + 1
                 (the last seat: `vpt.events.satellites.satellite_seats`) or one table + 1
                 (the final-table bubble): the event suggests hand-for-hand (`suggestion`). When it
                 is switched on, it ends by itself at the end of the round after which players
                 left is at most the bubble it was started for (`Event.hand_for_hand_until`):
                 the round in which the bubble bursts is finished first, so everyone out in it
                 shares the same time. The clock is paused while it is on (it resumes when it
                 ends, if hand-for-hand paused it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.clock.services import hold_clock
from vpt.clock.steady import steady_now
from vpt.errors import ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Entry, Event, PayoutStructure
from vpt.events.satellites import satellite_seats
from vpt.events.services import lock_event
from vpt.seating.models import Seat
from vpt.seating.next_hand import deal_next_hands
from vpt.tables.models import Table

from .clock import room_facts
from .models import Hand

__all__ = [
    "HandForHand",
    "bubble_target",
    "elimination_keys",
    "hand_for_hand_recorded",
    "hand_for_hand_status",
    "move_on_finished_rounds",
    "start_hand_for_hand",
    "stop_hand_for_hand",
    "suggestion",
    "tables_still_playing",
]

MONEY = "money"
LAST_SEAT = "last_seat"
FINAL_TABLE = "final_table"


def suggestion(*, players_left: int, places_paid: int, seats_per_table: int, seats: int | None = None) -> str | None:
    """Which bubble the event is on (hand-for-hand is suggested), or None. `seats`: the tickets
    a satellite awards (None: not a satellite); its last seat is the bubble that matters.

    >>> suggestion(players_left=10, places_paid=9, seats_per_table=3)
    'money'
    >>> suggestion(players_left=4, places_paid=9, seats_per_table=3)
    'final_table'
    >>> suggestion(players_left=8, places_paid=9, seats_per_table=3) is None
    True
    >>> suggestion(players_left=4, places_paid=4, seats_per_table=3, seats=3)
    'last_seat'
    """
    if seats and players_left == seats + 1:
        return LAST_SEAT
    if places_paid and players_left == places_paid + 1:
        return MONEY
    if seats_per_table and players_left == seats_per_table + 1:
        return FINAL_TABLE
    return None


def bubble_target(*, players_left: int, places_paid: int, seats_per_table: int, seats: int | None = None) -> int | None:
    """The players left at which hand-for-hand started now ends by itself: the next bubble
    below (a satellite's seats, places paid, else one table), or None (only the director ends it).

    >>> bubble_target(players_left=10, places_paid=9, seats_per_table=3)
    9
    >>> bubble_target(players_left=5, places_paid=9, seats_per_table=3)
    3
    >>> bubble_target(players_left=3, places_paid=9, seats_per_table=3) is None
    True
    >>> bubble_target(players_left=4, places_paid=4, seats_per_table=3, seats=3)
    3
    """
    below = [count for count in (seats, places_paid, seats_per_table) if count and count < players_left]
    return max(below) if below else None


def elimination_keys(rows: Iterable[tuple[int, int, int, int | None]]) -> dict[int, tuple[int, int]]:
    """The order of eliminations `compute_places` reads (entry id -> (hand key, stack at hand
    start)) from rows (entry id, hand id, stack at hand start, hand-for-hand round or None):
    the hands of one hand-for-hand round share the key of its last hand.

    >>> elimination_keys([(1, 10, 500, 4), (2, 12, 500, 4), (3, 11, 900, None)])
    {1: (12, 500), 2: (12, 500), 3: (11, 900)}
    """
    rows = list(rows)
    last: dict[int, int] = {}
    for _entry, hand_id, _stack, round_number in rows:
        if round_number is not None:
            last[round_number] = max(last.get(round_number, 0), hand_id)
    return {
        entry_id: (last[round_number] if round_number is not None else hand_id, stack)
        for entry_id, hand_id, stack, round_number in rows
    }


def tables_still_playing(event: Event) -> list[int]:
    """The numbers of the open tables that can play and have not recorded their hand of the
    event's hand-for-hand round (none when it is off): 1 query."""
    if not event.hand_for_hand:
        return []
    counts = (
        Seat.objects.filter(
            table__event=event,
            table__status=Table.Status.OPEN,
            table__hand_for_hand_round__lt=event.hand_for_hand_round,
            entry__isnull=False,
        )
        .values("table__number")
        .annotate(seated=Count("id"))
        .filter(seated__gte=event.ruleset.min_players)
    )
    return sorted(row["table__number"] for row in counts)


def _players_left(event: Event) -> int:
    return Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()


def _places_paid(event: Event) -> int:
    percentages = PayoutStructure.objects.filter(event=event).values_list("percentages", flat=True).first()
    return len(percentages or [])


@dataclass(frozen=True)
class HandForHand:
    """What the pages say about hand-for-hand: on or off, the round, the tables still
    playing it, the bubble suggested (`MONEY`, `FINAL_TABLE` or None) and the counts."""

    on: bool
    round_number: int
    still_playing: list[int]
    suggested: str | None
    players_left: int
    places_paid: int
    ends_at: int | None
    seats: int | None = None  # a satellite's tickets


def hand_for_hand_status(event: Event) -> HandForHand:
    """Hand-for-hand as the director's, dealers' and public pages show it: 3 queries (4 for a
    satellite: its pool)."""
    left, paid, seats = _players_left(event), _places_paid(event), satellite_seats(event)
    finished = event.status == Event.Status.FINISHED
    return HandForHand(
        on=event.hand_for_hand,
        round_number=event.hand_for_hand_round,
        still_playing=tables_still_playing(event),
        suggested=None
        if event.hand_for_hand or finished
        else suggestion(
            players_left=left,
            places_paid=paid,
            seats_per_table=event.seats_per_table,
            seats=seats,
        ),
        players_left=left,
        places_paid=paid,
        ends_at=event.hand_for_hand_until if event.hand_for_hand else None,
        seats=seats,
    )


@transaction.atomic(durable=True)
def start_hand_for_hand(event: Event, *, actor: Actor, now: datetime | None = None) -> Event:
    """Switch hand-for-hand on: a new round starts (the hands in play are its hands), the clock
    is paused, and the bubble it ends at is fixed from the players left now."""
    ensure_director(actor)
    event = lock_event(event.pk)
    if event.hand_for_hand:
        raise ServiceError(_("Hand-for-hand is already on."), code="hand_for_hand_on")
    if event.status not in (Event.Status.RUNNING, Event.Status.ON_BREAK):
        raise ServiceError(_("Hand-for-hand is played only while the event runs."), code="event_not_running")
    left = _players_left(event)
    event.hand_for_hand = True
    event.hand_for_hand_round += 1
    event.hand_for_hand_until = bubble_target(
        players_left=left,
        places_paid=_places_paid(event),
        seats_per_table=event.seats_per_table,
        seats=satellite_seats(event),
    )
    event.hand_for_hand_paused_clock = hold_clock(event, paused=True, now=now or steady_now(), facts=room_facts(event))
    event.save(
        update_fields=["hand_for_hand", "hand_for_hand_round", "hand_for_hand_until", "hand_for_hand_paused_clock"]
    )
    deal_next_hands(event)  # a table held for being ahead plays its hand of the round
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="rounds.start_hand_for_hand",
        obj=event,
        args={"round": event.hand_for_hand_round},
        after={
            "players_left": left,
            "ends_at": event.hand_for_hand_until,
            "clock_paused": event.hand_for_hand_paused_clock,
        },
    )
    return event


def _switch_off(event: Event, *, now: datetime) -> bool:
    """Hand-for-hand off, the clock resumed when it paused it, and every waiting table dealt;
    returns whether the clock resumed."""
    resumed = event.hand_for_hand_paused_clock and hold_clock(event, paused=False, now=now, facts=room_facts(event))
    event.hand_for_hand = False
    event.hand_for_hand_until = None
    event.hand_for_hand_paused_clock = False
    event.save(update_fields=["hand_for_hand", "hand_for_hand_until", "hand_for_hand_paused_clock"])
    return resumed


@transaction.atomic(durable=True)
def stop_hand_for_hand(event: Event, *, actor: Actor, now: datetime | None = None) -> Event:
    """Switch hand-for-hand off (the director): the clock resumes if it paused it, and every
    table that waited deals its next hand."""
    ensure_director(actor)
    event = lock_event(event.pk)
    if not event.hand_for_hand:
        raise ServiceError(_("Hand-for-hand is not on."), code="hand_for_hand_off")
    resumed = _switch_off(event, now=now or steady_now())
    deal_next_hands(event)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="rounds.stop_hand_for_hand",
        obj=event,
        args={"round": event.hand_for_hand_round},
        after={"clock_resumed": resumed},
    )
    return event


def _round_over(event: Event, *, actor: Actor) -> None:
    """Every table has played the round (event locked): end hand-for-hand when the bubble has
    burst, else start the next round."""
    number = event.hand_for_hand_round
    left = _players_left(event)
    if event.hand_for_hand_until is not None and left <= event.hand_for_hand_until:
        resumed = _switch_off(event, now=steady_now())
        write_audit(
            actor=actor,
            event_id=event.pk,
            action="rounds.end_hand_for_hand",
            obj=event,
            args={"round": number, "players": left},
            after={"clock_resumed": resumed},
        )
        return
    event.hand_for_hand_round = number + 1
    event.save(update_fields=["hand_for_hand_round"])


@transaction.atomic(durable=True)
def move_on_finished_rounds() -> int:
    """The job runner's pass: a round no table still plays although not every table recorded
    its hand (the last one was broken, or its players moved away) moves on, and the waiting
    tables deal. Returns the events moved on."""
    moved = 0
    for candidate in Event.objects.filter(hand_for_hand=True):
        if tables_still_playing(candidate):  # read first: the lock only where there is work
            continue
        event = lock_event(candidate.pk)
        if not event.hand_for_hand or tables_still_playing(event):
            continue
        _round_over(event, actor=None)
        deal_next_hands(event)
        moved += 1
    return moved


def hand_for_hand_recorded(event: Event, table: Table, hand: Hand, *, actor: Actor) -> None:
    """`record_hand`'s step (event and table locked, the hand's stacks and eliminations
    written): mark the hand and the table as played in the round; when it was the round's
    last table, start the next round, or end hand-for-hand when the bubble has burst. The
    caller then deals the waiting tables."""
    if not event.hand_for_hand:
        return
    number = event.hand_for_hand_round
    hand.hand_for_hand_round = number
    hand.save(update_fields=["hand_for_hand_round"])
    table.hand_for_hand_round = number
    Table.objects.filter(pk=table.pk).update(hand_for_hand_round=number)
    if not tables_still_playing(event):
        _round_over(event, actor=actor)
