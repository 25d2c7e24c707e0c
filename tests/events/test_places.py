"""Finishing places for everyone (issue 19, part 2): eliminated entries by when they went out,
the players still in by chips when the director finishes the event, the last one standing 1st,
re-entered entries no place."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from django.contrib.auth.models import User

from vpt.events.models import Entry, Event
from vpt.events.places import compute_places
from vpt.events.services import set_event_status
from vpt.tours.event_simulation import simulate_event


def test_two_out_in_one_hand_more_chips_at_its_start_finishes_higher_equal_stacks_share() -> None:
    entries = [(1, 1, 1, "active"), (2, 2, 1, "eliminated"), (3, 3, 1, "eliminated"), (4, 4, 1, "eliminated")]
    eliminations = {2: (10, 800), 3: (10, 300), 4: (10, 300)}

    assert compute_places(entries, eliminations) == {1: 1, 2: 2, 3: 3, 4: 3}


def test_a_finished_event_places_the_players_still_in_by_chips_or_as_agreed() -> None:
    entries = [(1, 1, 1, "active"), (2, 2, 1, "active"), (3, 3, 1, "eliminated"), (4, 3, 2, "eliminated")]
    eliminations = {3: (4, 100), 4: (9, 200)}

    by_chips = compute_places(entries, eliminations, finished_stacks={1: 2000, 2: 7000})
    agreed = compute_places(entries, eliminations, finished_stacks={1: 2000, 2: 7000}, agreed={1: 1, 2: 2})
    running = compute_places(entries, eliminations)

    # Entry 3 re-entered (as entry 4): it is left out, so it holds no place.
    assert by_chips == {2: 1, 1: 2, 4: 3}
    assert agreed == {1: 1, 2: 2, 4: 3}
    assert running == {1: None, 2: None, 4: 3}


def assert_everyone_placed(event: Event) -> None:
    """Places run 1..(entries not re-entered), ties aside; only re-entered entries have none."""
    entries = list(Entry.objects.filter(event=event))
    latest = {}
    for entry in entries:
        if entry.player_id not in latest or entry.number > latest[entry.player_id].number:
            latest[entry.player_id] = entry
    reentered = [e for e in entries if latest[e.player_id] != e]
    placed = sorted(e.place for e in latest.values())
    assert all(e.place is None for e in reentered)
    assert None not in placed
    counts = Counter(placed)
    expected, place = [], 1
    for value in sorted(counts):
        assert value == place, f"place {place} is missing: {placed}"
        expected += [value] * counts[value]
        place += counts[value]
    assert placed == expected and place == len(latest) + 1


@pytest.mark.django_db
def test_an_event_played_to_the_end_gives_every_entry_a_place(director: User) -> None:
    # Played to the end through the real services (the places come from the eliminations they
    # record): 32 hands for this seed. Built in bulk, the places would be the test's own.
    event = simulate_event(players=7, hands=0, finish=True, seed=6, actor=director, starting_stack=300)

    assert event.status == Event.Status.FINISHED
    assert_everyone_placed(event)
    winner = Entry.objects.get(event=event, status=Entry.Status.ACTIVE)
    assert winner.place == 1
    assert Entry.objects.filter(event=event, number=2).exists(), "the seed should re-enter someone"


@pytest.mark.django_db
def test_finishing_with_players_left_places_them_by_chips_and_reopening_takes_it_back(director: User) -> None:
    event = simulate_event(players=9, hands=12, seed=3, actor=director, reentry=False)
    still_in = list(Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).order_by("-stack", "id"))
    assert len(still_in) > 3

    set_event_status(event, status=Event.Status.FINISHED, actor=director)

    assert_everyone_placed(event)
    places = {e.pk: e.place for e in Entry.objects.filter(event=event)}
    assert places[still_in[0].pk] == 1
    assert all(
        places[a.pk] < places[b.pk] or (places[a.pk] == places[b.pk] and a.stack == b.stack)
        for a, b in itertools.pairwise(still_in)
    ), [e.stack for e in still_in]

    set_event_status(event, status=Event.Status.RUNNING, actor=director)

    assert set(Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).values_list("place", flat=True)) == {None}
