"""A satellite's seats (festival.md, "Satellites and tickets").

seat value  what one ticket to the target is worth: the satellite's `seat_value`, or else the
            target's buy-in and fee.
seats       `floor(pool / seat value)` tickets; the rest of the pool, `pool - seats × seat
            value`, is cash to place `seats + 1` (none when it is 0).
decided     a satellite ends when as many players are left as there are seats: everyone left
            wins a ticket and they share places 1..seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .models import Entry, Event
from .payouts import prize_pool

CENT = Decimal("0.01")


@dataclass(frozen=True)
class SeatSplit:
    """How a satellite's pool splits: `seats` tickets of `seat_value`, `cash` to place seats + 1."""

    seats: int
    seat_value: Decimal
    cash: Decimal

    @property
    def cash_place(self) -> int | None:
        return self.seats + 1 if self.cash > 0 else None


def seat_value_of(event: Event) -> Decimal | None:
    """What one ticket of this satellite is worth; None when it is no satellite."""
    if event.target_id is None:
        return None
    if event.seat_value is not None:
        return event.seat_value
    target = event.target
    assert target is not None
    return target.buy_in + target.fee


def split_pool(pool: Decimal, seat_value: Decimal) -> SeatSplit:
    """The seats and the cash a pool makes at a seat value.

    >>> split_pool(Decimal("1000.00"), Decimal("330"))
    SeatSplit(seats=3, seat_value=Decimal('330.00'), cash=Decimal('10.00'))
    >>> split_pool(Decimal("990"), Decimal("330")).cash_place is None
    True
    """
    value = seat_value.quantize(CENT)
    if value <= 0:
        return SeatSplit(seats=0, seat_value=value, cash=pool.quantize(CENT))
    seats = int(pool // value)
    return SeatSplit(seats=seats, seat_value=value, cash=(pool - seats * value).quantize(CENT))


def satellite_split(event: Event) -> SeatSplit | None:
    """The split of this satellite's prize pool now; None when it is no satellite."""
    value = seat_value_of(event)
    if value is None:
        return None
    buy_ins = list(Entry.objects.filter(event=event).values_list("buy_in", flat=True))
    pool = prize_pool(buy_ins, added_money=event.added_money, guarantee=event.guarantee)
    return split_pool(pool.total, value)


def satellite_seats(event: Event) -> int | None:
    """How many tickets this satellite awards (the players left at which it ends); None when it
    is no satellite, or its pool makes no seat."""
    split = satellite_split(event)
    if split is None or split.seats < 1:
        return None
    return split.seats
