"""A main event is ONE event of its tour (festival.md, "The tour"): its field is every entry of
every flight, a person's result is their best place in the main event's results (Day 2's places,
then the tie block), its flights never count on their own (a tour refuses one), and the
leaderboard reads it all from money's results."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from vpt.errors import ServiceError
from vpt.events.audit import bump_version
from vpt.events.entries import register_player
from vpt.events.models import Entry, Event, PayoutStructure
from vpt.festival.creation import create_main_event
from vpt.festival.services import end_day, start_day2
from vpt.money.results import main_event_results
from vpt.tours.models import Tour, TourEvent
from vpt.tours.selectors import leaderboard_data, tour_events, tour_key, tour_leaderboard
from vpt.tours.services import add_event_to_tour, create_tour, set_tour_event_multiplier
from vpt.tours.stats import person_career

pytestmark = pytest.mark.django_db

# 10, 5, 2 points for places 1-3, times the field (table_base_entries 1), and 1 for playing.
RULE = {"formula": "table", "table": [10, 5, 2], "table_base_entries": 1, "participation": 1, "min_entries": 1}


def _place(flight: Event, places: dict[str, int], stacks: dict[str, int]) -> None:
    """The flight's players out at ``places`` and the others still in with ``stacks``, then its
    day ended: what play would have left, set straight in the database."""
    for entry in Entry.objects.filter(event=flight).select_related("player"):
        name = entry.player.name
        if name in places:
            entry.status, entry.place, entry.stack = Entry.Status.ELIMINATED, places[name], 0
        else:
            entry.stack = stacks[name]
        entry.save()


def worked_main_event(director: Any) -> tuple[Tour, Event]:
    """Main "fest", buy-in 100, 60/40 to places 1-2, in the tour "vpt" at x2:

    =====  ==========================================  ======================
    flight entries                                     end of the day
    =====  ==========================================  ======================
    1A     Ana, Ben, Cid, Dan                          Ben 4th, Cid 3rd out; Ana 25,000, Dan 15,000 go on
    1B     Ana (again), Eva, Fay                       Ana 3rd, Fay 2nd out; Eva 30,000 goes on
    =====  ==========================================  ======================

    7 entries (Ana's two count), 6 people, a pool of 700.00."""
    main = create_main_event(
        slug="fest", name="Fest", flights=["1A", "1B"], actor=director, buy_in=Decimal("100"), fee=Decimal("10")
    )
    PayoutStructure.objects.filter(event=main).update(percentages=["60", "40"], unit=Decimal("0.01"))
    one, two = Event.objects.get(slug="fest-1a"), Event.objects.get(slug="fest-1b")
    for flight, names in ((one, ["Ana", "Ben", "Cid", "Dan"]), (two, ["Ana", "Eva", "Fay"])):
        for name in names:
            register_player(flight, name=name, actor=director)
    _place(one, {"Ben": 4, "Cid": 3}, {"Ana": 25000, "Dan": 15000})
    _place(two, {"Ana": 3, "Fay": 2}, {"Eva": 30000})
    end_day(one, actor=director)
    end_day(two, actor=director)
    tour = create_tour(slug="vpt", name="VPT", rule=RULE, actor=director)
    add_event_to_tour(tour, event=main, actor=director)
    set_tour_event_multiplier(tour, event=main, multiplier=Decimal(2), actor=director)
    main.refresh_from_db()
    return tour, main


def points(tour: Tour) -> list[tuple[int, str, str, int | None]]:
    data = leaderboard_data(tour_leaderboard(tour))
    return [(row["rank"], row["name"], row["points"], row["results"][0]["place"]) for row in data["rows"]]


def test_a_main_event_counts_once_with_every_flight_entry(director: Any) -> None:
    tour, main = worked_main_event(director)

    data = leaderboard_data(tour_leaderboard(tour))
    assert [(e["slug"], e["entries"], e["buy_in"]) for e in data["events"]] == [("fest", 7, "100.00")]
    # Before Day 2 the leaderboard is provisional: the three going on by chips (Eva 30,000, Ana
    # 25,000, Dan 15,000), the others sharing 4th to 6th (no points past 3rd; 1 for playing):
    # (10 × 7 + 1) × 2 = 142.00, (5 × 7 + 1) × 2 = 72.00, (2 × 7 + 1) × 2 = 30.00, (0 + 1) × 2 = 2.00.
    assert data["final"] is False
    assert points(tour) == [
        (1, "Eva", "142.00", 1),
        (2, "Ana", "72.00", 2),
        (3, "Dan", "30.00", 3),
        (4, "Ben", "2.00", 4),
        (4, "Cid", "2.00", 4),
        (4, "Fay", "2.00", 4),
    ]

    start_day2(main, seed=1, actor=director)
    for name, place in (("Dan", 1), ("Eva", 2), ("Ana", 3)):
        entry = Entry.objects.get(event=main, player__name=name)
        entry.place = place
        entry.status = Entry.Status.ACTIVE if place == 1 else Entry.Status.ELIMINATED
        entry.save()
    Event.objects.filter(pk=main.pk).update(status=Event.Status.FINISHED)

    # Day 2's places 1-3, then everyone else (Ana's 1B entry too: her best is 3rd) at 4th.
    results = main_event_results(main)
    assert sorted((row.name, row.flight, row.place, str(row.prize)) for row in results.rows) == [
        ("Ana", "fest-1a", 3, "0.00"),
        ("Ana", "fest-1b", 4, "0.00"),
        ("Ben", "fest-1a", 4, "0.00"),
        ("Cid", "fest-1a", 4, "0.00"),
        ("Dan", "fest-1a", 1, "420.00"),
        ("Eva", "fest-1b", 2, "280.00"),
        ("Fay", "fest-1b", 4, "0.00"),
    ]
    data = leaderboard_data(tour_leaderboard(tour))
    assert data["final"] is True and [e["entries"] for e in data["events"]] == [7]
    assert points(tour) == [
        (1, "Dan", "142.00", 1),
        (2, "Eva", "72.00", 2),
        (3, "Ana", "30.00", 3),
        (4, "Ben", "2.00", 4),
        (4, "Cid", "2.00", 4),
        (4, "Fay", "2.00", 4),
    ]
    ana = next(row for row in data["rows"] if row["name"] == "Ana")
    assert (ana["events_played"], ana["wins"]) == (1, 0)


def test_a_flight_is_refused_and_never_counts_on_its_own(director: Any) -> None:
    tour, _main = worked_main_event(director)
    flight = Event.objects.get(slug="fest-1a")
    other = create_tour(slug="other", name="Other", actor=director)

    with pytest.raises(ServiceError, match="Fest — Day 1A is a flight of Fest: add Fest") as refused:
        add_event_to_tour(other, event=flight, actor=director)

    assert refused.value.code == "flight"
    assert not TourEvent.objects.filter(event=flight).exists()
    assert [event.slug for event in tour_events(tour)] == ["fest"]


def test_a_hand_in_a_flight_moves_the_tour_key_and_the_queries_stay_few(director: Any) -> None:
    tour, _main = worked_main_event(director)
    events = tour_events(tour)
    before = tour_key(tour, events)
    bump_version(Event.objects.get(slug="fest-1b").pk)
    assert tour_key(tour, events) != before

    with CaptureQueriesContext(connection) as captured:
        leaderboard_data(tour_leaderboard(tour, events))
    assert len(captured) == 3  # the entries of the main event and its flights, the payouts, the people


@pytest.mark.slow
def test_a_main_event_of_three_flights_played_through_the_commands(capsys: Any, tmp_path: Path) -> None:
    (tmp_path / "rule.json").write_text(json.dumps(RULE))
    call_command("create_main_event", "fest", name="Festival Main", flights="1A,1B,1C", advance="0.4")
    call_command("create_tour", "vpt", name="VPT", rule=tmp_path / "rule.json", event=["fest=2"])
    for seed in (1, 2, 3):
        call_command("simulate_event", flight_of="fest", players=8, seed=seed, finish=True)
    call_command("start_day2", "fest", seed=5)
    call_command("simulate_event", event="fest", seed=7, finish=True)
    capsys.readouterr()
    main = Event.objects.get(slug="fest")
    assert main.status == Event.Status.FINISHED

    data = leaderboard_data(tour_leaderboard(Tour.objects.get(slug="vpt")))
    flight_entries = Entry.objects.filter(event__main_event=main).count()
    assert flight_entries == 24
    assert [(e["slug"], e["entries"], e["multiplier"]) for e in data["events"]] == [("fest", 24, "2")]
    best: dict[int, int] = {}
    for row in main_event_results(main).rows:
        if row.place is not None and row.person_id is not None:
            best[row.person_id] = min(row.place, best.get(row.person_id, row.place))
    assert {row["person_id"]: row["results"][0]["place"] for row in data["rows"]} == best
    assert len(data["rows"]) == len(best) < flight_entries  # people who played two flights count once
    assert all(row["events_played"] == 1 for row in data["rows"])
    winner = data["rows"][0]
    assert winner["results"][0]["place"] == 1 and winner["wins"] == 1
    day2 = Entry.objects.filter(event=main).count()
    # Everyone who did not reach Day 2 shares place day2 + 1: points past the table's 3 places are
    # 0, plus 1 for playing, times 2.
    assert {row["points"] for row in data["rows"] if row["results"][0]["place"] == day2 + 1} <= {"2.00"}


def test_a_career_shows_the_main_event_once_not_its_flights(director: Any) -> None:
    """Ana played both flights and Ben only 1A (out 4th there): each career has one line, the
    main event, with its tour points (provisional before Day 2, as on the leaderboard)."""
    _tour, main = worked_main_event(director)
    for name, expected in (("Ana", ("72.00", 2)), ("Ben", ("2.00", 4))):
        person = Entry.objects.filter(event__main_event=main, player__name=name).first().player.person
        career = person_career(person)
        assert [(line.event.slug, str(line.points), line.place) for line in career.events] == [("fest", *expected)]
        assert list(career.by_event) == ["fest"]
