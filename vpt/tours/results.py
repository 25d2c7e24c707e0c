"""Each event's results as the tour reads them: a person's best place and prize, the field.

place         the finishing place `vpt.events.places` keeps on each entry. The players still
              in with no place yet (an event running: provisional) are placed by chips: most
              chips 1st, equal stacks sharing a place; the eliminated keep theirs (below them).
prize         what the person's entries win (`vpt.money.prizes`: the pool split by the
              payout structure, shared by those sharing a place), from the places above.
person        the player's person, followed through merges (`vpt.people`): a person with
              several entries (re-entries, or two players merged into one) keeps the best.

Read for any number of events in 3 queries.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from decimal import Decimal

from vpt.events.models import Entry, Event, PayoutStructure
from vpt.money.prizes import pool_of, split_prizes
from vpt.people.selectors import canonical_ids

from .points import CENT, EventFacts, PersonResult


def event_facts(event: Event, entries: int, multiplier: Decimal = Decimal(1)) -> EventFacts:
    return EventFacts(
        event_id=event.pk,
        slug=event.slug,
        name=event.name,
        date=event.starts_on.isoformat() if event.starts_on else None,
        status=event.status,
        entries=entries,
        buy_in=event.buy_in,
        finished=event.status == Event.Status.FINISHED,
        multiplier=multiplier,
    )


Row = tuple[int, int | None, str, int | None, int, Decimal]  # entry id, person id, status, place, stack, buy-in


def _places(rows: list[Row]) -> dict[int, int | None]:
    """Places of entries (id -> place): as stored, and the players still in with no place yet
    by chips (most first, equal stacks sharing a place)."""
    places = {row[0]: row[3] for row in rows}
    unplaced = sorted((row for row in rows if row[2] == Entry.Status.ACTIVE and row[3] is None), key=lambda r: -r[4])
    previous, place = None, 0
    for index, row in enumerate(unplaced, start=1):
        if row[4] != previous:
            place, previous = index, row[4]
        places[row[0]] = place
    return places


def read_results(
    events: Sequence[Event], multipliers: Mapping[int, Decimal] | None = None
) -> tuple[list[EventFacts], dict[int, list[PersonResult]]]:
    """The facts of ``events`` (in their order) and each one's people's results: 3 queries.
    ``multipliers``: each event's tour multiplier by event id (1 when missing)."""
    multipliers = multipliers or {}
    ids = [event.pk for event in events]
    by_event: dict[int, list[Row]] = defaultdict(list)
    dealt: dict[int, dict[int, Decimal]] = defaultdict(dict)  # a deal's amounts, by event and entry
    for entry_id, event_id, person_id, status, place, stack, buy_in, deal_amount in (
        Entry.objects.filter(event_id__in=ids)
        .values_list("id", "event_id", "player__person_id", "status", "place", "stack", "buy_in", "deal_shares__amount")
        .order_by()
    ):
        by_event[event_id].append((entry_id, person_id, status, place, stack, buy_in))
        if deal_amount is not None:
            dealt[event_id][entry_id] = deal_amount
    entry_counts = {event_id: len(rows) for event_id, rows in by_event.items()}
    structures = {s.event_id: s for s in PayoutStructure.objects.filter(event_id__in=ids)}
    people = canonical_ids(row[1] for rows in by_event.values() for row in rows if row[1] is not None)
    facts, results = [], {}
    for event in events:
        rows = by_event.get(event.pk, [])
        fact = event_facts(event, entry_counts.get(event.pk, 0), multipliers.get(event.pk, Decimal(1)))
        facts.append(fact)
        places = _places(rows)
        best: dict[int, int | None] = {}
        # A player with no person (none since people exist; rows made straight in the database)
        # counts in the field but has no result.
        linked = [(row[0], people[row[1]]) for row in rows if row[1] is not None]
        for entry_id, person in linked:
            place = places[entry_id]
            if person not in best or _better(place, best[person]):
                best[person] = place
        pool = pool_of(event, [row[5] for row in rows])
        _amounts, by_entry = split_prizes(pool, structures.get(event.pk), list(places.items()), dealt[event.pk])
        prizes: dict[int, Decimal] = defaultdict(Decimal)
        for entry_id, person in linked:
            prizes[person] += by_entry.get(entry_id, Decimal(0))
        results[event.pk] = [
            PersonResult(person, place, prizes[person].quantize(CENT)) for person, place in best.items()
        ]
    return facts, results


def _better(place: int | None, than: int | None) -> bool:
    return place is not None and (than is None or place < than)
