"""Finishing places, and the event's end, worked out from who is still in.

finishing place  an entry's rank once out: later out finishes higher; out in the same hand,
                 more chips at that hand's start finishes higher; equal stacks share a place.
                 Only a player's latest entry holds one (a busted entry that re-entered
                 holds none); the last entry standing is 1st once everyone else is out.
decided          one active entry or none is left: the event is finished.

These are helpers for services that already hold the event lock (`record_hand`,
`apply_correction`, `reenter_player`); none of them opens a transaction. Which hands put whom out
is a fact of the hands (`vpt.rounds`): the services there pass it down (`eliminations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .models import Entry, Event


def compute_places(
    entries: Iterable[tuple[int, int, int, str]],
    eliminations: Mapping[int, tuple[int, int]],
) -> dict[int, int | None]:
    """Finishing place of every entry, from the order of eliminations.

    `entries` are (entry id, player id, entry number, status); `eliminations` maps an
    eliminated entry to (hand id, stack at that hand's start). Only a player's latest entry
    holds a place (a busted entry that re-entered holds none). Later out finishes higher; two
    out in the same hand: more chips at hand start finishes higher, equal stacks share the
    place. The last entry standing is 1st once everyone else is out.

    >>> compute_places([(1, 1, 1, "eliminated"), (2, 2, 1, "eliminated"), (3, 3, 1, "active"),
    ...                 (4, 4, 1, "eliminated")], {1: (7, 500), 2: (7, 500), 4: (3, 900)})
    {3: 1, 1: 2, 2: 2, 4: 4}
    """
    latest: dict[int, tuple[int, int, str]] = {}
    for entry_id, player_id, number, status in entries:
        if player_id not in latest or number > latest[player_id][1]:
            latest[player_id] = (entry_id, number, status)
    places: dict[int, int | None] = {}
    active = [entry_id for entry_id, _number, status in latest.values() if status == Entry.Status.ACTIVE]
    out = [entry_id for entry_id, _number, status in latest.values() if status != Entry.Status.ACTIVE]
    for entry_id in active:
        places[entry_id] = 1 if len(active) == 1 and out else None
    out.sort(key=lambda entry_id: eliminations.get(entry_id, (0, 0)), reverse=True)
    place = len(active) + 1
    previous: tuple[int, int] | None = None
    shared_place = place
    for entry_id in out:
        key = eliminations.get(entry_id, (0, 0))
        if key != previous:
            shared_place = place
        places[entry_id] = shared_place
        previous = key
        place += 1
    return places


def assign_places(event: Event, *, eliminations: Mapping[int, tuple[int, int]] | None) -> list[Entry]:
    """Recompute and save every finishing place of `event` (call with the event locked).

    `eliminations`: what put each entry out, as `compute_places` reads it, from the hands that
    still count (`vpt.rounds.services.elimination_order`). None keeps the order the stored
    places already give: a re-entry changes who is still in, not the order the others went out.
    """
    rows = list(Entry.objects.filter(event=event).values_list("id", "player_id", "number", "status", "place"))
    if eliminations is None:
        eliminations = stored_order(rows)
    places = compute_places([row[:4] for row in rows], eliminations)
    changed = [Entry(id=row[0], place=places.get(row[0])) for row in rows if places.get(row[0]) != row[4]]
    if changed:
        Entry.objects.bulk_update(changed, ["place"])
    return changed


def stored_order(rows: Iterable[tuple[int, int, int, str, int | None]]) -> dict[int, tuple[int, int]]:
    """The order the stored places of the entries that are out give, as `compute_places` reads
    eliminations: a better place went out later (a higher key), equal places went out together.

    `rows` are (entry id, player id, entry number, status, place).

    >>> stored_order([(1, 1, 1, "eliminated", 3), (2, 2, 1, "eliminated", 2), (3, 3, 1, "active", None)])
    {1: (999999997, 0), 2: (999999998, 0)}
    """
    return {
        entry_id: (10**9 - place, 0)
        for entry_id, _player, _number, status, place in rows
        if status != Entry.Status.ACTIVE and place is not None
    }


def finish_if_decided(event: Event) -> None:
    """Finish the event when at most one entry is still in; reopen it when a correction revives one."""
    active = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()
    status = (
        Event.Status.FINISHED
        if active <= 1
        else (Event.Status.RUNNING if event.status == Event.Status.FINISHED else event.status)
    )
    if status != event.status:
        event.status = status
        event.save(update_fields=["status"])
