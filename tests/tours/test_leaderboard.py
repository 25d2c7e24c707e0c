"""The leaderboard of a tour gives the worked examples (the spec's formulas filled in by hand,
for both formulas, with ties, a re-entry, best-N, top_fraction, participation, paid_only,
min_entries and min_events); its JSON, CSV and page; the query count does not grow with the
tour."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from tour_events import BuiltEvent, build_finished_event, build_placed_event, make_people, make_tour

from vpt.people.models import Person
from vpt.people.names import fold_name
from vpt.tours.models import Tour
from vpt.tours.selectors import leaderboard_data, tour_leaderboard

pytestmark = pytest.mark.django_db

FIELD_RULE = {"formula": "field", "multiplier": 10, "min_entries": 10, "min_events": 2, "best": 2}


def named_people(*names: str) -> list[Person]:
    return Person.objects.bulk_create(Person(name=name, folded_name=fold_name(name)) for name in names)


def worked_events() -> list[BuiltEvent]:
    """Four finished events of six people, the worked examples' data:

    ========  ======  =======  ==============================================================
    event     buy-in  entries  places
    ========  ======  =======  ==============================================================
    one       100     5        Ana 1, Ben 2, Cid and Dan 3 (out in one hand, equal stacks), Eva 5
    two       50      5        Ben 1, Ana 2, Eva 3, Cid 4 (Cid re-entered: 4 people, 5 entries)
    three     215     3        Dan 1, Eva 2, Ana 3 (under 4 entries: it never counts)
    four      100     5        Cid 1, Dan 2, Ana 3, Ben 4, Fay 5
    ========  ======  =======  ==============================================================

    Places 1 and 2 win prizes, except in "three" (no payouts)."""
    ana, ben, cid, dan, eva, fay = named_people("Ana", "Ben", "Cid", "Dan", "Eva", "Fay")
    hundred, fifty = Decimal("100.00"), Decimal("50.00")
    return [
        build_placed_event(
            "one", [(ana, 1), (ben, 2), (cid, 3), (dan, 3), (eva, 5)], buy_in=hundred, paid_places=2, day=1
        ),
        build_placed_event(
            "two", [(ben, 1), (ana, 2), (eva, 3), (cid, 4)], buy_in=fifty, paid_places=2, reentered=[cid], day=2
        ),
        build_placed_event("three", [(dan, 1), (eva, 2), (ana, 3)], buy_in=Decimal("215.00"), day=3),
        build_placed_event(
            "four", [(cid, 1), (dan, 2), (ana, 3), (ben, 4), (fay, 5)], buy_in=hundred, paid_places=2, day=4
        ),
    ]


def rows_and_points(data: dict[str, Any]) -> list[tuple[int, str, str, int, int, bool, list[str]]]:
    """(rank, name, points, events played, events counted, qualified, points of each event)."""
    return [
        (
            row["rank"],
            row["name"],
            row["points"],
            row["events_played"],
            row["events_counted"],
            row["qualified"],
            [f"{result['event']} {result['points']}{'' if result['counted'] else ' x'}" for result in row["results"]],
        )
        for row in data["rows"]
    ]


# The worked examples: every number below is the spec's formula (../shared/spec/tour.md, "Tour
# points") filled in by hand, rounded to 2 decimals (ROUND_HALF_UP) per event. "x": not in the
# total (the event does not count, or `best` leaves it out).
#
# "field", 10 × √(entries ÷ place) × (1 + log₁₀(buy-in + 0.25)):
#   buy-in 100: 1 + log₁₀(100.25) = 3.0010852;  buy-in 50: 1 + log₁₀(50.25) = 2.7011360;
#   buy-in 215: 1 + log₁₀(215.25) = 3.3329251.
#   one   1st 10 × √5 × 3.0010852 = 67.11, 2nd 10 × √2.5 × 3.0010852 = 47.45,
#         Cid and Dan share 3rd and 4th: (38.7437 + 33.5531) ÷ 2 = 36.15, 5th 10 × 1 × 3.0010852 = 30.01
#   two   1st 10 × √5 × 2.7011360 = 60.40, 2nd 42.71, 3rd 34.87, 4th 30.20
#   three 1st 10 × √3 × 3.3329251 = 57.73, 2nd 40.82, 3rd 33.33 (3 entries: never counted)
#   four  as "one" without the tie: 67.11, 47.45, 3rd 38.74, 4th 33.55, 5th 30.01
WORKED_FIELD = (
    {"formula": "field", "multiplier": 10, "min_entries": 4, "min_events": 2, "best": 2},
    [
        # Ana: best 2 of 67.11, 42.71, 38.74 = 109.82.
        (1, "Ana", "109.82", 4, 2, True, ["one 67.11", "two 42.71", "three 33.33 x", "four 38.74 x"]),
        (2, "Ben", "107.85", 3, 2, True, ["one 47.45", "two 60.40", "four 33.55 x"]),  # 60.40 + 47.45
        (3, "Cid", "103.26", 3, 2, True, ["one 36.15", "two 30.20 x", "four 67.11"]),  # 67.11 + 36.15
        (4, "Dan", "83.60", 3, 2, True, ["one 36.15", "three 57.73 x", "four 47.45"]),
        (5, "Eva", "64.88", 3, 2, True, ["one 30.01", "two 34.87", "three 40.82 x"]),
        (6, "Fay", "30.01", 1, 1, False, ["four 30.01"]),  # one counting event of the 2 to qualify
    ],
)
# "table" [100, 70, 50, 40, 30] × entries ÷ 4, only the top half (places up to ⌈0.5 × 5⌉ = 3),
# plus 2 for playing:
#   5 entries: 1st 125 + 2 = 127.00, 2nd 87.50 + 2 = 89.50, 3rd 62.50 + 2 = 64.50, 4th and 5th 2.00;
#   Cid and Dan share 3rd and 4th of "one": (62.50 + 0) ÷ 2 + 2 = 33.25;
#   "three" (3 entries, top 2): 1st 75 + 2 = 77.00, 2nd 52.50 + 2 = 54.50, 3rd 2.00, never counted.
# Qualified: 3 counting events.
WORKED_TABLE = (
    {
        "formula": "table",
        "table": [100, 70, 50, 40, 30],
        "table_base_entries": 4,
        "top_fraction": 0.5,
        "participation": 2,
        "best": None,
        "min_entries": 4,
        "min_events": 3,
    },
    [
        (1, "Ana", "281.00", 4, 3, True, ["one 127.00", "two 89.50", "three 2.00 x", "four 64.50"]),
        (2, "Ben", "218.50", 3, 3, True, ["one 89.50", "two 127.00", "four 2.00"]),
        (3, "Cid", "162.25", 3, 3, True, ["one 33.25", "two 2.00", "four 127.00"]),
        (4, "Dan", "122.75", 3, 2, False, ["one 33.25", "three 77.00 x", "four 89.50"]),
        (5, "Eva", "66.50", 3, 2, False, ["one 2.00", "two 64.50", "three 54.50 x"]),
        (6, "Fay", "2.00", 1, 1, False, ["four 2.00"]),
    ],
)
# "field" for prize winners only (places 1 and 2; "three" paid nobody), every event counted:
# the field numbers above for 1st and 2nd, 0.00 for the others. Fay and Eva tie on 0.00 points,
# no wins and no best event: Fay played fewer events, so she ranks first.
WORKED_PAID = (
    {"formula": "field", "multiplier": 10, "paid_only": True, "min_entries": 4, "min_events": 1, "best": None},
    [
        (1, "Ana", "109.82", 4, 3, True, ["one 67.11", "two 42.71", "three 0.00 x", "four 0.00"]),
        (2, "Ben", "107.85", 3, 3, True, ["one 47.45", "two 60.40", "four 0.00"]),
        (3, "Cid", "67.11", 3, 3, True, ["one 0.00", "two 0.00", "four 67.11"]),
        (4, "Dan", "47.45", 3, 2, True, ["one 0.00", "three 0.00 x", "four 47.45"]),
        (5, "Fay", "0.00", 1, 1, True, ["four 0.00"]),
        (6, "Eva", "0.00", 3, 2, True, ["one 0.00", "two 0.00", "three 0.00 x"]),
    ],
)


@pytest.mark.parametrize(
    ("rule", "expected"), [WORKED_FIELD, WORKED_TABLE, WORKED_PAID], ids=["field", "table", "paid-only"]
)
def test_the_leaderboard_gives_the_worked_examples(client: Client, rule: dict[str, Any], expected: list[Any]) -> None:
    tour = make_tour("worked", rule, worked_events())

    data = client.get(f"/api/tours/{tour.slug}/leaderboard").json()

    assert rows_and_points(data) == expected


def test_ties_share_the_average_and_ranks_run_1_2_2_4(rng: random.Random) -> None:
    ana, ben, cid, dora = make_people(4)
    event = build_finished_event("final", [ana, ben, cid, dora], rng, ties=0)
    # Ben and Cid out in the same hand with equal stacks: both 2nd.
    event.event.entries.filter(player__person=cid).update(place=2)
    event.event.entries.filter(player__person=dora).update(place=4)
    event.event.entries.filter(player__person=ben).update(place=2)
    event.event.entries.filter(player__person=ana).update(place=1)
    tour = make_tour("ties", {"formula": "table", "table": [100, 60, 40, 10]}, [event])

    data = leaderboard_data(tour_leaderboard(tour))

    assert [(row["rank"], row["name"], row["points"]) for row in data["rows"]] == [
        (1, "Person 000", "100.00"),
        (2, "Person 001", "50.00"),
        (2, "Person 002", "50.00"),
        (4, "Person 003", "10.00"),
    ]


def test_the_json_has_the_spec_shape(client: Client, rng: random.Random) -> None:
    people = make_people(12)
    built = build_finished_event("spring", people, rng, ties=0, buy_in=Decimal("100.00"))
    make_tour("vpt", {"formula": "field", "multiplier": 10, "min_entries": 10, "min_events": 1}, [built])
    winner = next(person for person, (place, _prize) in built.results.items() if place == 1)

    response = client.get("/api/tours/vpt/leaderboard")

    data = response.json()
    assert set(data) == {"tour", "rule", "final", "events", "rows"}
    assert data["tour"] == "vpt" and data["final"] is True
    assert data["rule"] == {
        "formula": "field",
        "multiplier": 10,
        "table": [],
        "table_base_entries": None,
        "top_fraction": 1,
        "paid_only": False,
        "participation": 0,
        "best": None,
        "min_entries": 10,
        "min_events": 1,
        "tiebreaks": ["wins", "best_event", "fewer_events"],
    }
    assert data["events"] == [
        {
            "slug": "spring",
            "name": "Spring",
            "date": "2026-01-02",
            "status": "finished",
            "entries": 12,
            "buy_in": "100.00",
            "counts": True,
            "multiplier": "1",
        }
    ]
    first = data["rows"][0]
    # 10 × √(12 / 1) × (1 + log10(100.25)) = 103.96...
    assert first == {
        "rank": 1,
        "person_id": winner,
        "name": next(p.name for p in people if p.pk == winner),
        "points": "103.96",
        "events_played": 1,
        "events_counted": 1,
        "wins": 1,
        "qualified": True,
        "results": [{"event": "spring", "place": 1, "entries": 12, "points": "103.96", "counted": True}],
    }
    again = client.get("/api/tours/vpt/leaderboard", headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304


def test_the_page_shows_the_breakdown_with_the_formula_and_why(client: Client, rng: random.Random) -> None:
    people = make_people(12)
    small = build_finished_event("small", people[:6], rng, ties=0, day=1)
    spring = build_finished_event("spring", people, rng, ties=0, day=2)
    make_tour("vpt", {"multiplier": 10, "min_entries": 10}, [small, spring])
    first = next(person for person, (place, _prize) in spring.results.items() if place == 1)
    name = next(p.name for p in people if p.pk == first)

    page = client.get("/tours/vpt/").content.decode()

    assert name in page
    assert "10 × √(12 ÷ 1) × (1 + log₁₀(100.00 + 0.25)) = 103.9606 → 103.96" in page
    assert "not counted: the event had fewer than 10 entries" in page
    assert "Points = 10 × √(entries ÷ place) × (1 + log₁₀(buy-in + 0.25))" in page
    assert "Final: every event of the tour has finished." in page
    assert '<a href="/standings/small/">Small</a> · Jan. 2, 2026 · 6 entries · finished · does not count' in page
    big = client.get("/tours/vpt/?screen=big").content.decode()
    assert "big-screen" in big and name in big


def test_the_csv_lists_every_row(client: Client, rng: random.Random) -> None:
    people = make_people(12)
    make_tour("vpt", {"multiplier": 10}, [build_finished_event("spring", people, rng, ties=0)])

    lines = client.get("/tours/vpt/leaderboard.csv").content.decode().splitlines()

    assert lines[0] == "rank,name,points,events_played,events_counted,wins,qualified,spring"
    assert len(lines) == 13
    assert lines[1].startswith("1,") and lines[1].endswith(",103.96")


def test_a_running_event_is_provisional_with_players_in_placed_by_chips(rng: random.Random) -> None:
    people = make_people(5)
    built = build_finished_event("live", people, rng, ties=0)
    event = built.event
    event.status = "running"
    event.save()
    entries = list(event.entries.order_by("place"))
    for entry, stack in zip(entries[:3], [500, 900, 900]):
        entry.status, entry.place, entry.stack = "active", None, stack
        entry.save()
    tour = make_tour("live-tour", {"formula": "table", "table": [10, 6, 4, 2, 1]}, [built])

    data = leaderboard_data(tour_leaderboard(tour))

    assert data["final"] is False
    assert [(row["rank"], row["points"]) for row in data["rows"]] == [
        (1, "8.00"),
        (1, "8.00"),
        (3, "4.00"),
        (4, "2.00"),
        (5, "1.00"),
    ]


def test_reading_the_leaderboard_costs_the_same_queries_for_a_bigger_tour(rng: random.Random) -> None:
    def queries(slug: str, events: int, size: int) -> int:
        pool = make_people(size, prefix=slug)
        built = [build_finished_event(f"{slug}-{n}", pool, rng, day=n) for n in range(events)]
        tour = make_tour(slug, FIELD_RULE, built)
        with CaptureQueriesContext(connection) as captured:
            leaderboard_data(tour_leaderboard(tour))
        return len(captured)

    assert queries("small", 1, 6) == queries("big", 6, 40) == 4


def test_the_page_shows_the_top_rows_and_the_rest_a_page_away(client: Client, rng: random.Random) -> None:
    """20 events of the same 80 people: each row's breakdown holds 20 events, the worst case for
    a row's size. The page holds 25 rows and stays under 200 KB; the CSV and JSON hold all 80."""
    from vpt.tours.selectors import LEADERBOARD_ROWS

    people = make_people(80)
    make_tour("vpt", FIELD_RULE, [build_finished_event(f"e{n:02d}", people, rng, day=n) for n in range(20)])
    rows = leaderboard_data(tour_leaderboard(Tour.objects.get(slug="vpt")))["rows"]
    assert len(rows) == 80 and LEADERBOARD_ROWS == 25

    first = client.get("/tours/vpt/")
    html = first.content.decode()
    assert len(first.content) < 200_000, len(first.content)
    assert html.count("data-person=") == 25 and html.count('class="breakdown"') == 25
    assert "Rows 1 to 25 of 80" in html and 'href="/tours/vpt/?page=2" rel="next"' in html
    assert rows[0]["name"] in html and rows[24]["name"] in html and rows[25]["name"] not in html

    last = client.get("/tours/vpt/?page=4").content.decode()
    assert "Rows 76 to 80 of 80" in last and 'href="/tours/vpt/?page=3" rel="prev"' in last
    assert 'rel="next"' not in last and rows[79]["name"] in last
    assert client.get("/tours/vpt/?page=99").content.decode().count("data-person=") == 5  # past the end: the last
    big = client.get("/tours/vpt/?screen=big&page=2").content.decode()
    assert rows[25]["name"] in big and 'href="/tours/vpt/?screen=big&amp;page=3"' in big
    fragment = client.get("/tours/vpt/?page=2", headers={"HX-Request": "true"}).content.decode()
    assert 'hx-get="/tours/vpt/?page=2"' in fragment and rows[49]["name"] in fragment

    assert len(client.get("/tours/vpt/leaderboard.csv").content.decode().splitlines()) == 81
    assert len(client.get("/api/tours/vpt/leaderboard").json()["rows"]) == 80


