"""The own version of a table's page and of a player's page (`vpt.pages.live`, "own version").

A digest of what the page shows that can change, read in one query (sums and counts over the
table's or the player's own rows, by index) however many hands were played: a hand at
another table, or a player at another table, leaves it as it was, so those pages are not
re-rendered after every hand in the room, and phones polling them get 304s. A correction
anywhere in the event changes every page (it can move stacks shown in later hands
elsewhere); corrections are rare.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import Count, F, Max, OuterRef, QuerySet, Subquery, Sum
from django.http import Http404
from django.utils.translation import gettext

from vpt.events.models import Entry, Event, Player
from vpt.rounds.models import Board, Hand
from vpt.seating.models import Seat
from vpt.tables.models import Table


def _digest(facts: Any) -> str:
    return hashlib.blake2b(repr(facts).encode(), digest_size=10).hexdigest()


def _aggregate(rows: QuerySet[Any], **aggregates: Any) -> dict[str, Subquery]:
    """Each aggregate of ``rows`` (filtered on the outer row) as a subquery named ``v_<name>``."""
    grouped = rows.order_by().annotate(group=F("pk") * 0).values("group")
    return {
        f"v_{name}": Subquery(grouped.annotate(value=expression).values("value"))
        for name, expression in aggregates.items()
    }


def _read(rows: QuerySet[Any], fields: tuple[str, ...], *aggregates: dict[str, Subquery]) -> tuple[Any, ...] | None:
    """The row's own ``fields`` and every aggregate's value, in one query (None: no such row)."""
    annotations = {name: value for group in aggregates for name, value in group.items()}
    found: tuple[Any, ...] | None = rows.annotate(**annotations).values_list(*fields, *annotations).first()
    return found


def _last_correction() -> dict[str, Subquery]:
    """When a hand of the event was last corrected, voided or reopened."""
    return _aggregate(Hand.objects.filter(event=OuterRef("event")), corrected=Max("changed_at"))


def table_version(event: Event, number: int) -> str:
    """What a table's page shows: the table, its hands, its seats and their stacks."""
    found = _read(
        Table.objects.filter(event=event, number=number),
        ("id", "status", "button_seat", "last_hand_number"),
        _aggregate(Hand.objects.filter(table=OuterRef("pk")), hands=Count("id"), versions=Sum("version")),
        _aggregate(
            Seat.objects.filter(table=OuterRef("pk")),
            seated=Sum(F("number") * F("entry_id")),
            stacks=Sum("entry__stack"),
            fantasyland=Sum(F("number") * F("fantasyland_cards")),
        ),
        _last_correction(),
    )
    if found is None:
        raise Http404(gettext("No such table."))
    return _digest(found)


def player_version(event: Event, player_id: int) -> str:
    """What a player's page shows: the player, their entries and the hands they played."""
    found = _read(
        Player.objects.filter(event=event, pk=player_id),
        ("id", "name"),
        _aggregate(
            Entry.objects.filter(player=OuterRef("pk")), entries=Count("id"), stacks=Sum("stack"), places=Sum("place")
        ),
        _aggregate(Seat.objects.filter(entry__player=OuterRef("pk")), seat=Sum(F("table_id") * 100 + F("number"))),
        _aggregate(
            Board.objects.filter(entry__player=OuterRef("pk")),
            boards=Count("id"),
            last_hand=Max("hand_id"),
            versions=Sum("hand__version"),
        ),
        _last_correction(),
    )
    if found is None:
        raise Http404(gettext("No such player."))
    return _digest(found)
