"""Correcting and voiding recorded hands, and the dealer's own undo; the replay is `vpt.rounds.replay`.

plan             what a correction or void would change (`HandPlan`): worked out by
                 `plan_correction` / `plan_void` with plain reads, no lock and no writing
                 transaction, so a director looking at the differences never holds up a
                 dealer (on SQLite a transaction takes the whole database's write lock).
                 Its `token` names what the director saw.
apply            `apply_correction` / `apply_void`: in one transaction, under the event's and
                 the tables' locks, the plan is worked out again and saved with the later hands
                 replayed; when it no longer matches the token the director saw (a hand was
                 recorded meanwhile, the hand was corrected) it is refused (`plan_changed`).

deal             an event that ended by a deal (`vpt.money.deals`) shares the pool by the
                 chips and places of that moment: a plan that would change who is out, or the
                 chips of a player in the deal, carries a `refusal` (shown with the dry run) and
                 is not applied until the deal is undone.
reopen           the dealer's own undo (`reopen_hand`): the table's last hand, voided by its
                 dealer (or device) within `REOPEN_MINUTES` and before the next hand, so its
                 boards can be entered again; audited as "reopened by the dealer".
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_can_record, ensure_director
from vpt.errors import Conflict
from vpt.events.audit import write_audit
from vpt.events.models import DealShare, Entry, Event
from vpt.events.places import assign_places, compute_places, finish_if_decided
from vpt.events.services import lock_event
from vpt.tables.models import Table

from .models import Board, Exchange, Hand
from .replay import (
    Change,
    Correction,
    CorrectionPlan,
    Replay,
    Rescore,
    Void,
    check_eliminations,
    hand_label,
    replay_plan,
    table_plan,
)
from .scoring import BoardsArg, hand_snapshot, parse_boards
from .services import elimination_order, reopen_refusal

__all__ = ["Correction", "HandPlan", "apply_correction", "apply_void", "plan_correction", "plan_void", "reopen_hand"]


@dataclass(frozen=True)
class HandPlan:
    """What correcting (`Rescore`) or voiding (`Void`) `hand` would change, nothing saved.

    `report` is what the director is shown; `token` names it (the hand's version and every
    change), so the apply can tell whether the room moved on since. The rest is what the
    apply saves: the `replay`, the entries it touches, who is newly out or back in, and the
    writes of each table whose latest hand changes (seats, Fantasyland holds, button).
    """

    hand: Hand
    action: CorrectionPlan
    report: Correction
    replay: Replay
    entries: dict[int, Entry]
    newly_out: dict[int, Hand]
    revived: dict[int, Hand]
    table_writes: tuple[Callable[[], None], ...]
    refusal: str = ""  # why it cannot be applied as things stand (a deal was made); "" when it can

    @property
    def token(self) -> str:
        boards = (
            sorted(
                (seat, str(parsed.board.rows), parsed.unfinished, parsed.dealt)
                for seat, parsed in self.action.boards.items()
            )
            if isinstance(self.action, Rescore)
            else None
        )
        facts = {
            "hand": [self.hand.pk, self.hand.version, self.hand.status],
            "boards": boards,
            "changes": [[c.what, c.subject, c.before, c.after] for c in self.report.changes],
            "replayed": [h.pk for h in self.report.replayed],
            "warnings": self.report.warnings,
        }
        text = json.dumps(facts, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:24]


def _plan(hand: Hand, action: CorrectionPlan, event: Event) -> HandPlan:
    """Work out `action` on `hand` and the replay of every later hand: reads only."""
    hand = Hand.objects.select_related("table").get(pk=hand.pk)
    if hand.is_void:
        raise Conflict(_("This hand is void."), code="hand_void")
    replay = replay_plan(hand, action, event.ruleset)
    hands, new, shift, tables = replay.hands, replay.boards, replay.shift, replay.tables
    newly_out, revived = check_eliminations(hands, new, tables, hand_label(hand, tables))
    report = Correction(hand=hand, dry_run=True)
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

    # Places, computed on the corrected elimination list; after a deal, the players in it keep
    # the deal's places, as `assign_places` gives them.
    deal_places = dict(DealShare.objects.filter(deal__event=event).values_list("entry_id", "place"))
    all_entries = list(
        Entry.objects.filter(event=event).values_list("id", "player_id", "number", "status", "place", "stack")
    )
    eliminations = elimination_order(event)
    for h in hands:
        for nb in new.get(h.pk, []):
            entry_id = nb.board.entry_id
            if nb.eliminated:
                eliminations[entry_id] = (h.pk, nb.stack_before)
            elif eliminations.get(entry_id, (None,))[0] == h.pk:
                del eliminations[entry_id]
    statuses = []
    for entry_id, player_id, number, status, _place, _stack in all_entries:
        if entry_id in newly_out:
            status = Entry.Status.ELIMINATED
        elif entry_id in revived:
            status = Entry.Status.ACTIVE
        statuses.append((entry_id, player_id, number, status))
    stacks = {row[0]: row[5] for row in all_entries}
    places = compute_places(
        statuses,
        eliminations,
        finished_stacks={
            entry_id: stacks[entry_id] + shift.get(entry_id, 0)
            for entry_id, _player, _number, status in statuses
            if status == Entry.Status.ACTIVE
        }
        if deal_places
        else None,
        agreed=deal_places or None,
    )
    names = {e.pk: e for e in Entry.objects.filter(pk__in=[row[0] for row in all_entries]).select_related("player")}
    for entry_id, _player, _number, _status, place, _stack in all_entries:
        if places.get(entry_id) != place:
            report.places.append(Change("place", str(names[entry_id]), place, places.get(entry_id)))

    # Button and Fantasyland holds: only a table's latest hand decides them.
    last_hand = {}
    for h in Hand.objects.filter(event=event, status=Hand.Status.RECORDED).order_by("id").only("id", "table_id"):
        last_hand[h.table_id] = h.pk
    table_writes = []
    for h in hands:
        if h.pk not in new or last_hand.get(h.table_id) != h.pk:
            if (
                h.pk == hand.pk
                and isinstance(action, Rescore)
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
        voided = isinstance(action, Void) and h.pk == hand.pk
        table_writes.append(table_plan(h, new[h.pk], tables[h.table_id], voided, report))

    refusal = _deal_refusal(event, action, set(deal_places), shift, newly_out, revived, report)
    return HandPlan(hand, action, report, replay, entries, newly_out, revived, tuple(table_writes), refusal)


def _deal_refusal(
    event: Event,
    action: CorrectionPlan,
    in_deal: set[int],
    shift: dict[int, int],
    newly_out: dict[int, Hand],
    revived: dict[int, Hand],
    report: Correction,
) -> str:
    """Why the plan cannot be applied while the event's deal stands ("" when it can): it would
    put a player out or back in, move a place, or change the chips of a player in the deal,
    whose share was worked out from those chips. The deal is undone first (then made again)."""
    if not in_deal:
        return ""
    touched = (
        set(newly_out) | set(revived) | {entry_id for entry_id, delta in shift.items() if delta and entry_id in in_deal}
    )
    if not touched and not report.places:
        return ""
    names = sorted(
        {str(entry) for entry in Entry.objects.filter(pk__in=touched).select_related("player")}
        | {change.subject for change in report.places}
    )
    facts = {"names": ", ".join(names)}
    if event.closed_at is not None:
        return (
            _(
                "The event ended with a deal and is closed: the deal can no longer be undone, so this change to "
                "%(names)s cannot be made."
            )
            % facts
        )
    if isinstance(action, Void):
        return (
            _(
                "The event ended with a deal, and voiding this hand would change the chips, the elimination or the "
                "place of %(names)s. Undo the deal first, then void the hand and make the deal again."
            )
            % facts
        )
    return (
        _(
            "The event ended with a deal, and this correction would change the chips, the elimination or the place "
            "of %(names)s. Undo the deal first, then correct the hand and make the deal again."
        )
        % facts
    )


def plan_correction(hand: Hand, *, boards: BoardsArg, actor: Actor) -> HandPlan:
    """What re-scoring `hand` with corrected boards would change, with every later hand of the
    event replayed in order: stacks, places, eliminations, button, Fantasyland. Saves nothing
    and takes no lock."""
    ensure_director(actor)
    event = Event.objects.select_related("current_level").get(pk=hand.event_id)
    return _plan(hand, Rescore(parse_boards(boards, event.ruleset)), event)


def plan_void(hand: Hand, *, actor: Actor) -> HandPlan:
    """What cancelling `hand` would change (it moves no chips; later hands replayed). Saves
    nothing and takes no lock."""
    ensure_director(actor)
    return _plan(hand, Void(), Event.objects.select_related("current_level").get(pk=hand.event_id))


def _apply(
    hand: Hand, action: CorrectionPlan, *, actor: Actor, seen: str | None, reason: str, reopen: bool = False
) -> Correction:
    """Lock the event and its tables, plan `action` again and save it; refuse it when its token
    is no longer `seen`, the one the director was shown (None: nothing was shown)."""
    event = lock_event(hand.event_id)
    # Lock every open table (id order): a replay may touch entries seated anywhere.
    locked = {t.pk: t for t in Table.objects.select_for_update(no_key=True).filter(event=event).order_by("id")}
    plan = _plan(hand, action, event)
    if reopen:
        table = locked[plan.hand.table_id]
        ensure_can_record(actor, dealer_id=table.dealer_id, table_number=table.number, table_id=table.pk)
        refusal = reopen_refusal(plan.hand, last_hand_number=table.last_hand_number, now=timezone.now())
        if refusal:
            raise Conflict(refusal, code="reopen_closed")
    if plan.refusal:
        raise Conflict(plan.refusal, code="deal_made")
    if seen is not None and plan.token != seen:
        raise Conflict(
            _(
                "The differences changed since they were shown (a hand was recorded or corrected meanwhile): "
                "nothing was saved. Check them again."
            ),
            code="plan_changed",
        )
    return _write(plan, event, actor=actor, reason=reason, reopen=reopen)


def _write(plan: HandPlan, event: Event, *, actor: Actor, reason: str, reopen: bool) -> Correction:
    """Save a plan worked out under the locks: the hand, the later hands, entries, tables, audit."""
    hand, replay = plan.hand, plan.replay
    hands, new, new_exchanges = replay.hands, replay.boards, replay.exchanges
    shift, tables = replay.shift, replay.tables
    entries, newly_out, revived = plan.entries, plan.newly_out, plan.revived
    report = dataclasses.replace(plan.report, dry_run=False)

    now = timezone.now()
    before = hand_snapshot(hands[0].boards.all())
    stack_fields = ["stack_before", "stack_after", "eliminated"]
    # The hand itself: re-scored boards and new exchanges; a void hand keeps its rows as recorded.
    if isinstance(plan.action, Rescore):
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
    for write in plan.table_writes:
        write()
    assign_places(event, eliminations=elimination_order(event))
    finish_if_decided(event, actor=actor)
    write_audit(
        actor=actor,
        event_id=event.pk,
        obj=hand,
        action="rounds.hand_reopened"
        if reopen
        else "rounds.hand_voided"
        if isinstance(plan.action, Void)
        else "rounds.hand_corrected",
        table_number=tables[hand.table_id].number,
        args={"table": tables[hand.table_id].number, "number": hand.number, "reason": reason or "-"},
        before=before,
        after={
            "boards": hand_snapshot(b.board for b in new[hand.pk]) if isinstance(plan.action, Rescore) else None,
            "replayed": [h.pk for h in report.replayed],
            "changes": [[c.what, c.subject, c.before, c.after] for c in report.changes],
        },
    )
    return report


@transaction.atomic(durable=True)
def apply_correction(hand: Hand, *, boards: BoardsArg, actor: Actor, reason: str, seen: str | None) -> Correction:
    """Re-score `hand` with corrected boards and replay every later hand of the event in order.

    `seen` is the token of the plan the director was shown (`plan_correction(...).token`): if
    the plan worked out now under the locks differs, nothing is saved (`Conflict`,
    `plan_changed`). The old version stays in the audit log.
    """
    ensure_director(actor)
    rules = Event.objects.get(pk=hand.event_id).ruleset
    return _apply(hand, Rescore(parse_boards(boards, rules)), actor=actor, seen=seen, reason=reason)


@transaction.atomic(durable=True)
def apply_void(hand: Hand, *, actor: Actor, reason: str, seen: str | None) -> Correction:
    """Cancel `hand`: it moves no chips; later hands are replayed as in `apply_correction`, and
    a plan that changed since `seen` is refused the same way."""
    ensure_director(actor)
    return _apply(hand, Void(), actor=actor, seen=seen, reason=reason)


@transaction.atomic(durable=True)
def reopen_hand(hand: Hand, *, actor: Actor) -> Correction:
    """The dealer's undo: void the table's last hand so its boards can be entered again.

    Allowed to the table's dealer, its device or a director, until the table's next hand is
    recorded and within `REOPEN_MINUTES` of recording (`reopen_refusal`); after that only a
    director corrects. Audited as "reopened by the dealer"; later hands elsewhere are replayed
    as in `apply_void`.
    """
    return _apply(hand, Void(), actor=actor, seen=None, reason="", reopen=True)
