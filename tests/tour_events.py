"""Tours of events built straight through the ORM with known places (as finished events store
them), for the points, the leaderboard, the statistics and the query counts."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from vpt.events.models import Entry, Event, PayoutStructure, Player
from vpt.events.services import create_event
from vpt.people.models import Person
from vpt.people.names import fold_name
from vpt.tours.models import Tour, TourEvent
from vpt.tours.services import set_tour_event_multiplier


@dataclass
class BuiltEvent:
    """What the test knows of an event it built: each person's place and prize."""

    event: Event
    entries: int
    buy_in: Decimal
    results: dict[int, tuple[int | None, Decimal]] = field(default_factory=dict)  # person id -> (place, prize)


def make_people(count: int, prefix: str = "Person") -> list[Person]:
    return Person.objects.bulk_create(
        Person(name=f"{prefix} {i:03d}", folded_name=fold_name(f"{prefix} {i:03d}")) for i in range(count)
    )


def build_finished_event(
    slug: str,
    people: list[Person],
    rng: random.Random,
    *,
    buy_in: Decimal = Decimal("100.00"),
    paid_places: int = 0,
    reentries: int = 0,
    ties: int = 1,
    day: int = 1,
) -> BuiltEvent:
    """A finished event of ``people`` (in a random order of finish), ``ties`` pairs sharing a
    place, ``reentries`` players with an earlier busted entry; places 1..``paid_places`` paid."""
    order = list(people)
    rng.shuffle(order)
    places: list[int] = []
    place = 1
    index = 0
    tied_starts = set(rng.sample(range(2, len(order) - 1), ties)) if ties and len(order) > 4 else set()
    while index < len(order):
        if index in tied_starts and index + 1 < len(order):
            places += [place, place]
            place += 2
            index += 2
        else:
            places.append(place)
            place += 1
            index += 1
    return build_placed_event(
        slug,
        list(zip(order, places)),
        buy_in=buy_in,
        paid_places=paid_places,
        reentered=order[:reentries],
        day=day,
    )


def build_placed_event(
    slug: str,
    finish: Sequence[tuple[Person, int]],
    *,
    buy_in: Decimal = Decimal("100.00"),
    paid_places: int = 0,
    reentered: Collection[Person] = (),
    day: int = 1,
) -> BuiltEvent:
    """A finished event whose people finished at the places given (two at one place share it),
    the ``reentered`` ones with an earlier busted entry (no place) as well; places
    1..``paid_places`` paid (each half the one before)."""
    event = Event.objects.create(
        name=slug.title(),
        slug=slug,
        buy_in=buy_in,
        status=Event.Status.FINISHED,
        starts_on=f"2026-0{1 + day // 28}-{1 + day % 28:02d}",
    )
    again = {person.pk for person in reentered}
    players = Player.objects.bulk_create(Player(event=event, name=person.name, person=person) for person, _ in finish)
    rows = []
    for player, (person, finished) in zip(players, finish):
        if person.pk in again:
            rows.append(
                Entry(
                    event=event,
                    player=player,
                    number=1,
                    starting_stack=1000,
                    stack=0,
                    status=Entry.Status.ELIMINATED,
                    place=None,
                    buy_in=buy_in,
                )
            )
        rows.append(
            Entry(
                event=event,
                player=player,
                number=2 if person.pk in again else 1,
                starting_stack=1000,
                stack=10000 if finished == 1 else 0,
                status=Entry.Status.ACTIVE if finished == 1 else Entry.Status.ELIMINATED,
                place=finished,
                buy_in=buy_in,
            )
        )
    Entry.objects.bulk_create(rows)
    built = BuiltEvent(event, len(rows), buy_in)
    if paid_places:
        shares = [Decimal(2) ** (paid_places - i) for i in range(paid_places)]
        percentages = [str((share * 100 / sum(shares)).quantize(Decimal("0.0001"))) for share in shares]
        percentages[0] = str(Decimal(100) - sum(Decimal(p) for p in percentages[1:]))
        PayoutStructure.objects.create(event=event, percentages=percentages, unit=Decimal("0.01"))
    for person, finished in finish:
        built.results[person.pk] = (finished, Decimal(1) if finished <= paid_places else Decimal(0))
    return built


def make_tour(slug: str, rule: dict[str, object], events: list[BuiltEvent]) -> Tour:
    tour = Tour.objects.create(slug=slug, name=slug.title(), rule=rule)
    for built in events:
        TourEvent.objects.create(tour=tour, event=built.event)
    return tour


SEASON_RULE = {"formula": "table", "table": [100, 70, 50, 40, 30], "min_entries": 1, "min_events": 2}


def build_season(director: Any) -> tuple[Tour, Event, dict[str, Person]]:
    """The tour "vpt" of two finished events, the second at x1.005, and the final (starting stack 10,000, buy-in
    200 + 20). Place points 100, 70, 50, 40, 30; at x1.005: 100.50, 70.35, 50.25, 40.20, 30.15.

    ====  =====  =====  ======  =====================
    who   one    two    total   qualified (2 events)
    ====  =====  =====  ======  =====================
    Ben   2nd    1st    170.50  yes: rank 1
    Ana   1st    2nd    170.35  yes: rank 2
    Dan   4th    3rd     90.25  yes: rank 3
    Cid   3rd    4th     90.20  yes: rank 4
    Fay          5th     30.15  no
    Eva   5th            30.00  no
    ====  =====  =====  ======  =====================
    """
    names = ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"]
    people = dict(zip(names, Person.objects.bulk_create(Person(name=n, folded_name=fold_name(n)) for n in names)))
    p = people
    one = build_placed_event("one", [(p["Ana"], 1), (p["Ben"], 2), (p["Cid"], 3), (p["Dan"], 4), (p["Eva"], 5)])
    two = build_placed_event("two", [(p["Ben"], 1), (p["Ana"], 2), (p["Dan"], 3), (p["Cid"], 4), (p["Fay"], 5)], day=2)
    tour = Tour.objects.create(slug="vpt", name="VPT", rule=SEASON_RULE)
    TourEvent.objects.create(tour=tour, event=one.event)
    TourEvent.objects.create(tour=tour, event=two.event)
    set_tour_event_multiplier(tour, event=two.event, multiplier=Decimal("1.005"), actor=director)
    final = create_event(
        name="Final", slug="final", actor=director, starting_stack=10000, buy_in=Decimal("200"), fee=Decimal("20")
    )
    return tour, final, people
