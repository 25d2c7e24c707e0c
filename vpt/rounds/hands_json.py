"""An event's recorded hands as data: `GET /api/events/<slug>/hands`, from the hand's read model
(`vpt.rounds.hand_view`).

Every recorded hand (voided ones too, with ``"status": "void"``), table then number order,
with each board in payment order and the exchanges as `score_hand` gives them. Names are the
players' as public pages give them (`Player.public_name`: a hidden person is "Hidden player"),
beside the entry's and the person's ids. Read in 3 queries whatever the number of hands.

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
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from vpt.events.models import Event

from .hand_view import HandView
from .models import Hand
from .selectors import hand_views

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
    """The hands JSON of ``event``, every hand at once: 3 queries."""
    hands = Hand.objects.filter(event=event).order_by("table__number", "number")
    return {"event": event.slug, "hands": _hands_out(hands)}


@dataclass(frozen=True)
class HandsPage:
    """One page of the hands JSON, as sent: the body and its ETag (a digest of the body, so a
    page that reads the same after a hand elsewhere keeps its tag)."""

    body: str
    etag: str
    next: str | None  # the address of the next page (for a ``Link`` header)


def event_hands_page(event: Event, *, after: tuple[int, int] | None, limit: int, base: str) -> HandsPage:
    """The ``limit`` hands after ``after`` (None: from the first) as the JSON body ``{"event",
    "hands", "next"}``; ``base`` is the endpoint's path, for ``"next"``. 3 queries whatever the
    page or the event holds."""
    hands_qs = Hand.objects.filter(event=event)
    if after is not None:
        table, number = after
        hands_qs = hands_qs.filter(Q(table__number=table, number__gt=number) | Q(table__number__gt=table))
    views = hand_views(hands_qs.order_by("table__number", "number")[: limit + 1], public=True)
    page = views[:limit]
    next_url = None
    if len(views) > limit:  # one more: there is a next page
        last = page[-1].hand
        next_url = f"{base}?after={last.table.number}:{last.number}" + (
            f"&limit={limit}" if limit != HANDS_PAGE else ""
        )
    data = {"event": event.slug, "hands": [_hand_out(view) for view in page], "next": next_url}
    body = json.dumps(data)
    etag = '"h' + hashlib.blake2b(body.encode(), digest_size=12).hexdigest() + '"'
    return HandsPage(body, etag, next_url)


def _hands_out(hands: QuerySet[Hand]) -> list[dict[str, Any]]:
    return [_hand_out(view) for view in hand_views(hands, public=True)]


def _hand_out(view: HandView) -> dict[str, Any]:
    hand = view.hand
    return {
        "table": hand.table.number,
        "number": hand.number,
        "status": hand.status,
        "level": hand.level.number if hand.level else None,
        "chips_per_point": hand.chips_per_point,
        "button": hand.button_seat,
        "players": [
            {
                "seat": seat.seat,
                "name": seat.player_name,
                "entry_id": seat.entry_id,
                "person_id": seat.person_id,
                "fantasyland_cards": seat.fantasyland_cards,
                "top": seat.top,
                "middle": seat.middle,
                "bottom": seat.bottom,
                "fouled": seat.fouled,
                "royalties": seat.royalty_total,
                "stack_before": seat.stack_before,
                "stack_after": seat.stack_after,
            }
            for seat in view.seats
        ],
        "exchanges": [exchange.as_json(by_player=True) for exchange in view.exchanges],
    }
