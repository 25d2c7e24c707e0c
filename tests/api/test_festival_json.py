"""The festival's JSON shapes (festival.md, "JSON"), exactly: keys, money as strings, Day 2 by table."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal

from vpt.api.festival_json import advance_json, flights_json


@dataclass(frozen=True)
class Flight:
    slug: str
    name: str
    status: str
    entries: int
    advancing: int


@dataclass(frozen=True)
class Seat:
    table: int
    seat: int
    name: str
    entry_id: int
    person_id: int | None
    flight: str
    stack: int


@dataclass(frozen=True)
class Advancing:
    name: str
    entry_id: int
    person_id: int | None
    stack: int
    table: int | None
    seat: int | None
    bag_count: int | None
    withdrawn: bool


FLIGHTS = (Flight("main-1a", "Day 1A", "finished", 40, 6), Flight("main-1b", "Day 1B", "running", 35, 0))


def test_flights_before_day2_has_day2_null_and_money_as_a_string() -> None:
    body = flights_json(
        event="main",
        policy="best_stack",
        advance={"kind": "fraction", "value": 0.15},
        prize_pool=Decimal("7500"),
        flights=FLIGHTS,
        day2_started=False,
        day2_seats=None,
    )

    assert json.loads(json.dumps(body)) == {
        "event": "main",
        "policy": "best_stack",
        "advance": {"kind": "fraction", "value": 0.15},
        "prize_pool": "7500.00",
        "flights": [
            {"slug": "main-1a", "name": "Day 1A", "status": "finished", "entries": 40, "advancing": 6},
            {"slug": "main-1b", "name": "Day 1B", "status": "running", "entries": 35, "advancing": 0},
        ],
        "day2": None,
    }


def test_flights_day2_tables_in_table_then_seat_order() -> None:
    seats = (
        Seat(2, 1, "Ben", 12, 5, "main-1b", 20_000),
        Seat(1, 3, "Hidden player", 11, 4, "main-1a", 10_000),
        Seat(1, 1, "Ana", 10, 3, "main-1a", 30_000),
    )

    body = flights_json(
        event="main",
        policy="first_stack",
        advance={"kind": "survivors"},
        prize_pool=Decimal("7500.5"),
        flights=FLIGHTS,
        day2_started=True,
        day2_seats=seats,
    )

    assert body["prize_pool"] == "7500.50"
    assert body["advance"] == {"kind": "survivors"}
    assert body["day2"] == {
        "started": True,
        "tables": [
            {
                "table": 1,
                "seats": [
                    {"seat": 1, "name": "Ana", "entry_id": 10, "person_id": 3, "flight": "main-1a", "stack": 30_000},
                    {
                        "seat": 3,
                        "name": "Hidden player",
                        "entry_id": 11,
                        "person_id": 4,
                        "flight": "main-1a",
                        "stack": 10_000,
                    },
                ],
            },
            {
                "table": 2,
                "seats": [
                    {"seat": 1, "name": "Ben", "entry_id": 12, "person_id": 5, "flight": "main-1b", "stack": 20_000}
                ],
            },
        ],
    }


def test_advance_shape_with_bag_counts_and_withdrawn_stacks() -> None:
    rows = (
        Advancing("Ana", 10, 3, 30_000, 1, 2, 30_000, False),
        Advancing("Ben", 12, None, 20_000, 2, 1, None, False),
        Advancing("Cai", 13, 7, 10_000, None, None, None, True),
    )

    body = advance_json(event="main-1a", main_event="main", status="finished", chips_in_play=50_000, rows=rows)

    assert json.loads(json.dumps(body)) == {
        "event": "main-1a",
        "main_event": "main",
        "status": "finished",
        "chips_in_play": 50_000,
        "rows": [
            {
                "name": "Ana",
                "entry_id": 10,
                "person_id": 3,
                "stack": 30_000,
                "table": 1,
                "seat": 2,
                "bag_count": 30_000,
                "withdrawn": False,
            },
            {
                "name": "Ben",
                "entry_id": 12,
                "person_id": None,
                "stack": 20_000,
                "table": 2,
                "seat": 1,
                "bag_count": None,
                "withdrawn": False,
            },
            {
                "name": "Cai",
                "entry_id": 13,
                "person_id": 7,
                "stack": 10_000,
                "table": None,
                "seat": None,
                "bag_count": None,
                "withdrawn": True,
            },
        ],
    }
