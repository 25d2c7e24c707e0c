"""When a table's device (or its dealer's page) last reached the server: the floor's "device
last contact" (floor.md, "Pace"). Kept in the cache, not the database: every poll of a dealer's
page would otherwise be a write. Shared by every server with `VPT_CACHE_URL`; without it each
process knows the contacts it answered (the newest is what the readers here see per process),
and a restart forgets them: a table then reads as "no contact yet" until its next poll."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.core.cache import cache
from django.utils import timezone

__all__ = ["last_contacts", "note_contact"]

KEEP_SECONDS = 12 * 3600


def _key(table_id: int) -> str:
    return f"vpt:table-contact:{table_id}"


def note_contact(table_id: int, *, now: datetime | None = None) -> None:
    """The table's device or dealer's page asked the server something now."""
    cache.set(_key(table_id), (now or timezone.now()).timestamp(), KEEP_SECONDS)


def last_contacts(table_ids: Iterable[int]) -> dict[int, datetime]:
    """The last contact of each of the tables that made one (no query: one cache read)."""
    ids = list(table_ids)
    found = cache.get_many([_key(table_id) for table_id in ids])
    return {
        table_id: datetime.fromtimestamp(found[_key(table_id)], tz=timezone.get_current_timezone())
        for table_id in ids
        if _key(table_id) in found
    }
