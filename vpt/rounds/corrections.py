"""Correcting and voiding recorded hands, and replaying the hands played after them.

correction plan  what to do with the hand: `Rescore(boards=...)` scores it again from
                 corrected boards; `Void()` cancels it (its boards stay as recorded, it moves
                 no chips and is marked void).
replay           every later recorded hand of the event, in order, re-settled from its stored
                 pair points: only stacks, caps and eliminations can change.
correction       the report of a correction or void (`Correction`): each changed stack, place,
                 elimination, button and Fantasyland hold as a `Change` (before, after), the
                 hands replayed, and warnings. A dry run returns it and saves nothing.

A replay that would eliminate a player who has since played, revive one who has since missed
hands or re-entered, or leave a stack below 1 is refused (`Conflict`).

reopen           the dealer's own undo (`reopen_hand`): the table's last hand, voided by its
                 dealer (or device) within `REOPEN_MINUTES` and before the next hand, so its
                 boards can be entered again; audited as "reopened by the dealer".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_can_record, ensure_director
from vpt.errors import Conflict, InvalidBoards
from vpt.events.audit import write_audit
from vpt.events.models import AuditEntry, Entry, Event
from vpt.events.places import assign_places, compute_places, finish_if_decided
from vpt.events.services import lock_event
from vpt.ofc import PlayerHand, RuleSet, button_after_hand, settle
from vpt.seating.models import Seat
from vpt.tables.models import Table

from .models import Board, Exchange, Hand
from .scoring import BoardsArg, ParsedBoard, board_fields, exchange_rows, hand_snapshot, parse_boards, score
from .services import reopen_refusal

# The report -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One value that a correction changes: `what` names it, `before` and `after` its values."""

    what: str
    subject: str
    before: Any
    after: Any


@dataclass
class Correction:
    """What a correction or void changes (or, in a dry run, would change)."""

    hand: Hand
    dry_run: bool
    stacks: list[Change] = field(default_factory=list)
    places: list[Change] = field(default_factory=list)
    eliminations: list[Change] = field(default_factory=list)
    buttons: list[Change] = field(default_factory=list)
    fantasyland: list[Change] = field(default_factory=list)
    replayed: list[Hand] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def changes(self) -> list[Change]:
        return self.stacks + self.places + self.eliminations + self.buttons + self.fantasyland


# The correction plan -------------------------------------------------------------------------


@dataclass(frozen=True)
class Rescore:
    """Score the hand again from these boards (seat number -> parsed board)."""

    boards: Mapping[int, ParsedBoard]


@dataclass(frozen=True)
class Void:
    """Cancel the hand: its boards stay as recorded, it moves no chips."""


CorrectionPlan = Rescore | Void


def _hand_label(hand: Hand, tables: Mapping[int, Table]) -> str:
    return _("table %(table)s hand %(number)s") % {"table": tables[hand.table_id].number, "number": hand.number}


@dataclass
class _NewBoard:
    board: Board
    stack_before: int
    stack_after: int
    eliminated: bool
    fields: dict[str, Any] = field(default_factory=dict)


