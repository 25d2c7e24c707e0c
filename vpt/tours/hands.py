"""An event's recorded hands as data: `GET /api/events/<slug>/hands`, and the boards the OFC
statistics count (`vpt.tours.stats`).

Every recorded hand (voided ones too, with ``"status": "void"``), table then number order,
with each board in payment order and the exchanges as `score_hand` gives them. Names are
public: a hidden person is "Hidden player". Read in 5 queries whatever the number of hands.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from vpt.events.models import Event
from vpt.people.models import HIDDEN_NAME
from vpt.people.selectors import canonical_ids, people_by_id
from vpt.rounds.models import Board, Exchange, Hand

BOARD_FIELDS = (
    "id",
    "hand_id",
    "seat_number",
    "entry_id",
    "entry__player__name",
    "entry__player__person_id",
    "fantasyland_cards",
    "top",
    "middle",
    "bottom",
    "fouled",
    "royalties",
    "stack_before",
    "stack_after",
)


def event_hands_data(event: Event) -> dict[str, Any]:
    """The hands JSON of ``event``: 5 queries."""
    hands = list(
        Hand.objects.filter(event=event)
        .order_by("table__number", "number")
        .values_list("id", "table__number", "number", "status", "level__number", "chips_per_point", "button_seat")
    )
    boards: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in Board.objects.filter(hand__event=event).order_by("hand_id", "position").values_list(*BOARD_FIELDS):
        boards[row[1]].append(row)
    exchanges: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in (
        Exchange.objects.filter(hand__event=event)
        .order_by("hand_id", "order")
        .values_list("hand_id", "board_a_id", "board_b_id", "points", "chips_due", "chips_paid", "capped", "skipped")
    ):
        exchanges[row[0]].append(row)
    people = canonical_ids(row[5] for rows in boards.values() for row in rows)
    hidden = {person.pk for person in people_by_id(set(people.values())).values() if person.hidden}
    hidden_name = str(HIDDEN_NAME)

    def person_of(row: tuple[Any, ...]) -> int | None:
        return people.get(row[5]) if row[5] is not None else None

    def name_of(row: tuple[Any, ...]) -> str:
        return hidden_name if person_of(row) in hidden else row[4]

    out = []
    for hand_id, table, number, status, level, chips_per_point, button in hands:
        hand_boards = boards.get(hand_id, [])
        names = {row[0]: name_of(row) for row in hand_boards}
        out.append(
            {
                "table": table,
                "number": number,
                "status": status,
                "level": level,
                "chips_per_point": chips_per_point,
                "button": button,
                "players": [
                    {
                        "seat": row[2],
                        "name": names[row[0]],
                        "entry_id": row[3],
                        "person_id": person_of(row),
                        "fantasyland_cards": row[6],
                        "top": row[7],
                        "middle": row[8],
                        "bottom": row[9],
                        "fouled": row[10],
                        "royalties": row[11],
                        "stack_before": row[12],
                        "stack_after": row[13],
                    }
                    for row in hand_boards
                ],
                "exchanges": [
                    {
                        "a": names.get(a, ""),
                        "b": names.get(b, ""),
                        "points": points,
                        "chips_due": due,
                        "chips_paid": paid,
                        "capped": capped,
                        "skipped": skipped,
                    }
                    for _hand, a, b, points, due, paid, capped, skipped in exchanges.get(hand_id, [])
                ],
            }
        )
    return {"event": event.slug, "hands": out}
