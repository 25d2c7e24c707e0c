"""Correcting and voiding recorded hands, and the dealer's own undo; the plan is `vpt.rounds.replay`.

A correction or void is worked out first (`replay`: the report of every change, shown to the
director as a dry run), then saved in one transaction with the later hands replayed.

reopen           the dealer's own undo (`reopen_hand`): the table's last hand, voided by its
                 dealer (or device) within `REOPEN_MINUTES` and before the next hand, so its
                 boards can be entered again; audited as "reopened by the dealer".
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_can_record, ensure_director
from vpt.errors import Conflict
from vpt.events.audit import write_audit
from vpt.events.models import AuditEntry, Entry, Event
from vpt.events.places import assign_places, compute_places, finish_if_decided
from vpt.events.services import lock_event
from vpt.tables.models import Table

from .models import Board, Exchange, Hand
from .replay import (
    Change,
    Correction,
    CorrectionPlan,
    Rescore,
    Void,
    check_eliminations,
    hand_label,
    replay_plan,
    table_plan,
)
from .scoring import BoardsArg, hand_snapshot, parse_boards
from .services import elimination_order, reopen_refusal


def _correct(
    hand: Hand, plan: CorrectionPlan, *, actor: Actor, dry_run: bool, reason: str, reopen: bool = False
) -> Correction:
    """Carry out `plan` on `hand` and replay the later hands (or, in a dry run, report what would change).

    A director's correction or void; with `reopen`, the dealer's own undo of the table's last
    hand (`reopen_hand`): its dealer or device may, within the time allowed.
    """
    if not reopen:
        ensure_director(actor)
    event = lock_event(hand.event_id)
    hand = Hand.objects.select_related("table").get(pk=hand.pk)
    # Lock every open table (id order): a replay may touch entries seated anywhere.
    locked = {t.pk: t for t in Table.objects.select_for_update(no_key=True).filter(event=event).order_by("id")}
    if hand.is_void:
        raise Conflict(_("This hand is void."), code="hand_void")
    if reopen:
        table = locked[hand.table_id]
        ensure_can_record(actor, dealer_id=table.dealer_id, table_number=table.number, table_id=table.pk)
        refusal = reopen_refusal(hand, last_hand_number=table.last_hand_number, now=timezone.now())
        if refusal:
            raise Conflict(refusal, code="reopen_closed")
    rules = event.ruleset
    hands, new, new_exchanges, shift, tables = replay_plan(hand, plan, rules)
    label = hand_label(hand, tables)
    newly_out, revived = check_eliminations(hands, new, tables, label)
    report = Correction(hand=hand, dry_run=dry_run)
    report.replayed = [h for h in hands[1:] if h.pk in new]

    entries = {e.pk: e for e in Entry.objects.filter(pk__in=shift).select_related("player")}
    for entry_id, delta in shift.items():
        if delta:
            entry = entries[entry_id]
            report.stacks.append(Change("stack", str(entry), entry.stack, entry.stack + delta))
    for entry_id, h in newly_out.items():
        report.eliminations.append(Change("eliminated_in", str(entries[entry_id]), None, hand_label(h, tables)))
    for entry_id, h in revived.items():
        report.eliminations.append(Change("eliminated_in", str(entries[entry_id]), hand_label(h, tables), None))

    # Places, computed on the corrected elimination list.
    all_entries = list(Entry.objects.filter(event=event).values_list("id", "player_id", "number", "status", "place"))
    eliminations = elimination_order(event)
    for h in hands:
        for nb in new.get(h.pk, []):
            entry_id = nb.board.entry_id
            if nb.eliminated:
                eliminations[entry_id] = (h.pk, nb.stack_before)
            elif eliminations.get(entry_id, (None,))[0] == h.pk:
                del eliminations[entry_id]
    statuses = []
    for entry_id, player_id, number, status, _place in all_entries:
        if entry_id in newly_out:
            status = Entry.Status.ELIMINATED
        elif entry_id in revived:
            status = Entry.Status.ACTIVE
        statuses.append((entry_id, player_id, number, status))
    places = compute_places(statuses, eliminations)
    names = {e.pk: e for e in Entry.objects.filter(pk__in=[row[0] for row in all_entries]).select_related("player")}
    for entry_id, _player, _number, _status, place in all_entries:
        if places.get(entry_id) != place:
            report.places.append(Change("place", str(names[entry_id]), place, places.get(entry_id)))

    # Button and Fantasyland holds: only a table's latest hand decides them.
    last_hand = {}
    for h in Hand.objects.filter(event=event, status=Hand.Status.RECORDED).order_by("id").only("id", "table_id"):
        last_hand[h.table_id] = h.pk
    table_plans = []
    for h in hands:
        if h.pk not in new or last_hand.get(h.table_id) != h.pk:
            if (
                h.pk == hand.pk
                and isinstance(plan, Rescore)
                and any(
                    nb.fields.get("fantasyland_next_cards", nb.board.fantasyland_next_cards)
                    != nb.board.fantasyland_next_cards
                    for nb in new[h.pk]
                )
            ):
                report.warnings.append(
                    _(
                        "Fantasyland for the next hand changes, but the next hand at this table was already "
                        "played; check it."
                    )
                )
            continue
        voided = isinstance(plan, Void) and h.pk == hand.pk
        table_plans.append(table_plan(h, new[h.pk], tables[h.table_id], voided, report))

    if dry_run:
        return report

    # Write.
    now = timezone.now()
    before = hand_snapshot(hands[0].boards.all())
    stack_fields = ["stack_before", "stack_after", "eliminated"]
    # The hand itself: re-scored boards and new exchanges; a void hand keeps its rows as recorded.
    if isinstance(plan, Rescore):
        target = new[hand.pk]
        for nb in target:
            for key, value in nb.fields.items():
                setattr(nb.board, key, value)
            nb.board.stack_before, nb.board.stack_after, nb.board.eliminated = (
                nb.stack_before,
                nb.stack_after,
                nb.eliminated,
            )
        Board.objects.bulk_update([nb.board for nb in target], stack_fields + list(target[0].fields))
        Exchange.objects.filter(hand_id=hand.pk).delete()
        Exchange.objects.bulk_create(new_exchanges[hand.pk])
    else:
        hand.status = Hand.Status.VOID
    # Later hands keep their points: new stacks, caps and eliminations only.
    for h in hands[1:]:
        if h.pk not in new:
            continue
        for nb in new[h.pk]:
            nb.board.stack_before, nb.board.stack_after, nb.board.eliminated = (
                nb.stack_before,
                nb.stack_after,
                nb.eliminated,
            )
        Board.objects.bulk_update([nb.board for nb in new[h.pk]], stack_fields)
        Exchange.objects.bulk_update(new_exchanges[h.pk], ["chips_paid", "capped", "skipped"])
    hand.version += 1
    hand.changed_at = now
    hand.save(update_fields=["status", "version", "changed_at"])

    changed_entries = []
    for entry_id, delta in shift.items():
        entry = entries[entry_id]
        entry.stack += delta
        if entry_id in newly_out:
            out = newly_out[entry_id]
            entry.status = Entry.Status.ELIMINATED
            entry.eliminated_at_table, entry.eliminated_at_hand = tables[out.table_id].number, out.number
        elif entry_id in revived:
            entry.status = Entry.Status.ACTIVE
            entry.eliminated_at_table = entry.eliminated_at_hand = None
        changed_entries.append(entry)
    Entry.objects.bulk_update(changed_entries, ["stack", "status", "eliminated_at_table", "eliminated_at_hand"])
    for apply in table_plans:
        apply()
    assign_places(event, eliminations=elimination_order(event))
    finish_if_decided(event)
    write_audit(
        actor=actor,
        event_id=event.pk,
        obj=hand,
        action=AuditEntry.Action.REOPEN_HAND
        if reopen
        else AuditEntry.Action.VOID_HAND
        if isinstance(plan, Void)
        else AuditEntry.Action.CORRECT_HAND,
        table_number=tables[hand.table_id].number,
        args={"table": tables[hand.table_id].number, "number": hand.number, "reason": reason or "-"},
        before=before,
        after={
            "boards": hand_snapshot(b.board for b in new[hand.pk]) if isinstance(plan, Rescore) else None,
            "replayed": [h.pk for h in report.replayed],
            "changes": [[c.what, c.subject, c.before, c.after] for c in report.changes],
        },
    )
    return report


@transaction.atomic(durable=True)
def correct_hand(hand: Hand, *, boards: BoardsArg, actor: Actor, dry_run: bool = False, reason: str = "") -> Correction:
    """Re-score `hand` with corrected boards and replay every later hand of the event in order.

    The dry run returns the differences (stacks, places, eliminations, button, Fantasyland)
    and saves nothing. The old version stays in the audit log.
    """
    ensure_director(actor)
    plan = Rescore(parse_boards(boards, Event.objects.get(pk=hand.event_id).ruleset))
    return _correct(hand, plan, actor=actor, dry_run=dry_run, reason=reason)


@transaction.atomic(durable=True)
def void_hand(hand: Hand, *, actor: Actor, dry_run: bool = False, reason: str = "") -> Correction:
    """Cancel `hand`: it moves no chips; later hands are replayed as in `correct_hand`."""
    ensure_director(actor)
    return _correct(hand, Void(), actor=actor, dry_run=dry_run, reason=reason)


@transaction.atomic(durable=True)
def reopen_hand(hand: Hand, *, actor: Actor) -> Correction:
    """The dealer's undo: void the table's last hand so its boards can be entered again.

    Allowed to the table's dealer, its device or a director, until the table's next hand is
    recorded and within `REOPEN_MINUTES` of recording (`reopen_refusal`); after that only a
    director corrects. Audited as "reopened by the dealer"; later hands elsewhere are replayed
    as in `void_hand`.
    """
    return _correct(hand, Void(), actor=actor, dry_run=False, reason="", reopen=True)