def test_an_event_multiplier_applies_once_to_place_points_and_participation() -> None:
    from vpt.tours.points import EventFacts, PersonResult, score_event
    from vpt.tours.rules import parse_rule

    rule = parse_rule({"formula": "table", "table": [100, 70, 50], "participation": 2})
    facts = EventFacts(1, "e", "E", None, "finished", 3, Decimal("100"), True, Decimal("1.5"))
    # Ties share the average: (70 + 50) / 2 = 60; (60 + 2) x 1.5 = 93; (100 + 2) x 1.5 = 153.
    scored = score_event(rule, facts, [PersonResult(1, 1), PersonResult(2, 2), PersonResult(3, 2)])
    assert [s.points for s in scored] == [Decimal("153.00"), Decimal("93.00"), Decimal("93.00")]
    facts = EventFacts(1, "e", "E", None, "finished", 3, Decimal("100"), True, Decimal("0.333"))
    # (100 + 2) x 0.333 = 33.966 -> 33.97 (half up); (60 + 2) x 0.333 = 20.646 -> 20.65.
    scored = score_event(rule, facts, [PersonResult(1, 1), PersonResult(2, 2), PersonResult(3, 2)])
    assert [s.points for s in scored] == [Decimal("33.97"), Decimal("20.65"), Decimal("20.65")]


def test_a_tour_event_multiplier_shows_in_the_json_and_scales_the_points(client: Client, rng: random.Random) -> None:
    from vpt.tours.models import TourEvent

    people = make_people(12)
    built = build_finished_event("spring", people, rng, ties=0, buy_in=Decimal("100.00"))
    tour = make_tour("vpt", {"formula": "field", "multiplier": 10, "min_entries": 10, "min_events": 1}, [built])
    TourEvent.objects.filter(tour=tour).update(multiplier=Decimal("2"))

    data = client.get("/api/tours/vpt/leaderboard").json()

    assert data["events"][0]["multiplier"] == "2"
    # 10 × √(12 / 1) × (1 + log10(100.25)) = 103.9615... × 2 = 207.92 (one rounding, at the end).
    assert data["rows"][0]["points"] == "207.92"
