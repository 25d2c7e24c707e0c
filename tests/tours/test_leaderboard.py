"""The leaderboard of a tour equals an independent computation by the spec's formulas, for
both formulas, with ties, re-entries, best-N, min_entries and min_events; its JSON, CSV and
page; the query count does not grow with the tour."""

from __future__ import annotations

import math
import random
from decimal import ROUND_HALF_UP, Decimal, getcontext
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from tour_events import BuiltEvent, build_finished_event, make_people, make_tour

from vpt.tours.selectors import leaderboard_data, tour_leaderboard

pytestmark = pytest.mark.django_db

FIELD_RULE = {"formula": "field", "multiplier": 10, "min_entries": 10, "min_events": 2, "best": 2}
TABLE_RULE = {
    "formula": "table",
    "table": [100, 70, 50, 40, 30, 25, 20, 15, 10, 5],
    "table_base_entries": 20,
    "top_fraction": 0.5,
    "participation": 2,
    "best": 3,
    "min_entries": 10,
    "min_events": 3,
}


def spec_place_points(rule: dict[str, Any], place: int, entries: int, buy_in: Decimal, paid: bool) -> Decimal:
    """The spec's formulas, written out again with Decimal at high precision."""
    getcontext().prec = 50
    if place > math.ceil(Decimal(str(rule.get("top_fraction", 1))) * entries):
        return Decimal(0)
    if rule.get("paid_only") and not paid:
        return Decimal(0)
    if rule.get("formula", "field") == "field":
        return (
            Decimal(rule["multiplier"]) * (Decimal(entries) / place).sqrt() * (1 + (buy_in + Decimal("0.25")).log10())
        )
    table = [Decimal(v) for v in rule["table"]]
    value = table[place - 1] if place <= len(table) else Decimal(0)
    if rule.get("table_base_entries"):
        value = value * entries / rule["table_base_entries"]
    return value


def results_from_json(client: Client, slug: str) -> dict[str, Any]:
    """An event's results as `GET /api/events/<slug>/results` gives them: the field, the buy-in,
    and each person's best place and prize (re-entries count once)."""
    data = client.get(f"/api/events/{slug}/results").json()
    people: dict[int, tuple[int | None, Decimal]] = {}
    for row in data["rows"]:
        place, prize = row["place"], Decimal(row["prize"])
        best, won = people.get(row["person_id"], (None, Decimal(0)))
        if place is not None and (best is None or place < best):
            best = place
        people[row["person_id"]] = (best, won + prize)
    return {"entries": data["entries"], "buy_in": Decimal(data["buy_in"]), "people": people}


def expected_rows(rule: dict[str, Any], events: list[dict[str, Any]]) -> list[tuple[int, int, str, int, int, bool]]:
    """(rank, person, points, events played, events counted, qualified) for every person, by the
    spec's formulas from each event's results JSON."""
    per_person: dict[int, list[tuple[Decimal, bool, int]]] = {}
    for event in events:
        entries, buy_in = event["entries"], event["buy_in"]
        counts = entries >= rule.get("min_entries", 0)
        shared: dict[int, int] = {}
        for place, _prize in event["people"].values():
            shared[place] = shared.get(place, 0) + 1
        for person, (place, prize) in event["people"].items():
            covered = [
                spec_place_points(rule, p, entries, buy_in, prize > 0) for p in range(place, place + shared[place])
            ]
            points = sum(covered) / len(covered) + Decimal(str(rule.get("participation", 0)))
            per_person.setdefault(person, []).append(
                (points.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), counts, place)
            )
    rows = []
    for person, results in per_person.items():
        counting = [r for r in results if r[1]]
        best = sorted((r[0] for r in counting), reverse=True)[: rule.get("best") or None]
        total = sum(best, Decimal(0))
        wins = sum(1 for r in counting if r[2] == 1)
        top = max((r[0] for r in counting), default=Decimal(0))
        qualified = len(counting) >= rule.get("min_events", 0)
        key = (not qualified, -total, -wins, -top, len(results))
        rows.append((key, person, total, len(results), len(best), qualified))
    rows.sort()
    ranked = []
    for index, row in enumerate(rows):
        rank = index + 1 if index == 0 or row[0] != rows[index - 1][0] else ranked[-1][0]
        ranked.append((rank, row[1], f"{row[2]:.2f}", row[3], row[4], row[5]))
    return ranked


def random_tour(rng: random.Random, rule: dict[str, Any], slug: str) -> tuple[Any, list[BuiltEvent]]:
    pool = make_people(30, prefix=slug)
    events = []
    for number in range(5):
        size = rng.choice([8, 12, 16, 25])  # 8: under min_entries
        people = rng.sample(pool, size)
        events.append(
            build_finished_event(
                f"{slug}-{number}",
                people,
                rng,
                buy_in=Decimal(rng.choice(["50.00", "100.00", "215.00"])),
                paid_places=3,
                reentries=rng.randint(0, 3),
                ties=rng.randint(1, 2),  # people sharing a place in every event
                day=number,
            )
        )
    return make_tour(slug, rule, events), events


@pytest.mark.parametrize("rule", [FIELD_RULE, TABLE_RULE, {**FIELD_RULE, "paid_only": True, "best": None}])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_leaderboard_equals_the_spec_computed_independently(
    client: Client, rule: dict[str, Any], seed: int
) -> None:
    tour, events = random_tour(random.Random(seed), rule, f"tour{seed}")

    data = client.get(f"/api/tours/{tour.slug}/leaderboard").json()

    got = [
        (row["rank"], row["person_id"], row["points"], row["events_played"], row["events_counted"], row["qualified"])
        for row in data["rows"]
    ]
    expected = expected_rows(rule, [results_from_json(client, built.event.slug) for built in events])
    # Rows sharing a rank may come in any order between them.
    assert sorted(got) == sorted(expected)
    assert [row[0] for row in got] == [row[0] for row in expected]


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

    assert queries("small", 1, 6) == queries("big", 6, 40) == 5
