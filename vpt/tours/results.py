"""Each event's results as the tour reads them: a person's best place and prize, the field.

source        `vpt.money.results` (the one source of places, prizes and persons, the same the
              payouts page, the results sheet and the results JSON show), as the event stands
              (`vpt.money.standing`): the players still in with no place yet (an event running:
              provisional) placed by chips, most chips 1st, equal stacks sharing a place.
main event    one event of the tour (festival.md, "The tour"): its field is every entry of
              every flight; its places are Day 2's, then the entries that did not reach Day 2
              sharing the place after them. Its flights never count on their own (a tour
              refuses them: `vpt.tours.services.add_event_to_tour`).
person        the player's person, followed through merges (`vpt.people`): a person with
              several entries (re-entries, two players merged into one, two flights) keeps the
              best place and adds up the prizes.

Read for any number of events in 2 queries (`vpt.money.results.events_results`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from decimal import Decimal

from vpt.events.models import Event
from vpt.money.results import events_results
from vpt.money.standing import as_it_stands

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


def read_results(
    events: Sequence[Event], multipliers: Mapping[int, Decimal] | None = None
) -> tuple[list[EventFacts], dict[int, list[PersonResult]]]:
    """The facts of ``events`` (in their order) and each one's people's results: 2 queries.
    ``multipliers``: each event's tour multiplier by event id (1 when missing)."""
    multipliers = multipliers or {}
    by_event = events_results(events)
    facts, results = [], {}
    for event in events:
        event_results = by_event[event.pk]
        facts.append(event_facts(event, event_results.entries, multipliers.get(event.pk, Decimal(1))))
        best: dict[int, int | None] = {}
        prizes: dict[int, Decimal] = defaultdict(Decimal)
        for standing in as_it_stands(event_results):
            # A player with no person (none since people exist; rows made straight in the
            # database) counts in the field but has no result.
            person = standing.row.person_id
            if person is None:
                continue
            if person not in best or _better(standing.place, best[person]):
                best[person] = standing.place
            prizes[person] += standing.prize
        results[event.pk] = [
            PersonResult(person, place, prizes[person].quantize(CENT)) for person, place in best.items()
        ]
    return facts, results


def _better(place: int | None, than: int | None) -> bool:
    return place is not None and (than is None or place < than)
