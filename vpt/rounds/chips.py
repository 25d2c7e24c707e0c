"""Chip conservation: the proof `check_chips` prints.

1. Every recorded (not void) hand settles to zero: the boards' stack changes sum to 0, and
   each board's change equals the chips paid in its exchanges (skipped exchanges pay 0).
2. Every entry's stack equals its starting stack plus its hands plus its chip adjustments;
   an eliminated entry holds 0 chips, an active one more than 0.
3. The event's chips equal the starting stacks of all entries (registrations and re-entries)
   plus all adjustments.
4. A main event's Day 2: each entry starts with the final stack of its person's entry in the
   flight it came from, and no advancing stack of a flight is lost (every one is on Day 2,
   or withdrawn by the best-stack policy).
"""

from __future__ import annotations

from collections import defaultdict

from vpt.events.models import ChipAdjustment, Entry, Event

from .models import Board, Exchange, Hand


def chip_discrepancies(event: Event) -> list[str]:
    """Every violation of the rules above, one line each; empty when the chips are conserved. 4 queries."""
    problems: list[str] = []
    boards = list(
        Board.objects.filter(hand__event=event, hand__status=Hand.Status.RECORDED).values_list(
            "id", "hand_id", "hand__table__number", "hand__number", "entry_id", "stack_before", "stack_after"
        )
    )
    exchanges = Exchange.objects.filter(hand__event=event, hand__status=Hand.Status.RECORDED).values_list(
        "hand_id", "board_a_id", "board_b_id", "chips_paid", "skipped"
    )
    paid: dict[int, int] = defaultdict(int)
    for _hand, a, b, chips, skipped in exchanges:
        if skipped and chips:
            problems.append(f"exchange between boards {a} and {b} is skipped but moved {chips} chips")
        paid[a] += chips
        paid[b] -= chips
    hand_sum: dict[int, int] = defaultdict(int)
    labels: dict[int, str] = {}
    entry_delta: dict[int, int] = defaultdict(int)
    for board_id, hand_id, table, number, entry_id, before, after in boards:
        labels[hand_id] = f"table {table} hand {number}"
        hand_sum[hand_id] += after - before
        entry_delta[entry_id] += after - before
        if after - before != paid[board_id]:
            problems.append(
                f"{labels[hand_id]}: board {board_id} changed by {after - before} chips "
                f"but its exchanges paid {paid[board_id]}"
            )
        if before < 1 or after < 0:
            problems.append(f"{labels[hand_id]}: board {board_id} has stacks {before} -> {after}")
    for hand_id, total in hand_sum.items():
        if total:
            problems.append(f"{labels[hand_id]}: settlement does not sum to zero ({total:+d} chips)")

    adjustments: dict[int, int] = defaultdict(int)
    for entry_id, amount in ChipAdjustment.objects.filter(event=event).values_list("entry_id", "amount"):
        adjustments[entry_id] += amount
    total_stacks = total_expected = 0
    for entry in Entry.objects.filter(event=event).select_related("player"):
        expected = entry.starting_stack + entry_delta[entry.pk] + adjustments[entry.pk]
        total_stacks += entry.stack
        total_expected += entry.starting_stack + adjustments[entry.pk]
        if entry.stack != expected:
            problems.append(
                f"{entry} (entry {entry.pk}): stack {entry.stack}, but starting stack {entry.starting_stack} "
                f"{entry_delta[entry.pk]:+d} from hands {adjustments[entry.pk]:+d} adjusted = {expected}"
            )
        if entry.status == Entry.Status.ELIMINATED and entry.stack != 0:
            problems.append(f"{entry} (entry {entry.pk}) is eliminated with {entry.stack} chips")
        if entry.status == Entry.Status.ACTIVE and entry.stack <= 0:
            problems.append(f"{entry} (entry {entry.pk}) is active with {entry.stack} chips")
    if total_stacks != total_expected:
        problems.append(
            f"the event holds {total_stacks} chips; entries and adjustments put {total_expected} "
            f"in play ({total_stacks - total_expected:+d})"
        )
    return problems + day2_discrepancies(event)


def day2_discrepancies(event: Event) -> list[str]:
    """Rule 4 for a main event whose Day 2 has started (empty otherwise). 2 queries."""
    day2 = list(
        Entry.objects.filter(event=event, flight__isnull=False).values_list(
            "id", "player__person_id", "flight_id", "starting_stack"
        )
    )
    if not day2:
        return []
    advancing = {
        (person, flight): (entry_id, stack, withdrawn)
        for entry_id, person, flight, stack, withdrawn in Entry.objects.filter(
            event__main_event=event, event__status=Event.Status.FINISHED, status=Entry.Status.ACTIVE
        ).values_list("id", "player__person_id", "event_id", "stack", "withdrawn")
    }
    problems = []
    used = set()
    for entry_id, person, flight, starting in day2:
        source = advancing.get((person, flight))
        if source is None:
            problems.append(f"Day 2 entry {entry_id} came from no advancing entry of its flight")
            continue
        used.add(source[0])
        if source[1] != starting:
            problems.append(
                f"Day 2 entry {entry_id} starts with {starting} chips, "
                f"but its flight entry {source[0]} ended with {source[1]}"
            )
        if source[2]:
            problems.append(f"Day 2 entry {entry_id} came from entry {source[0]}, which was withdrawn")
    for entry_id, _stack, withdrawn in advancing.values():
        if entry_id not in used and not withdrawn:
            problems.append(f"flight entry {entry_id} advanced but is neither on Day 2 nor withdrawn")
    return problems
