"""The own version of a table's page and of a player's page (`vpt.pages.live`, "own version").

A digest of what the page shows that can change, read in one query (sums and counts over the
table's or the player's own rows, by index) however many hands were played: a hand at
another table, or a player at another table, leaves it as it was, so those pages are not
re-rendered after every hand in the room, and phones polling them get 304s. A correction
anywhere in the event changes every page (it can move stacks shown in later hands
elsewhere); corrections are rare.

The query is the one cost of a poll that finds nothing changed (a 304), and the ORM spends ten
times longer compiling its subqueries than the database spends running them (3-4 ms against
0.3-0.6 ms on SQLite). So each version's SQL is compiled once per database, from a queryset
built with stand-in ids, and later reads put their own ids in its parameters (`_first_row`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections, router
from django.db.models import Count, F, Max, Model, OuterRef, QuerySet, Subquery, Sum
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


def _read(rows: QuerySet[Any], fields: tuple[str, ...], *aggregates: dict[str, Subquery]) -> QuerySet[Any]:
    """The first row's own ``fields`` and every aggregate's value, as one query."""
    annotations = {name: value for group in aggregates for name, value in group.items()}
    return rows.annotate(**annotations).values_list(*fields, *annotations).order_by("pk")[:1]


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    slots: tuple[int | None, ...]  # per parameter: which argument it is (None: a constant)


# Stand-in arguments: each must land in the SQL's parameters as itself, so none equals a constant
# of the queries (0, 100), and each fits the smallest field it stands for (a table's number).
_STAND_INS = (32_749, 32_719)
_COMPILED: dict[tuple[str, str], _Compiled] = {}


def _first_row(
    name: str, model: type[Model], build: Callable[..., QuerySet[Any]], *args: int
) -> tuple[Any, ...] | None:
    """The first row of ``build(*args)`` (None: no row), a query of ``model``, 1 query: its SQL
    compiled the first time ``name`` is read on a database, with stand-ins for ``args``, and
    reused after that.
    The values are the database's own (no ORM conversion): a version is only ever compared
    with a version read the same way."""
    stand_ins = _STAND_INS[: len(args)]
    alias = router.db_for_read(model)
    compiled = _COMPILED.get((name, alias))
    if compiled is None:
        sql, params = build(*stand_ins).query.sql_with_params()
        slots = tuple(stand_ins.index(param) if param in stand_ins else None for param in params)
        assert all(slots.count(index) for index in range(len(args))), f"{name}: an argument is not a parameter"
        compiled = _COMPILED[(name, alias)] = _Compiled(sql, tuple(params), slots)
    values = [param if slot is None else args[slot] for param, slot in zip(compiled.params, compiled.slots)]
    with connections[alias].cursor() as cursor:
        cursor.execute(compiled.sql, values)
        found: tuple[Any, ...] | None = cursor.fetchone()
    return found


def _last_correction() -> dict[str, Subquery]:
    """When a hand of the event was last corrected, voided or reopened."""
    return _aggregate(Hand.objects.filter(event=OuterRef("event")), corrected=Max("changed_at"))


def _table_facts(event_id: int, number: int) -> QuerySet[Any]:
    return _read(
        Table.objects.filter(event_id=event_id, number=number),
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


def table_version(event: Event, number: int) -> str:
    """What a table's page shows: the table, its hands, its seats and their stacks."""
    found = _first_row("table", Table, _table_facts, event.pk, number)
    if found is None:
        raise Http404(gettext("No such table."))
    return _digest(found)


def _player_facts(event_id: int, player_id: int) -> QuerySet[Any]:
    return _read(
        Player.objects.filter(event_id=event_id, pk=player_id),
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


def player_version(event: Event, player_id: int) -> str:
    """What a player's page shows: the player, their entries and the hands they played."""
    found = _first_row("player", Player, _player_facts, event.pk, player_id)
    if found is None:
        raise Http404(gettext("No such player."))
    return _digest(found)
