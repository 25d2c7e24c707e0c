"""Finishing places, and the event's end, worked out from who is still in.

finishing place  an entry's rank once out: later out finishes higher; out in the same hand,
                 more chips at that hand's start finishes higher; equal stacks share a place.
                 Only a player's latest entry holds one (a busted entry that re-entered
                 holds none); the last entry standing is 1st once everyone else is out.
decided          one active entry or none is left: the event is finished.
finished with players in  the director finished the event (or a deal did) with several still
                 in: they take the top places by the deal's places, or else by chips (most
                 chips first; equal stacks share a place). A finished event places everyone
                 but the re-entered.

These are helpers for services that already hold the event lock (`record_hand`,
`apply_correction`, `reenter_player`); none of them opens a transaction. Which hands put whom out
is a fact of the hands (`vpt.rounds`): the services there pass it down (`eliminations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from vpt.accounts.permissions import Actor

from .flights import is_flight, players_to_finish_at
from .models import Deal, DealShare, Entry, Event
from .satellite_tickets import sync_satellite_tickets


def compute_places(
    entries: Iterable[tuple[int, int, int, str]],
    eliminations: Mapping[int, tuple[int, int]],
    *,
    finished_stacks: Mapping[int, int] | None = None,
    agreed: Mapping[int, int] | None = None,
) -> dict[int, int | None]:
    """Finishing place of every entry, from the order of eliminations.

    `entries` are (entry id, player id, entry number, status); `eliminations` maps an
    eliminated entry to (hand id, stack at that hand's start). Only a player's latest entry
    holds a place (a busted entry that re-entered holds none). Later out finishes higher; two
    out in the same hand: more chips at hand start finishes higher, equal stacks share the
    place. The last entry standing is 1st once everyone else is out.

    `finished_stacks`: the event is finished, these are the stacks of the entries still in;
    they take the top places by `agreed` (a deal's places) or else by chips, most first,
    equal stacks sharing a place.

    >>> compute_places([(1, 1, 1, "eliminated"), (2, 2, 1, "eliminated"), (3, 3, 1, "active"),
    ...                 (4, 4, 1, "eliminated")], {1: (7, 500), 2: (7, 500), 4: (3, 900)})
    {3: 1, 1: 2, 2: 2, 4: 4}
    >>> compute_places([(1, 1, 1, "active"), (2, 2, 1, "active"), (3, 3, 1, "active"), (4, 4, 1, "eliminated")],
    ...                {4: (9, 100)}, finished_stacks={1: 500, 2: 900, 3: 500})
    {2: 1, 1: 2, 3: 2, 4: 4}
    """
    latest: dict[int, tuple[int, int, str]] = {}
    for entry_id, player_id, number, status in entries:
        if player_id not in latest or number > latest[player_id][1]:
            latest[player_id] = (entry_id, number, status)
    places: dict[int, int | None] = {}
    active = [entry_id for entry_id, _number, status in latest.values() if status == Entry.Status.ACTIVE]
    out = [entry_id for entry_id, _number, status in latest.values() if status != Entry.Status.ACTIVE]
    if finished_stacks is not None:
        places.update(_places_still_in(active, finished_stacks, agreed or {}))
    else:
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


def _places_still_in(active: list[int], stacks: Mapping[int, int], agreed: Mapping[int, int]) -> dict[int, int]:
    """The top places for the entries still in a finished event: as agreed, else by chips."""
    if agreed and all(entry_id in agreed for entry_id in active):
        return {entry_id: agreed[entry_id] for entry_id in active}
    ranked = sorted(active, key=lambda entry_id: -stacks.get(entry_id, 0))
    places: dict[int, int] = {}
    for index, entry_id in enumerate(ranked, start=1):
        earlier = ranked[index - 2] if index > 1 else None
        same = earlier is not None and stacks.get(earlier, 0) == stacks.get(entry_id, 0)
        places[entry_id] = places[earlier] if same and earlier is not None else index
    return places


def assign_places(
    event: Event, *, eliminations: Mapping[int, tuple[int, int]] | None, agreed: Mapping[int, int] | None = None
) -> list[Entry]:
    """Recompute and save every finishing place of `event` (call with the event locked).

    `eliminations`: what put each entry out, as `compute_places` reads it, from the hands that
    still count (`vpt.rounds.services.elimination_order`). None keeps the order the stored
    places already give: a re-entry changes who is still in, not the order the others went out.
    A finished event places the entries still in too: by `agreed` (a deal's places, entry id →
    place; read from the event's deal when not given) or else by chips.
    """
    rows = list(Entry.objects.filter(event=event).values_list("id", "player_id", "number", "status", "place", "stack"))
    if eliminations is None:
        eliminations = stored_order([row[:5] for row in rows])
    # A finished flight places only who went out: the players still in advance, placeless.
    flight = is_flight(event)
    finished = event.status == Event.Status.FINISHED and not flight
    if finished and agreed is None:
        agreed = dict(DealShare.objects.filter(deal__event=event).values_list("entry_id", "place"))
        if not agreed and event.target_id is not None:
            agreed = _satellite_places(event, [row[0] for row in rows if row[3] == Entry.Status.ACTIVE])
    places = compute_places(
        [row[:4] for row in rows],
        eliminations,
        finished_stacks={row[0]: row[5] for row in rows if row[3] == Entry.Status.ACTIVE} if finished else None,
        agreed=agreed,
    )
    if flight:
        places.update({row[0]: None for row in rows if row[3] == Entry.Status.ACTIVE})
    changed = [Entry(id=row[0], place=places.get(row[0])) for row in rows if places.get(row[0]) != row[4]]
    if changed:
        Entry.objects.bulk_update(changed, ["place"])
    return changed


def _satellite_places(event: Event, active: list[int]) -> dict[int, int]:
    """A finished satellite without a deal: the entries still in share place 1 (the tie block
    1..seats) when they are no more than its seats; more (the director finished it early) are
    ranked by chips as in any event."""
    if len(active) > players_to_finish_at(event):
        return {}
    return dict.fromkeys(active, 1)


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


def finish_if_decided(event: Event, *, actor: Actor = None) -> None:
    """Finish the event when at most `players_to_finish_at` entries are still in (one; a
    flight's advance number); reopen it when a correction revives one (the entries still in
    then hold no place again). An event that ended by a deal stays finished: the players in
    the deal are still in, and only undoing the deal reopens it. So does a flight that ended: its
    day is over (the director may have ended it with more players in than its advance number),
    and whoever a correction revives advances with the others; the director reopens it to play
    on. A satellite issues (or, reopened, withdraws) its tickets as its places now stand
    (`sync_satellite_tickets`)."""
    if event.status == Event.Status.FINISHED and (is_flight(event) or Deal.objects.filter(event=event).exists()):
        return
    active = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()
    status = (
        Event.Status.FINISHED
        if active <= players_to_finish_at(event)
        else (Event.Status.RUNNING if event.status == Event.Status.FINISHED else event.status)
    )
    if status != event.status:
        event.status = status
        event.save(update_fields=["status"])
        assign_places(event, eliminations=None)
    if event.target_id is not None:
        sync_satellite_tickets(event, actor=actor)
