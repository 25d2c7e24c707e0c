"""An event's recorded hands as data: `GET /api/events/<slug>/hands`, and the boards the OFC
statistics count (`vpt.tours.stats`).

Every recorded hand (voided ones too, with ``"status": "void"``), table then number order,
with each board in payment order and the exchanges as `score_hand` gives them. Names are
public: a hidden person is "Hidden player". Read in 5 queries whatever the number of hands.

The endpoint sends them a page at a time (`event_hands_page`), so its answer stays the same
size however long the event runs: ``?after=<table>:<number>`` names the last hand the client
has, a page holds the next `HANDS_PAGE` hands in that order (``?limit=``, at most
`MAX_HANDS_PAGE`), and ``"next"`` is the address of the page after it (null on the last). An
event of up to `HANDS_PAGE` hands is one page, as before. The pages of one walk, joined, are
`event_hands_data`'s whole list. Each page's ETag is a digest of its body: a page that reads
the same after a hand elsewhere keeps its tag, so a client walking the pages again gets 304s
for the pages before the first that changed (a hand at table 3 moves the pages after table
3's hands on by one, as the order is table then number).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

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


HAND_FIELDS = ("id", "table__number", "number", "status", "level__number", "chips_per_point", "button_seat")
HANDS_PAGE = 100
MAX_HANDS_PAGE = 500

_AFTER = re.compile(r"(\d{1,9}):(\d{1,9})")


def parse_after(text: str) -> tuple[int, int] | None:
    """A page's ``?after=``: ``"<table>:<number>"`` as two ints, None for ""; ValueError otherwise.

    >>> parse_after("3:120"), parse_after("")
    ((3, 120), None)
    >>> parse_after("3")
    Traceback (most recent call last):
    ...
    ValueError: 3
    """
    if not text:
        return None
    found = _AFTER.fullmatch(text)
    if found is None:
        raise ValueError(text)
    return int(found[1]), int(found[2])


def parse_limit(text: str) -> int:
    """A page's ``?limit=``: `HANDS_PAGE` for "", a whole number cut to 1..`MAX_HANDS_PAGE`;
    ValueError for anything else.

    >>> parse_limit(""), parse_limit("20"), parse_limit("0"), parse_limit("100000")
    (100, 20, 1, 500)
    """
    if not text:
        return HANDS_PAGE
    if not text.isdigit() or not text.isascii() or len(text) > 9:
        raise ValueError(text)
    return min(max(int(text), 1), MAX_HANDS_PAGE)


def event_hands_data(event: Event) -> dict[str, Any]:
    """The hands JSON of ``event``, every hand at once: 5 queries."""
    hands = list(Hand.objects.filter(event=event).order_by("table__number", "number").values_list(*HAND_FIELDS))
    return {"event": event.slug, "hands": _hands_out(hands, Q(hand__event=event))}


@dataclass(frozen=True)
class HandsPage:
    """One page of the hands JSON, as sent: the body and its ETag (a digest of the body, so a
    page that reads the same after a hand elsewhere keeps its tag)."""

    body: str
    etag: str
    next: str | None  # the address of the next page (for a ``Link`` header)


def event_hands_page(event: Event, *, after: tuple[int, int] | None, limit: int, base: str) -> HandsPage:
    """The ``limit`` hands after ``after`` (None: from the first) as the JSON body ``{"event",
    "hands", "next"}``; ``base`` is the endpoint's path, for ``"next"``. 5 queries whatever the
    page or the event holds."""
    hands_qs = Hand.objects.filter(event=event)
    if after is not None:
        table, number = after
        hands_qs = hands_qs.filter(Q(table__number=table, number__gt=number) | Q(table__number__gt=table))
    rows = list(hands_qs.order_by("table__number", "number").values_list(*HAND_FIELDS)[: limit + 1])
    page = rows[:limit]
    next_url = None
    if len(rows) > limit:  # one more: there is a next page
        next_url = f"{base}?after={page[-1][1]}:{page[-1][2]}" + (f"&limit={limit}" if limit != HANDS_PAGE else "")
    data = {"event": event.slug, "hands": _hands_out(page, Q(hand_id__in=[row[0] for row in page])), "next": next_url}
    body = json.dumps(data)
    etag = '"h' + hashlib.blake2b(body.encode(), digest_size=12).hexdigest() + '"'
    return HandsPage(body, etag, next_url)


def _hands_out(hands: Iterable[tuple[Any, ...]], of_hands: Q) -> list[dict[str, Any]]:
    """The JSON of ``hands`` (rows of `HAND_FIELDS`), whose boards and exchanges ``of_hands``
    selects: 4 queries."""
    boards: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in Board.objects.filter(of_hands).order_by("hand_id", "position").values_list(*BOARD_FIELDS):
        boards[row[1]].append(row)
    exchanges: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in (
        Exchange.objects.filter(of_hands)
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
    return out
