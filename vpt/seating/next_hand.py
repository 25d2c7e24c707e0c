"""The next hand at a table, as a stored fact (ofc-rules.md, "Rounds, levels and breaks" and
"The button is one fact").

deal          fix the next hand's level and chips per point on the table
              (`Table.next_level`, `Table.next_chips_per_point`): the level in force now
              (`chips_per_point_in_force`; during a break, the last level before it). A table
              deals when its previous hand is recorded, when it opens or receives players, and
              when a break ends; the hand keeps that level however late it is recorded.
not dealt     a table with fewer than two players deals nothing; during a break only a table
              with a Fantasyland hand pending deals (the hand in play when the break came was
              dealt before it, so it is still recorded). `why_not` names the reason as a code;
              a reader that finds no stored hand where one could be dealt says `not_dealt`.
button        stored on the table (`Table.button_seat`). A table that gets players and has no
              button yet takes the engine's (`effective_button` with none: the highest occupied
              seat); otherwise a move or a deal never moves it.

The services here are helpers of the services that lock the event and the tables first
(`record_hand`, the seating services, corrections): none opens a transaction of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Count, Q

from vpt.events.models import Event, Level
from vpt.events.selectors import chips_per_point_in_force
from vpt.ofc import effective_button, payment_seats
from vpt.tables.models import Table

from .models import Seat

__all__ = ["NextHand", "deal_after_hand", "deal_next_hands", "next_hand", "undeal", "why_not"]

TOO_FEW_PLAYERS = "too_few_players"
ON_BREAK = "on_break"
TABLE_CLOSED = "table_closed"
EVENT_FINISHED = "event_finished"
# Read only: the table could deal but its hand is not stored yet (a break has just ended and the
# pass that deals the waiting tables has not run); pages say so rather than guess a level.
NOT_DEALT = "not_dealt"


def why_not(table: Table, event: Event, *, seated: int, fantasyland: bool) -> str | None:
    """Why `table` cannot deal its next hand now (a code), or None when it can or has.

    `seated`: players at the table; `fantasyland`: one of them plays Fantasyland next.
    """
    if not table.is_open:
        return TABLE_CLOSED
    if event.status == Event.Status.FINISHED:
        return EVENT_FINISHED
    if seated < event.ruleset.min_players:
        return TOO_FEW_PLAYERS
    if not table.is_dealt and event.status == Event.Status.ON_BREAK and not fantasyland:
        return ON_BREAK
    return None


@dataclass(frozen=True)
class NextHand:
    """What a table's next hand is, read from the stored facts (no rule applied again).

    `seats`: the occupied seats in payment order, the button last (the engine's
    `payment_seats` on the stored button). `dead_button`: nobody sits on the button seat
    (the player before it acts last).
    """

    table: Table
    number: int
    level: Level | None
    chips_per_point: int | None
    button_seat: int | None
    dead_button: bool
    seats: list[Seat]
    why_not: str | None

    @property
    def can_deal(self) -> bool:
        return self.why_not is None

    @property
    def fantasyland(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.fantasyland_cards]


def next_hand(table: Table, event: Event, occupied: Iterable[Seat]) -> NextHand:
    """The stored next hand of `table` with its `occupied` seats (no query; `table.next_level`
    is read when loaded with it)."""
    by_number = {seat.number: seat for seat in occupied}
    order = payment_seats(list(by_number), table.button_seat) if by_number else []
    fantasyland = any(seat.fantasyland_cards for seat in by_number.values())
    reason = why_not(table, event, seated=len(by_number), fantasyland=fantasyland)
    if reason is None and not table.is_dealt:
        reason = NOT_DEALT
    dealt = reason is None
    return NextHand(
        table=table,
        number=table.next_hand_number,
        level=table.next_level if dealt else None,
        chips_per_point=table.next_chips_per_point if dealt else None,
        button_seat=table.button_seat,
        dead_button=table.button_seat is not None and bool(by_number) and table.button_seat not in by_number,
        seats=[by_number[number] for number in order],
        why_not=reason,
    )


def undeal(table: Table) -> None:
    """The table's next hand is no longer dealt (its hand was played, or it cannot deal); the
    caller saves `next_level` and `next_chips_per_point`."""
    table.next_level = None
    table.next_chips_per_point = None


def deal_after_hand(table: Table, event: Event, *, seated: int, fantasyland: bool) -> None:
    """Deal the next hand at `table`, which has just played one, or take its deal back when it
    cannot deal any more: what `deal_next_hands` does for one table, from the seats the caller
    has just written (`seated` players, `fantasyland` pending), with no query but the level
    before a break. The caller saves `next_level` and `next_chips_per_point`; `event` is
    locked, with its current level loaded, and its clock already refreshed."""
    _deal(table, event, seated=seated, fantasyland=fantasyland, in_force=None)


def _deal(
    table: Table, event: Event, *, seated: int, fantasyland: bool, in_force: tuple[Level | None, int] | None
) -> tuple[Level | None, int] | None:
    """Deal at, or undeal, one table (in memory); returns the level in force once read."""
    reason = why_not(table, event, seated=seated, fantasyland=fantasyland)
    if reason in (TOO_FEW_PLAYERS, EVENT_FINISHED):
        undeal(table)
    elif reason is None and not table.is_dealt:
        if in_force is None:
            in_force = chips_per_point_in_force(event)
        table.next_level, table.next_chips_per_point = in_force
    return in_force


def deal_next_hands(event: Event, tables: Sequence[Table] | None = None) -> list[Table]:
    """Deal the next hand at each of `tables` that has none and can deal now, and give a button
    to a table with players and none; a table that cannot deal any more (fewer than two
    players) has its deal taken back. Returns the tables written.

    `tables`: by default every open table of `event` with no hand dealt (locked here).
    `event` is locked by the caller, with its current level loaded; so are `tables`.
    """
    if tables is None:
        tables = list(
            Table.objects.select_for_update(no_key=True)
            .filter(event=event, status=Table.Status.OPEN, next_chips_per_point__isnull=True)
            .order_by("id")
        )
    tables = [table for table in tables if table.is_open]
    if not tables:
        return []
    counts = {
        row["table_id"]: row
        for row in Seat.objects.filter(table__in=tables, entry__isnull=False)
        .values("table_id")
        .annotate(seated=Count("id"), fantasyland=Count("id", filter=Q(fantasyland_cards__gt=0)))
    }
    occupied: dict[int, list[int]] = {}
    if any(table.button_seat is None and table.pk in counts for table in tables):
        for table_id, number in Seat.objects.filter(table__in=tables, entry__isnull=False).values_list(
            "table_id", "number"
        ):
            occupied.setdefault(table_id, []).append(number)
    in_force: tuple[Level | None, int] | None = None
    changed = []
    for table in tables:
        row = counts.get(table.pk, {"seated": 0, "fantasyland": 0})
        before = (table.next_level_id, table.next_chips_per_point, table.button_seat)
        if table.button_seat is None and row["seated"]:
            table.button_seat = effective_button(occupied[table.pk], None)
        in_force = _deal(table, event, seated=row["seated"], fantasyland=bool(row["fantasyland"]), in_force=in_force)
        if (table.next_level_id, table.next_chips_per_point, table.button_seat) != before:
            changed.append(table)
    Table.objects.bulk_update(changed, ["next_level", "next_chips_per_point", "button_seat"])
    return changed
