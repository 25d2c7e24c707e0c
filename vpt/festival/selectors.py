"""Reads of a main event and its flights (festival.md, "Flights and the main event").

advancing     the entries still in when a flight finished (they hold no place in it).
withdrawals   under "best_stack", a person who advanced from several flights goes on with their
              biggest stack only (equal stacks: the earlier flight's); the others are withdrawn.
              Stacks are never added.
end of day    a flight's advancing players with stack, table, seat and latest bag count, and
              its chips in play (the sum of the stacks, which `check_chips` proves equals the
              starting chips of all its entries plus adjustments).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from vpt.events.flights import advance_rule, flight_advance_number
from vpt.events.models import BagCount, ChipAdjustment, Entry, Event, FlightPolicy
from vpt.people.selectors import canonical_ids
from vpt.seating.models import Seat


def flights_of(main: Event) -> list[Event]:
    """The main event's flights, in the order they were created (1A, 1B...)."""
    return list(Event.objects.filter(main_event=main).order_by("created_at", "id"))


def advancing_entries(main: Event) -> list[Entry]:
    """The entries still in at the end of every finished flight of `main`, flight by flight."""
    return list(
        Entry.objects.filter(event__main_event=main, event__status=Event.Status.FINISHED, status=Entry.Status.ACTIVE)
        .select_related("player__person", "event")
        .order_by("event__created_at", "event_id", "-stack", "id")
    )


def withdrawals(main: Event, entries: list[Entry] | None = None) -> dict[int, int]:
    """Under "best_stack": each advancing entry that does not go on (entry id -> the id of the
    entry of the same person that does: their biggest stack). Empty under "first_stack"."""
    if main.flight_policy != FlightPolicy.BEST_STACK:
        return {}
    entries = advancing_entries(main) if entries is None else entries
    people = canonical_ids(e.player.person_id for e in entries if e.player.person_id is not None)
    by_person: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries:
        person = entry.player.person_id
        if person is not None:
            by_person[people.get(person, person)].append(entry)
    withdrawn: dict[int, int] = {}
    for group in by_person.values():
        if len(group) < 2:
            continue
        # Biggest stack first; equal stacks: the earlier flight (the listing's order).
        order = {entry.pk: index for index, entry in enumerate(entries)}
        best = min(group, key=lambda entry: (-entry.stack, order[entry.pk]))
        withdrawn.update({entry.pk: best.pk for entry in group if entry.pk != best.pk})
    return withdrawn


def going_on(main: Event) -> list[Entry]:
    """The advancing entries that go on to Day 2 (after the policy), biggest stack first
    (equal stacks: the earlier flight, then the earlier entry)."""
    entries = advancing_entries(main)
    out = withdrawals(main, entries)
    order = {entry.pk: index for index, entry in enumerate(entries)}
    kept = [entry for entry in entries if entry.pk not in out and not entry.withdrawn]
    return sorted(kept, key=lambda entry: (-entry.stack, entry.event.created_at, entry.event_id, order[entry.pk]))


@dataclass(frozen=True)
class AdvanceRow:
    entry: Entry
    stack: int
    table: int | None
    seat: int | None
    bag_count: int | None
    withdrawn: bool
    kept_entry_id: int | None  # withdrawn: the entry (another flight) that goes on instead

    @property
    def count_differs(self) -> bool:
        return self.bag_count is not None and self.bag_count != self.stack


@dataclass(frozen=True)
class EndOfDay:
    flight: Event
    main_event: Event
    advance: int | None  # None: survivors, the director ends the day
    rows: tuple[AdvanceRow, ...]
    chips_in_play: int
    chips_expected: int  # the starting chips of all entries plus adjustments

    @property
    def finished(self) -> bool:
        return self.flight.status == Event.Status.FINISHED

    @property
    def withdrawn_rows(self) -> list[AdvanceRow]:
        return [row for row in self.rows if row.withdrawn]


def end_of_day(flight: Event) -> EndOfDay:
    """The end-of-day report of a flight: the players still in (biggest stack first) with their
    table, seat, latest bag count and whether the best-stack policy withdraws them. 7 queries."""
    main = flight.main_event
    assert main is not None, "not a flight"
    entries = list(
        Entry.objects.filter(event=flight, status=Entry.Status.ACTIVE)
        .select_related("player__person__merged_into")
        .order_by("-stack", "id")
    )
    seats = {
        entry_id: (table, number)
        for entry_id, table, number in Seat.objects.filter(table__event=flight, entry__isnull=False).values_list(
            "entry_id", "table__number", "number"
        )
    }
    counts: dict[int, int] = {}
    for entry_id, counted in (
        BagCount.objects.filter(event=flight).order_by("counted_at", "id").values_list("entry_id", "counted")
    ):
        counts[entry_id] = counted  # the latest count stands
    out = withdrawals(main) if flight.status == Event.Status.FINISHED else {}
    rows = tuple(
        AdvanceRow(
            entry=entry,
            stack=entry.stack,
            table=seats.get(entry.pk, (None, None))[0],
            seat=seats.get(entry.pk, (None, None))[1],
            bag_count=counts.get(entry.pk),
            withdrawn=entry.withdrawn or entry.pk in out,
            kept_entry_id=out.get(entry.pk),
        )
        for entry in entries
    )
    starting = sum(Entry.objects.filter(event=flight).values_list("starting_stack", flat=True))
    adjusted = sum(ChipAdjustment.objects.filter(event=flight).values_list("amount", flat=True))
    rule = advance_rule(main)
    return EndOfDay(
        flight=flight,
        main_event=main,
        advance=flight_advance_number(flight) if rule["kind"] == "fraction" else None,
        rows=rows,
        chips_in_play=sum(row.stack for row in rows),
        chips_expected=starting + adjusted,
    )


def players_advancing(main: Event) -> int:
    """The players who go on (or went on) to Day 2: its entries once it started, else the
    advancing stacks of the ended flights that the policy keeps (`going_on`)."""
    day2 = Entry.objects.filter(event=main).count()
    return day2 if day2 else len(going_on(main))
