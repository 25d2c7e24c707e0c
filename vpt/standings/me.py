"""What a player's own page shows (`/me/<token>/`), read in a constant number of queries.

my table     the open table the entry sits at, its seat, and the players there (by seat, each
             by their public name: a hidden person stays "Hidden player" to the others).
place        while in: the rank by chips among the entries still in (equal stacks share it);
             out, or in when the event finished (a deal, the winner): the finishing place and
             its prize.
next place   near the money (fewer players left than paid places plus a table), the place the
             next player out finishes in and what it pays.
Fantasyland  the seat's stored next-hand fact (`Seat.fantasyland_cards`): how many cards.
move         the player's move not yet confirmed (`SeatMove`): a banner until "I'm seated".
planned      the move balancing planned for them after the round (`PlannedMove`): "You move to
             table 2 after this round".
flag         the player's "Something's wrong" about a hand (`HandFlag`), open or resolved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.utils import timezone

from vpt.clock.rules import ClockStatus
from vpt.events.models import Entry, Event, Payment
from vpt.money.prizes import event_prizes
from vpt.rounds.clock import clock_now
from vpt.rounds.models import Hand, HandFlag
from vpt.seating.models import PlannedMove, Seat, SeatMove
from vpt.tables.models import Table

from .selectors import PUBLIC_PLAYER, PlayerHand, hands_by_id, player_hand

# The hands shown (newest first): a player's phone needs the last few, not the night.
MY_HANDS = 12


@dataclass(frozen=True)
class NextPlace:
    place: int
    amount: Decimal


@dataclass
class MyPage:
    entry: Entry
    seat: Seat | None
    table_seats: list[Seat]  # occupied seats of my table, by number
    rank: int | None
    players_left: int
    prize: Decimal | None  # out in a paid place: what it won
    next_place: NextPlace | None
    clock: ClockStatus | None
    break_at: datetime | None
    hands: list[tuple[PlayerHand, HandFlag | None]]  # newest first, with my latest flag of each
    move: SeatMove | None  # a move the player has not confirmed yet
    planned: PlannedMove | None = None  # a move planned for after the round
    playing: bool = True  # still in a running event: seat, chips, place by chips, clock
    prize_paid_at: datetime | None = None  # when the cash desk paid the prize out (None: not yet)

    @property
    def fantasyland_cards(self) -> int:
        return self.seat.fantasyland_cards if self.seat is not None else 0


def _break_at(status: ClockStatus, now: datetime) -> datetime | None:
    if status.seconds_to_break is None or not status.running:
        return None
    return now + timedelta(seconds=status.seconds_to_break)


@dataclass(frozen=True)
class EventFacts:
    """What every player's page of an event shares at a version: computed once per version
    (`vpt.public.me_views` caches it), so a phone's render adds only its own reads."""

    stacks: tuple[int, ...]  # the stacks still in
    amounts: tuple[Decimal, ...]  # each paid place's prize, first place first
    prizes: dict[int, Decimal]  # by entry id: what the placed entries win
    clock: ClockStatus
    break_at: datetime | None


def event_facts(event: Event) -> EventFacts:
    """The stacks still in, the prizes and the clock: 5 queries or so, once per version."""
    stacks = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).values_list("stack", flat=True)
    prizes = event_prizes(event)
    status = clock_now(event).status
    return EventFacts(
        stacks=tuple(stacks.order_by()),
        amounts=prizes.amounts,
        prizes=dict(prizes.by_entry),
        clock=status,
        break_at=_break_at(status, timezone.now()),
    )


def my_page(entry: Entry, facts: EventFacts) -> MyPage:
    """Everything the entry's page shows (``entry`` with its event and player loaded): 9
    queries or so, whatever the hands and the field."""
    event = entry.event
    playing = entry.is_active and event.status != Event.Status.FINISHED
    seat = (
        Seat.objects.filter(entry=entry, table__status=Table.Status.OPEN)
        .select_related("table", "entry__planned_move__to_table")
        .first()
        if playing
        else None
    )
    planned = None
    if seat is not None and seat.entry is not None:
        try:
            planned = seat.entry.planned_move  # loaded with the seat
        except PlannedMove.DoesNotExist:
            planned = None
    table_seats = (
        list(Seat.objects.filter(table_id=seat.table_id, entry__isnull=False).select_related(*PUBLIC_PLAYER))
        if seat is not None
        else []
    )
    left = len(facts.stacks)
    paid = len(facts.amounts)
    prize = facts.prizes.get(entry.pk, Decimal("0.00")) if not playing and entry.place is not None else None
    paid_at = (
        Payment.objects.filter(entry=entry, kind=Payment.Kind.PRIZE).values_list("created_at", flat=True).first()
        if prize
        else None
    )
    next_place = None
    if playing and 1 < left <= paid + event.seats_per_table:
        amount = facts.amounts[left - 1] if left <= paid else Decimal("0.00")
        next_place = NextPlace(left, amount)
    newest = Hand.objects.filter(boards__entry=entry).order_by("-id").values_list("id", flat=True)
    views = hands_by_id(list(newest[:MY_HANDS]))
    rules = event.ruleset
    played = [view.hand for view in views]
    flags = {flag.hand_id: flag for flag in HandFlag.objects.filter(entry=entry, hand__in=played).order_by("id")}
    return MyPage(
        entry=entry,
        seat=seat,
        table_seats=sorted(table_seats, key=lambda s: s.number),
        rank=sum(1 for stack in facts.stacks if stack > entry.stack) + 1 if playing else None,
        players_left=left,
        prize=prize,
        next_place=next_place,
        clock=facts.clock if playing else None,
        break_at=facts.break_at if playing else None,
        hands=[(player_hand(view, {entry.pk}, rules), flags.get(view.hand.pk)) for view in reversed(views)],
        move=SeatMove.objects.filter(entry=entry, confirmed_at__isnull=True).first() if playing else None,
        planned=planned,
        playing=playing,
        prize_paid_at=paid_at,
    )
