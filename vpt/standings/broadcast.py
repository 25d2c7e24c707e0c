"""What the stream's pages show (docs: ../shared/spec/floor.md, "The featured table"): the JSON
of ``GET /api/events/<slug>/tables/<n>/live`` and of the chip leaders' lower third.

live table   ``{"event", "table", "featured", "level", "chips_per_point", "button",
             "hand_for_hand", "players": [{"seat", "name", "entry_id", "stack",
             "fantasyland_cards"}], "last_hand": null | {"number", "boards": [{"seat", "top",
             "middle", "bottom", "fouled", "royalties", "fantasyland_cards_next"}],
             "exchanges": [...]}}``. ``players``: the occupied seats in payment order, the
             button last, as the next hand deals them; ``level`` and ``chips_per_point``: that
             hand's (the level in force while it is not dealt). ``last_hand``: the table's last
             recorded hand (a void one is skipped), its boards in payment order with the cards as
             typed (``"Qh Qs 2c"``) and ``royalties`` per row as in score_hand's output
             (``{"top", "middle", "bottom", "total"}``); ``exchanges`` exactly as score_hand
             gives them (``{"a", "b", "points", "chips_due", "chips_paid", "capped",
             "skipped"}``, names, in payment order).
chip leaders ``{"event", "players_left", "average_stack", "pool", "next_pay_jump": null |
             {"place", "prize"}, "leaders": [{"name", "entry_id", "stack"}]}``: the top ten
             stacks; money as strings with two decimals. The next pay jump is the first place
             above the one the next player out finishes in that pays more.
hand-for-hand another engineer adds it (issue 29); until the event has such a field
             `hand_for_hand_on` says False.

A hidden person is "Hidden player" here, as on every public page (`Entry.public_name`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from vpt.events.models import Event
from vpt.events.selectors import chips_per_point_in_force
from vpt.money.results import event_results_table
from vpt.rounds.models import Hand
from vpt.rounds.selectors import hand_views
from vpt.seating.models import Seat
from vpt.seating.next_hand import next_hand
from vpt.tables.models import Table

from .tables_json import seat_json

__all__ = ["LEADERS", "chip_leaders_json", "hand_for_hand_on", "table_live_json"]

# The lower third's chip leaders.
LEADERS = 10


def hand_for_hand_on(event: Event) -> bool:
    """Whether the event plays hand-for-hand now: read defensively, since the field comes with
    another change (floor.md, "Hand-for-hand"); False while the event has none."""
    return bool(getattr(event, "hand_for_hand", False))


def _last_hand(table: Table) -> dict[str, Any] | None:
    last = Hand.objects.filter(table=table).exclude(status=Hand.Status.VOID).order_by("-number")[:1]
    views = hand_views(last, public=True)
    if not views:
        return None
    view = views[0]
    return {
        "number": view.hand.number,
        "boards": [
            {
                "seat": seat.seat,
                "top": seat.top,
                "middle": seat.middle,
                "bottom": seat.bottom,
                "fouled": seat.fouled,
                "royalties": seat.royalties_json(),
                "fantasyland_cards_next": seat.fantasyland_next_cards,
            }
            for seat in view.seats
        ],
        "exchanges": [exchange.as_json() for exchange in view.exchanges],
    }


def table_live_json(event: Event, number: int) -> dict[str, Any]:
    """The body of ``/api/events/<slug>/tables/<n>/live``: 5 queries with a last hand (the table,
    its seats, then `hand_views`' 3 for its last hand); raises `Table.DoesNotExist`."""
    table = Table.objects.select_related("next_level").get(event=event, number=number)
    occupied = list(
        Seat.objects.filter(table=table, entry__isnull=False).select_related("entry__player__person__merged_into")
    )
    upcoming = next_hand(table, event, occupied)
    level, chips_per_point = chips_per_point_in_force(event)
    players = [seat_json(seat) for seat in upcoming.seats]
    shown_level = upcoming.level or level
    return {
        "event": event.slug,
        "table": table.number,
        "featured": table.featured,
        "level": shown_level.number if shown_level else None,
        "chips_per_point": upcoming.chips_per_point or chips_per_point,
        "button": upcoming.button_seat,
        "hand_for_hand": hand_for_hand_on(event),
        "players": players,
        "last_hand": _last_hand(table),
    }


def _money(amount: Decimal) -> str:
    return str(amount.quantize(Decimal("0.01")))


def chip_leaders_json(event: Event) -> dict[str, Any]:
    """The lower third's figures, from the event's results (`event_results_table`, public)."""
    results = event_results_table(event, public=True)
    still_in = sorted((row for row in results.rows if row.status == "in"), key=lambda row: (-row.chips, row.name))
    chips = sum(row.chips for row in still_in)
    amounts = results.prizes.amounts
    left = len(still_in)

    def prize(place: int) -> Decimal:
        return amounts[place - 1] if 0 < place <= len(amounts) else Decimal("0.00")

    jump = None
    for place in range(left - 1, 0, -1):
        if prize(place) > prize(left):
            jump = {"place": place, "prize": _money(prize(place))}
            break
    return {
        "event": event.slug,
        "players_left": left,
        "average_stack": round(chips / left) if left else 0,  # as the standings round it
        "pool": _money(results.prizes.pool.total),
        "next_pay_jump": jump,
        "leaders": [{"name": row.name, "entry_id": row.entry_id, "stack": row.chips} for row in still_in[:LEADERS]],
    }
