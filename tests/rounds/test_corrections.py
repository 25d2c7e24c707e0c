from typing import Any

import pytest
from django.contrib.auth.models import User

from vpt.audit.models import AuditEntry
from vpt.errors import Conflict, NotAllowed
from vpt.events.entries import adjust_chips
from vpt.events.models import Entry
from vpt.rounds.chips import chip_discrepancies
from vpt.rounds.corrections import apply_correction, apply_void, plan_correction, plan_void
from vpt.rounds.models import Board, Hand
from vpt.rounds.services import record_hand
from vpt.seating.models import Seat
from vpt.tables.models import Table


def _stacks() -> dict[str, int]:
    return dict(Entry.objects.values_list("player__name", "stack"))


def test_correction_replays_later_hands(table: Table, director: User, kit: Any) -> None:
    first = record_hand(
        table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    p1 = first.boards.get(position=0).entry
    record_hand(
        table, hand_number=2, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    before = _stacks()
    # Hand 1 was entered wrongly: P1's board was fouled. P1 then pays 6 + royalties to each.
    corrected = {b.seat_number: {"top": b.top, "middle": b.middle, "bottom": b.bottom} for b in first.boards.all()}
    corrected[first.boards.get(position=0).seat_number] = {
        "top": "Jc Jd 4s",
        "middle": "4c 5d 6h 7s 8c",
        "bottom": "Th Tc 7d 7c 5s",
    }

    plan = plan_correction(first, boards=corrected, actor=director)
    preview = plan.report

    assert _stacks() == before  # nothing saved
    changes = {c.subject: (c.before, c.after) for c in preview.stacks}
    # P1: was +600, now -2400 (6 + 6 royalties to each opponent): a shift of -3000 chips.
    assert changes[str(p1)] == (before[str(p1)], before[str(p1)] - 3000)
    assert [h.number for h in preview.replayed] == [2]
    assert sum(after - was for was, after in changes.values()) == 0

    result = apply_correction(first, boards=corrected, actor=director, reason="P1 fouled", seen=plan.token)

    assert {c.subject: c.after for c in result.stacks} == {k: v[1] for k, v in changes.items()}
    assert _stacks()[str(p1)] == before[str(p1)] - 3000
    second = Hand.objects.get(number=2)
    assert second.boards.get(entry=p1).stack_before == 10600 - 3000
    first.refresh_from_db()
    assert first.version == 2 and first.boards.get(entry=p1).fouled
    assert chip_discrepancies(table.event) == []
    audit = AuditEntry.objects.get(action="rounds.hand_corrected")
    assert audit.before[0]["middle"] == "Th Tc 7d 7c 5s" and "P1 fouled" in audit.summary


def test_correction_that_would_revive_a_player_who_missed_hands_is_refused(
    table: Table, director: User, kit: Any
) -> None:
    p1, _p2, _p3 = kit.entries_in_order(table)
    adjust_chips(p1, amount=-9500, reason="penalty, to make a short stack", actor=director)
    first = record_hand(
        table,
        hand_number=1,
        actor=director,
        boards=kit.by_position(table, [kit.QUEENS_FOULED, kit.ACES_FULL, kit.JACKS]),
    )
    assert Entry.objects.get(pk=p1.pk).status == Entry.Status.ELIMINATED
    record_hand(table, hand_number=2, actor=director, boards=kit.by_position(table, [kit.ACES_FULL, kit.JACKS]))
    fixed = {b.seat_number: {"top": b.top, "middle": b.middle, "bottom": b.bottom} for b in first.boards.all()}
    fixed[first.boards.get(entry=p1).seat_number] = kit.QUEENS_FULL

    with pytest.raises(Conflict) as refused:
        plan_correction(first, boards=fixed, actor=director)

    assert refused.value.code == "would_revive"
    message = str(refused.value)
    assert f"bring back {p1}" in message and "table 1 hand 2" in message and "Void those hands" in message

    # Resolution: void hand 2, then correct hand 1; P1 is back in their seat.
    apply_void(Hand.objects.get(number=2), actor=director, reason="replayed after correction", seen=None)
    apply_correction(first, boards=fixed, actor=director, reason="fixed", seen=None)

    entry = Entry.objects.get(pk=p1.pk)
    assert entry.status == Entry.Status.ACTIVE and entry.place is None and entry.eliminated_at_hand is None
    assert Seat.objects.get(entry=entry).number == first.boards.get(entry=p1).seat_number
    assert chip_discrepancies(table.event) == []


def test_void_hand_restores_stacks_button_and_fantasyland(table: Table, director: User, kit: Any) -> None:
    table.refresh_from_db()
    button = table.button_seat
    hand = record_hand(
        table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.QUEENS_UP, kit.JACKS, kit.ACES_FULL])
    )
    assert Seat.objects.filter(fantasyland_cards=14).count() == 1

    plan = plan_void(hand, actor=director)
    assert [c.after for c in plan.report.fantasyland] == [0]
    apply_void(hand, actor=director, reason="misdeal", seen=plan.token)

    assert set(_stacks().values()) == {10000}
    assert not Seat.objects.filter(fantasyland_cards__gt=0).exists()
    hand.refresh_from_db()
    table.refresh_from_db()
    assert hand.is_void and table.button_seat == button and table.last_hand_number == 1
    assert chip_discrepancies(table.event) == []
    with pytest.raises(Conflict):
        plan_void(hand, actor=director)
    with pytest.raises(Conflict):
        apply_void(hand, actor=director, reason="again", seen=None)


def test_only_directors_correct(table: Table, director: User, dealer_user: User, kit: Any) -> None:
    hand = record_hand(
        table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    with pytest.raises(NotAllowed):
        plan_void(hand, actor=dealer_user)
    with pytest.raises(NotAllowed):
        apply_void(hand, actor=dealer_user, reason="mine", seen=None)
    assert Board.objects.filter(hand=hand).count() == 3


def test_a_correction_planned_before_another_hand_was_recorded_is_refused(
    table: Table, director: User, kit: Any
) -> None:
    first = record_hand(
        table, hand_number=1, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    corrected = {b.seat_number: {"top": b.top, "middle": b.middle, "bottom": b.bottom} for b in first.boards.all()}
    corrected[first.boards.get(position=0).seat_number] = {
        "top": "Jc Jd 4s",
        "middle": "4c 5d 6h 7s 8c",
        "bottom": "Th Tc 7d 7c 5s",
    }
    plan = plan_correction(first, boards=corrected, actor=director)
    assert plan.report.replayed == []
    record_hand(
        table, hand_number=2, actor=director, boards=kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    )
    before = _stacks()

    with pytest.raises(Conflict) as refused:
        apply_correction(first, boards=corrected, actor=director, reason="P1 fouled", seen=plan.token)

    assert refused.value.code == "plan_changed"
    first.refresh_from_db()
    assert _stacks() == before and first.version == 1
    again = plan_correction(first, boards=corrected, actor=director)
    assert [h.number for h in again.report.replayed] == [2] and again.token != plan.token
    apply_correction(first, boards=corrected, actor=director, reason="P1 fouled", seen=again.token)
    first.refresh_from_db()
    assert first.version == 2 and chip_discrepancies(table.event) == []
