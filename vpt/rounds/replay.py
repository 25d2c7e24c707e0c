"""The plan of a correction: what a corrected or voided hand changes, worked out before anything is saved.

correction plan  what to do with the hand: `Rescore(boards=...)` scores it again from
                 corrected boards; `Void()` cancels it (its boards stay as recorded, it moves
                 no chips and is marked void).
replay           every later recorded hand of the event, in order, re-settled from its stored
                 pair points: only stacks, caps and eliminations can change.
correction       the report (`Correction`): each changed stack, place, elimination, button and
                 Fantasyland hold as a `Change` (before, after), the hands replayed, and warnings.

A replay that would eliminate a player who has since played, revive one who has since missed
hands or re-entered, or leave a stack below 1 is refused (`Conflict`). `vpt.rounds.corrections`
applies a plan in one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from vpt.errors import Conflict, InvalidBoards
from vpt.events.models import Entry
from vpt.ofc import PlayerHand, RuleSet, button_after_hand, settle
from vpt.seating.models import Seat
from vpt.seating.next_hand import deal_next_hands
from vpt.tables.models import Round, Table

from .models import Board, Exchange, Hand
from .scoring import ParsedBoard, board_fields, exchange_rows, score

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


def hand_label(hand: Hand, tables: Mapping[int, Table]) -> str:
    return _("table %(table)s hand %(number)s") % {"table": tables[hand.table_id].number, "number": hand.number}


@dataclass
class NewBoard:
    board: Board
    stack_before: int
    stack_after: int
    eliminated: bool
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Replay:
    """A hand re-scored or dropped and every later hand re-settled, in memory (nothing saved).

    `hands`: the hand and every later recorded hand of the event, in order (the hand first);
    `boards` and `exchanges`: their new values by hand id (a later hand only when it changes);
    `shift`: the chips each entry ends with, more (or fewer) than now; `tables`: by id.
    """

    hands: list[Hand]
    boards: dict[int, list[NewBoard]]
    exchanges: dict[int, list[Exchange]]
    shift: dict[int, int]
    tables: dict[int, Table]


def replay_plan(hand: Hand, plan: CorrectionPlan, rules: RuleSet) -> Replay:
    """Re-score `hand` (`Rescore`) or drop it (`Void`), and re-settle every later hand.

    Later hands keep their points: only stacks, caps and eliminations can change, so they are
    re-settled from their stored pair points. Reads only: no lock, nothing written.
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
    new: dict[int, list[NewBoard]] = {}
    new_exchanges: dict[int, list[Exchange]] = {}
    shift: dict[int, int] = {}
    boards = list(target.boards.all())

    if isinstance(plan, Void):
        new[target.pk] = [NewBoard(b, b.stack_before, b.stack_before, False) for b in boards]
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
            NewBoard(
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
                    % {"name": b.entry, "stack": stack, "hand": hand_label(later, tables)},
                    code="replay_negative",
                )
        exchanges = list(later.exchanges.all())
        settlement = settle([x.points for x in exchanges], stacks, later.chips_per_point)
        new[later.pk] = [
            NewBoard(b, stacks[i], settlement.stacks_after[i], settlement.eliminated[i]) for i, b in enumerate(boards)
        ]
        for x, nx in zip(exchanges, settlement.exchanges, strict=False):
            x.chips_paid, x.capped, x.skipped = nx.chips_paid, nx.capped, nx.skipped
        new_exchanges[later.pk] = exchanges
        for nb in new[later.pk]:
            shift[nb.board.entry_id] = nb.stack_after - nb.board.stack_after
    return Replay(hands, new, new_exchanges, shift, tables)


def check_eliminations(
    hands: list[Hand], new: dict[int, list[NewBoard]], tables: dict[int, Table], corrected: str
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
                            "hand": hand_label(h, tables),
                            "played": ", ".join(hand_label(x, tables) for x in played),
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
                            "hand": hand_label(h, tables),
                            "missed": ", ".join(hand_label(x, tables) for x in missed),
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


def table_plan(h: Hand, boards: list[NewBoard], table: Table, voided: bool, report: Correction) -> Any:
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
    current = Round.objects.get(table=table, closed_at__isnull=True)
    moves = max(0, current.button_moves + int(new_moved) - int(old_moved))
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
        table.button_seat = button
        if voided:
            # The hand is entered again as the table's next hand, at the level it was dealt at.
            table.next_level_id, table.next_chips_per_point = h.level_id, h.chips_per_point
        table.save(update_fields=["button_seat", "next_level", "next_chips_per_point"])
        current.button_moves = moves
        current.save(update_fields=["button_moves"])
        # Players revived or eliminated by the change: the table may deal again, or no longer.
        deal_next_hands(table.event, [table])

    return apply
