"""The festival's public JSON shapes (festival.md, "JSON"): a main event's flights and Day 2, a
flight's advancing players.

Built from rows a selector reads (any object with the attributes of the protocols below), so that
the shape is fixed in one place: money as strings with 2 decimals, chips as integers, a hidden
person's name as the selector gives it ("Hidden player", as the results JSON does).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, Protocol

__all__ = ["advance_json", "flights_json"]


class FlightRow(Protocol):
    @property
    def slug(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def entries(self) -> int: ...

    @property
    def advancing(self) -> int: ...


class _StackRow(Protocol):
    """A player's stack: the name public pages show, the entry, the person (None: not matched)."""

    @property
    def name(self) -> str: ...

    @property
    def entry_id(self) -> int: ...

    @property
    def person_id(self) -> int | None: ...

    @property
    def stack(self) -> int: ...


class Day2SeatRow(_StackRow, Protocol):
    @property
    def table(self) -> int: ...

    @property
    def seat(self) -> int: ...

    @property
    def flight(self) -> str: ...  # the slug of the flight the stack came from


class AdvanceRow(_StackRow, Protocol):
    @property
    def table(self) -> int | None: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def bag_count(self) -> int | None: ...

    @property
    def withdrawn(self) -> bool: ...


def _money(amount: Decimal) -> str:
    return str(amount.quantize(Decimal("0.01")))


def flights_json(
    *,
    event: str,
    policy: str,
    advance: Mapping[str, Any],
    prize_pool: Decimal,
    flights: Iterable[FlightRow],
    day2_started: bool,
    day2_seats: Iterable[Day2SeatRow] | None,
) -> dict[str, Any]:
    """``GET /api/events/<slug>/flights``; ``day2_seats`` None: no Day 2 seats drawn (``"day2": null``)."""
    day2: dict[str, Any] | None = None
    if day2_seats is not None:
        tables: dict[int, list[dict[str, Any]]] = {}
        for seat in sorted(day2_seats, key=lambda s: (s.table, s.seat)):
            tables.setdefault(seat.table, []).append(
                {
                    "seat": seat.seat,
                    "name": seat.name,
                    "entry_id": seat.entry_id,
                    "person_id": seat.person_id,
                    "flight": seat.flight,
                    "stack": seat.stack,
                }
            )
        day2 = {
            "started": day2_started,
            "tables": [{"table": number, "seats": seats} for number, seats in tables.items()],
        }
    return {
        "event": event,
        "policy": policy,
        "advance": dict(advance),
        "prize_pool": _money(prize_pool),
        "flights": [
            {
                "slug": flight.slug,
                "name": flight.name,
                "status": flight.status,
                "entries": flight.entries,
                "advancing": flight.advancing,
            }
            for flight in flights
        ],
        "day2": day2,
    }


def advance_json(
    *, event: str, main_event: str | None, status: str, chips_in_play: int, rows: Iterable[AdvanceRow]
) -> dict[str, Any]:
    """``GET /api/events/<slug>/advance``: the flight's advancing players, withdrawn ones marked."""
    return {
        "event": event,
        "main_event": main_event,
        "status": status,
        "chips_in_play": chips_in_play,
        "rows": [
            {
                "name": row.name,
                "entry_id": row.entry_id,
                "person_id": row.person_id,
                "stack": row.stack,
                "table": row.table,
                "seat": row.seat,
                "bag_count": row.bag_count,
                "withdrawn": row.withdrawn,
            }
            for row in rows
        ],
    }