def _replay_plan(
    hand: Hand, plan: CorrectionPlan, rules: RuleSet
) -> tuple[list[Hand], dict[int, list[_NewBoard]], dict[int, list[Exchange]], dict[int, int], dict[int, Table]]:
    """Re-score `hand` (`Rescore`) or drop it (`Void`), and re-settle every later hand.

    Returns the hands (target first), new board values and exchanges per hand id, the chip
    shift per entry and the tables involved. Later hands keep their points: only stacks,
    caps and eliminations can change, so they are re-settled from their stored pair points.
    """
    hands = list(
        Hand.objects.filter(event_id=hand.event_id, status=Hand.Status.RECORDED, id__gte=hand.pk)
        .order_by("id")
        .prefetch_related(
            Prefetch("boards", queryset=Board.objects.select_related("entry__player").order_by("position")),
            Prefetch("exchanges", queryset=Exchange.objects.order_by("order")),
        )
    )
    tables = {t.pk: t for t in Table.objects.filter(event_id=hand.event_id)}
    target = hands[0]
    new: dict[int, list[_NewBoard]] = {}
    new_exchanges: dict[int, list[Exchange]] = {}
    shift: dict[int, int] = {}
    boards = list(target.boards.all())

    if isinstance(plan, Void):
        new[target.pk] = [_NewBoard(b, b.stack_before, b.stack_before, False) for b in boards]
    else:
        parsed = plan.boards
        seats = [b.seat_number for b in boards]
        if sorted(parsed) != sorted(seats):
            raise InvalidBoards(
                _("Give one board for each seat that played the hand (seats %(seats)s).")
                % {"seats": ", ".join(map(str, sorted(seats)))},
                code="seats_mismatch",
            )
        players = [
            PlayerHand(str(b.entry), parsed[b.seat_number].board, b.stack_before, b.fantasyland_cards) for b in boards
        ]
        result = score(players, rules, target.chips_per_point, seats)
        assert result.settlement is not None
        new[target.pk] = [
            _NewBoard(
                b,
                b.stack_before,
                result.settlement.stacks_after[i],
                result.settlement.eliminated[i],
                fields={
                    **board_fields(result.boards[i], parsed[b.seat_number].board),
                    "points": result.points[i],
                    "dealt": parsed[b.seat_number].dealt,
                    "sat_out": bool(parsed[b.seat_number].dealt),
                },
            )
            for i, b in enumerate(boards)
        ]
        new_exchanges[target.pk] = exchange_rows(target, boards, result.settlement)
    for nb in new[target.pk]:
        shift[nb.board.entry_id] = nb.stack_after - nb.board.stack_after

    for later in hands[1:]:
        boards = list(later.boards.all())
        if not any(shift.get(b.entry_id) for b in boards):
            continue
        stacks = [b.stack_before + shift.get(b.entry_id, 0) for b in boards]
        for b, stack in zip(boards, stacks, strict=False):
            if stack < 1:
                raise Conflict(
                    _(
                        "The correction leaves %(name)s with %(stack)s chips at the start of %(hand)s. "
                        "Void that hand first, or adjust chips instead."
                    )
                    % {"name": b.entry, "stack": stack, "hand": _hand_label(later, tables)},
                    code="replay_negative",
                )
        exchanges = list(later.exchanges.all())
        settlement = settle([x.points for x in exchanges], stacks, later.chips_per_point)
        new[later.pk] = [
            _NewBoard(b, stacks[i], settlement.stacks_after[i], settlement.eliminated[i]) for i, b in enumerate(boards)
        ]
        for x, nx in zip(exchanges, settlement.exchanges, strict=False):
            x.chips_paid, x.capped, x.skipped = nx.chips_paid, nx.capped, nx.skipped
        new_exchanges[later.pk] = exchanges
        for nb in new[later.pk]:
            shift[nb.board.entry_id] = nb.stack_after - nb.board.stack_after
    return hands, new, new_exchanges, shift, tables


def _check_eliminations(
    hands: list[Hand], new: dict[int, list[_NewBoard]], tables: dict[int, Table], corrected: str
) -> tuple[dict[int, Hand], dict[int, Hand]]:
    """Refuse a replay that eliminates a player who played on, or revives one who missed hands.

    Returns (entry id -> hand now eliminating them) and (entry id -> hand no longer eliminating them).
    """
    later_boards: dict[int, list[Hand]] = {}
    for h in hands:
        for b in h.boards.all():
            later_boards.setdefault(b.entry_id, []).append(h)
    newly_out: dict[int, Hand] = {}
    revived: dict[int, Hand] = {}
    for h in hands:
        for nb in new.get(h.pk, []):
            b = nb.board
            if nb.eliminated and not b.eliminated:
                played = [x for x in later_boards.get(b.entry_id, []) if x.pk > h.pk]
                if played:
                    raise Conflict(
                        _(
                            "Correcting %(corrected)s would eliminate %(name)s in %(hand)s, but %(name)s has "
                            "since played %(played)s. Void those hands first, or adjust chips instead."
                        )
                        % {
                            "corrected": corrected,
                            "name": b.entry,
                            "hand": _hand_label(h, tables),
                            "played": ", ".join(_hand_label(x, tables) for x in played),
                        },
                        code="would_eliminate",
                    )
                newly_out[b.entry_id] = h
            elif b.eliminated and not nb.eliminated:
                missed = [x for x in hands if x.pk > h.pk and x.table_id == h.table_id]
                if missed:
                    raise Conflict(
                        _(
                            "Correcting %(corrected)s would bring back %(name)s, eliminated in %(hand)s, who has "
                            "since missed %(missed)s. Void those hands first (latest first), or leave this "
                            "hand as it is and adjust chips."
                        )
                        % {
                            "corrected": corrected,
                            "name": b.entry,
                            "hand": _hand_label(h, tables),
                            "missed": ", ".join(_hand_label(x, tables) for x in missed),
                        },
                        code="would_revive",
                    )
                if Entry.objects.filter(player_id=b.entry.player_id, number__gt=b.entry.number).exists():
                    raise Conflict(
                        _(
                            "Correcting %(corrected)s would bring back %(name)s, who has since re-entered. "
                            "Leave this hand as it is and adjust chips instead."
                        )
                        % {"corrected": corrected, "name": b.entry},
                        code="would_revive",
                    )
                revived[b.entry_id] = h
    return newly_out, revived


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
    hands, new, new_exchanges, shift, tables = _replay_plan(hand, plan, rules)
    label = _hand_label(hand, tables)
    newly_out, revived = _check_eliminations(hands, new, tables, label)
    report = Correction(hand=hand, dry_run=dry_run)
    report.replayed = [h for h in hands[1:] if h.pk in new]

    entries = {e.pk: e for e in Entry.objects.filter(pk__in=shift).select_related("player")}
    for entry_id, delta in shift.items():
        if delta:
            entry = entries[entry_id]
            report.stacks.append(Change("stack", str(entry), entry.stack, entry.stack + delta))
    for entry_id, h in newly_out.items():
        report.eliminations.append(Change("eliminated_in", str(entries[entry_id]), None, _hand_label(h, tables)))
    for entry_id, h in revived.items():
        report.eliminations.append(Change("eliminated_in", str(entries[entry_id]), _hand_label(h, tables), None))

    # Places, computed on the corrected elimination list.
    all_entries = list(Entry.objects.filter(event=event).values_list("id", "player_id", "number", "status", "place"))
    eliminations = {
        entry_id: (hand_id, stack)
        for entry_id, hand_id, stack in Board.objects.filter(
            hand__event=event, hand__status=Hand.Status.RECORDED, eliminated=True
        ).values_list("entry_id", "hand_id", "stack_before")
    }
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
        table_plans.append(_table_plan(h, new[h.pk], tables[h.table_id], voided, report))

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
    assign_places(event)
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


