"""Each open table's pace and health, worst first (floor.md, "Pace"): what the director's tables
overview and ``GET /api/events/<slug>/tables`` show.

facts      pace (hands per hour over the last 30 minutes, `vpt.rounds.pace`), hands this level
           (`vpt.seating.pace.hands_this_level`), hands behind the table with the most this
           level, minutes since its last hand, minutes since its device's last contact
           (`vpt.tables.contact`), open calls to the floor and open disputes ("Something's
           wrong"), a lone player, a Fantasyland hand pending.
worst      a call first, then a dispute, a lone player, a table that has recorded nothing for a
           while, one far behind, a device out of touch (`score`); ties by table number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count

from vpt.events.models import Event
from vpt.seating.models import FloorCall
from vpt.seating.pace import hands_this_level
from vpt.tables.contact import last_contacts
from vpt.tables.models import Table

from .models import HandFlag
from .pace import table_paces

__all__ = ["TableHealth", "health_json", "table_health", "worst_first"]

QUIET_MINUTES = 10  # no hand for this long counts against a table
OUT_OF_TOUCH_MINUTES = 2  # a device polls every few seconds: two minutes of silence is a sign


@dataclass(frozen=True)
class TableHealth:
    table_id: int
    number: int
    pace_per_hour: int
    hands_this_level: int
    hands_behind: int
    minutes_since_last_hand: int | None
    minutes_since_contact: int | None
    open_calls: int
    disputes: int
    lone_player: bool
    fantasyland_pending: bool

    @property
    def quiet(self) -> bool:
        return self.minutes_since_last_hand is not None and self.minutes_since_last_hand >= QUIET_MINUTES

    @property
    def out_of_touch(self) -> bool:
        return self.minutes_since_contact is None or self.minutes_since_contact >= OUT_OF_TOUCH_MINUTES

    @property
    def score(self) -> int:
        """How badly the table needs the floor: higher is worse."""
        return (
            1000 * self.open_calls
            + 500 * self.disputes
            + 300 * self.lone_player
            + 10 * min(self.minutes_since_last_hand or 0, 60) * self.quiet
            + 20 * self.hands_behind
            + 5 * self.out_of_touch
        )


def _minutes(since: datetime | None, now: datetime) -> int | None:
    return None if since is None else max(0, int((now - since).total_seconds() // 60))


def table_health(event: Event, tables: Iterable[tuple[Table, int, bool]], *, now: datetime) -> dict[int, TableHealth]:
    """The health of each of `tables` (the event's open tables, each with its players seated and
    whether a Fantasyland hand is pending), by table id: 4 queries."""
    rows = list(tables)
    paces = table_paces(event, now=now)
    calls = Counter(
        {
            row["table_id"]: row["n"]
            for row in FloorCall.objects.filter(event=event)
            .exclude(status=FloorCall.Status.DONE)
            .values("table_id")
            .annotate(n=Count("id"))
        }
    )
    disputes = Counter(
        {
            row["hand__table_id"]: row["n"]
            for row in HandFlag.objects.filter(hand__event=event, resolved_at__isnull=True)
            .values("hand__table_id")
            .annotate(n=Count("id"))
        }
    )
    contacts = last_contacts(table.pk for table, _seated, _fl in rows)
    level_hands = {table.pk: hands_this_level(table, event) for table, _seated, _fl in rows}
    most = max(level_hands.values(), default=0)
    health = {}
    for table, seated, fantasyland in rows:
        pace = paces.get(table.pk)
        health[table.pk] = TableHealth(
            table_id=table.pk,
            number=table.number,
            pace_per_hour=pace.per_hour if pace else 0,
            hands_this_level=level_hands[table.pk],
            hands_behind=most - level_hands[table.pk],
            minutes_since_last_hand=_minutes(pace.last_hand_at if pace else None, now),
            minutes_since_contact=_minutes(contacts.get(table.pk), now),
            open_calls=calls[table.pk],
            disputes=disputes[table.pk],
            lone_player=seated == 1,
            fantasyland_pending=fantasyland,
        )
    return health


def worst_first(health: Sequence[TableHealth]) -> list[TableHealth]:
    """The tables, the one that most needs the floor first (then by number)."""
    return sorted(health, key=lambda row: (-row.score, row.number))


def health_json(row: TableHealth) -> dict[str, object]:
    """A table's health as the tables JSON names it (README, "Floor codes and fields")."""
    return {
        "pace_per_hour": row.pace_per_hour,
        "hands_this_level": row.hands_this_level,
        "hands_behind": row.hands_behind,
        "minutes_since_last_hand": row.minutes_since_last_hand,
        "minutes_since_contact": row.minutes_since_contact,
        "open_calls": row.open_calls,
        "disputes": row.disputes,
        "lone_player": row.lone_player,
        "fantasyland_pending": row.fantasyland_pending,
    }
