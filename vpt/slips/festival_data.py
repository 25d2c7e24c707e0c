"""The data of the festival's printables (``festival.py``), read from the database: the players
still in (a flight's advancing players) with their stacks, tables and seats."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils import timezone

from vpt.events.models import Entry, Event
from vpt.events.player_links import live_player_tokens
from vpt.festival.selectors import end_of_day
from vpt.people.selectors import canonical_ids
from vpt.seating.models import Seat
from vpt.tables.models import Table

from .festival import AdvanceListData, AdvanceRow, BagLabel, BagLabelData

__all__ = ["StillIn", "advance_list_data", "bag_labels_data", "still_in_rows"]


def _still_in(event: Event) -> tuple[list[Entry], dict[int, tuple[int, int]], int, int]:
    """The entries still in by stack (biggest first), each one's (table, seat), the chips in play
    (every entry's stack) and the starting chips (every entry's starting stack): 2 queries."""
    entries = list(Entry.objects.filter(event=event).select_related("player__person__merged_into"))
    seats = {
        seat.entry_id: (seat.table.number, seat.number)
        for seat in Seat.objects.filter(
            table__event=event, table__status=Table.Status.OPEN, entry__isnull=False
        ).select_related("table")
        if seat.entry_id is not None
    }
    active = sorted(
        (entry for entry in entries if entry.is_active), key=lambda e: (-e.stack, e.player.display_name.casefold())
    )
    return active, seats, sum(e.stack for e in entries), sum(e.starting_stack for e in entries)


def advance_list_data(event: Event) -> AdvanceListData:
    """The director's advance list: the players still in by stack with table and seat, the chips proved."""
    active, seats, in_play, starting = _still_in(event)
    rows = tuple(
        AdvanceRow(
            player=str(entry) if entry.number > 1 else entry.player.display_name,
            stack=entry.stack,
            table=seats.get(entry.pk, (None, None))[0],
            seat=seats.get(entry.pk, (None, None))[1],
        )
        for entry in active
    )
    return AdvanceListData(
        event=event.name,
        rows=rows,
        chips_in_play=in_play,
        starting_chips=starting,
        language=event.language,
        printed_at=timezone.now(),
    )


def bag_labels_data(event: Event, *, player_url: Callable[[str], str] | None = None) -> BagLabelData:
    """One label per player still in, by stack, with the QR of their private link when
    ``player_url`` turns a link's token into its URL; a hidden person hidden (the bag is seen)."""
    active, seats, _in_play, _starting = _still_in(event)
    tokens = live_player_tokens(active) if player_url is not None else {}
    labels = tuple(
        BagLabel(
            player=entry.public_name,
            flight=event.name,
            stack=entry.stack,
            table=seats.get(entry.pk, (None, None))[0],
            seat=seats.get(entry.pk, (None, None))[1],
            url=player_url(tokens[entry.pk]) if player_url is not None and entry.pk in tokens else "",
        )
        for entry in active
    )
    main = event.main_event
    return BagLabelData(event=main.name if main is not None else "", labels=labels, language=event.language)


@dataclass(frozen=True, slots=True)
class StillIn:
    """A player still in, as the public JSON gives them (`vpt.api.festival_json.AdvanceRow`)."""

    name: str
    entry_id: int
    person_id: int | None
    stack: int
    table: int | None
    seat: int | None
    bag_count: int | None = None
    withdrawn: bool = False


def still_in_rows(event: Event) -> tuple[list[StillIn], int]:
    """The players still in by stack, a hidden person hidden (public JSON), and the chips in play;
    a flight's rows carry the latest bag count and whether the best-stack policy withdraws them."""
    active, seats, in_play, _starting = _still_in(event)
    report = {row.entry.pk: row for row in end_of_day(event).rows} if event.main_event_id is not None else {}
    people = canonical_ids(entry.player.person_id for entry in active if entry.player.person_id is not None)
    rows = [
        StillIn(
            name=entry.public_name,
            entry_id=entry.pk,
            person_id=people.get(entry.player.person_id, entry.player.person_id)
            if entry.player.person_id is not None
            else None,
            stack=entry.stack,
            table=seats.get(entry.pk, (None, None))[0],
            seat=seats.get(entry.pk, (None, None))[1],
            bag_count=report[entry.pk].bag_count if entry.pk in report else None,
            withdrawn=report[entry.pk].withdrawn if entry.pk in report else False,
        )
        for entry in active
    ]
    return rows, in_play