def _table_plan(h: Hand, boards: list[_NewBoard], table: Table, voided: bool, report: Correction) -> Any:
    """Work out the table's seats, Fantasyland holds and button after its latest hand changed.

    Records the differences in `report` and returns a function that saves them.
    """
    seats = {s.number: s for s in Seat.objects.filter(table=table).select_related("entry__player")}
    changed: list[Seat] = []
    for nb in boards:
        b = nb.board
        seat = seats.get(b.seat_number)
        if seat is None:
            continue
        if voided:
            fl_after = b.fantasyland_cards
            out = False
        else:
            out = nb.eliminated
            fl_after = 0 if out else nb.fields.get("fantasyland_next_cards", b.fantasyland_next_cards)
        if seat.entry_id == b.entry_id:
            if out:
                seat.entry = None
                seat.fantasyland_cards = 0
                changed.append(seat)
            elif seat.fantasyland_cards != fl_after:
                report.fantasyland.append(Change("fantasyland_cards", str(b.entry), seat.fantasyland_cards, fl_after))
                seat.fantasyland_cards = fl_after
                changed.append(seat)
        elif seat.entry_id is None and not out and b.eliminated:
            seat.entry_id = b.entry_id
            seat.fantasyland_cards = fl_after
            changed.append(seat)
        elif not out and b.eliminated:
            raise Conflict(
                _("%(name)s's seat %(seat)s at %(table)s has been taken; free it first.")
                % {"name": b.entry, "seat": b.seat_number, "table": table},
                code="seat_taken",
            )
    occupied = [n for n, s in seats.items() if s.entry_id is not None]
    old_hold = any(nb.board.fantasyland_next_cards and not nb.board.eliminated for nb in boards)
    new_hold = not voided and any(
        nb.fields.get("fantasyland_next_cards", nb.board.fantasyland_next_cards) and not nb.eliminated for nb in boards
    )
    elimination_changed = any(nb.eliminated != nb.board.eliminated for nb in boards)
    old_moved = not old_hold
    new_moved = not voided and not new_hold and bool(occupied)
    if voided:
        button = h.button_seat
    elif not old_hold and not elimination_changed and not new_hold and occupied:
        button = table.button_seat or h.button_seat  # the button already moved as it should
    else:
        button = button_after_hand(occupied, h.button_seat, fantasyland_next=new_hold)
    moves = max(0, table.round_button_moves + int(new_moved) - int(old_moved))
    if button != table.button_seat:
        report.buttons.append(Change("button_seat", str(table), table.button_seat, button))

    def apply() -> None:
        # Clear seats before filling them: a seat's entry is unique.
        for seat in changed:
            if seat.entry_id is None:
                seat.save(update_fields=["entry", "fantasyland_cards"])
        for seat in changed:
            if seat.entry_id is not None:
                seat.save(update_fields=["entry", "fantasyland_cards"])
        table.button_seat, table.round_button_moves = button, moves
        table.save(update_fields=["button_seat", "round_button_moves"])

    return apply


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
