"""Recording, correcting and voiding hands; closing rounds.

The flow of a hand (architecture.md, "How data flows through a hand"): the dealer's boards are
parsed before any lock; then, in one transaction, the event row and the table row are locked,
the hand number is re-checked (a second submit of the same hand is refused, never doubled),
`vpt.ofc` scores and settles with the stacks held at hand start and the level's chips per
point, and the hand, its boards, exchanges, new stacks, eliminations, places, button,
next-hand Fantasyland and an audit entry are written.

A *board input* is one seat's cards: either the three rows as typed (`top`, `middle`,
`bottom`; short rows only when `unfinished` is set) or, for a sit-out player, `dealt`: the
cards in the order they were dealt, placed by the auto-play rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import ensure_can_record, ensure_director
from vpt.errors import Conflict, InvalidBoards, NotAllowed, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import AuditEntry, Entry, Event, Level
from vpt.events.services import assign_places, compute_places, lock_event, refresh_clock
from vpt.ofc import (
    ROWS,
    HandResult,
    InvalidHand,
    PlayerHand,
    RuleSet,
    autoplay_board,
    format_cards,
    parse_cards,
    score_hand,
    settle,
)
from vpt.ofc import (
    Board as CardBoard,
)
from vpt.seating.models import Seat
from vpt.seating.order import next_button, payment_seats
from vpt.tables.models import Table

from .models import Board, Exchange, Hand

# Input ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardInput:
    """One seat's cards as the dealer gave them."""

    seat: int
    top: str = ""
    middle: str = ""
    bottom: str = ""
    unfinished: bool = False
    dealt: str = ""

    @classmethod
    def coerce(cls, value: BoardInput | Mapping[str, Any], seat: int | None = None) -> BoardInput:
        if isinstance(value, BoardInput):
            return value
        data = dict(value)
        if seat is not None:
            data.setdefault("seat", seat)
        known = {"seat", "top", "middle", "bottom", "unfinished", "dealt"}
        unknown = set(data) - known
        if unknown:
            raise InvalidBoards(_("Unknown board field: %(fields)s") % {"fields": ", ".join(sorted(unknown))})
        data["seat"] = int(data["seat"])
        data["unfinished"] = bool(data.get("unfinished"))
        return cls(**{key: (value or "") if key in ("top", "middle", "bottom", "dealt") else value
                      for key, value in data.items()})


BoardsArg = Mapping[int, "BoardInput | Mapping[str, Any]"] | Iterable["BoardInput | Mapping[str, Any]"]


@dataclass(frozen=True)
class _Parsed:
    seat: int
    board: CardBoard
    unfinished: bool
    dealt: str


def _seat_error(seat: int, error: InvalidHand) -> InvalidBoards:
    row = error.where.split(".")[0] if error.where else ""
    where = _("seat %(seat)s") % {"seat": seat}
    if row in ROWS:
        where = f"{where}, {row}"
    return InvalidBoards(f"{where}: {error.message}", seat=seat, row=row or None)


def _parse_boards(boards: BoardsArg, rules: RuleSet) -> dict[int, _Parsed]:
    """Parse every seat's cards (no database); errors name the seat and the row."""
    if isinstance(boards, Mapping):
        inputs = [BoardInput.coerce(value, seat=int(seat)) for seat, value in boards.items()]
    else:
        inputs = [BoardInput.coerce(value) for value in boards]
    parsed: dict[int, _Parsed] = {}
    for item in inputs:
        if item.seat in parsed:
            raise InvalidBoards(_("Two boards for seat %(seat)s.") % {"seat": item.seat}, seat=item.seat)
        try:
            if item.dealt.strip():
                dealt = parse_cards(item.dealt)
                board = autoplay_board(dealt, rules)
                dealt_text = format_cards(dealt)
            else:
                board = CardBoard.parse(top=item.top, middle=item.middle, bottom=item.bottom)
                dealt_text = ""
        except InvalidHand as error:
            raise _seat_error(item.seat, error) from None
        placed = len(board.cards())
        if not board.is_complete and not item.unfinished:
            over = [row for row, cards, size in zip(ROWS, board.rows, (3, 5, 5)) if len(cards) > size]
            if not over:
                raise InvalidBoards(
                    _("seat %(seat)s: %(placed)s cards placed; complete the board or mark it unfinished.")
                    % {"seat": item.seat, "placed": placed},
                    seat=item.seat, code="incomplete",
                )
        parsed[item.seat] = _Parsed(item.seat, board, item.unfinished, dealt_text)
    return parsed


_PLAYER_INDEX = re.compile(r"^players\[(\d+)\]\.?")


def _engine_error(error: InvalidHand, seats: Sequence[int]) -> InvalidBoards:
    """`players[1].middle: duplicate card Kd` -> `seat 3, middle: duplicate card Kd`."""
    match = _PLAYER_INDEX.match(error.where)
    if not match or int(match.group(1)) >= len(seats):
        return InvalidBoards(str(error))
    seat = seats[int(match.group(1))]
    rest = error.where[match.end():]
    return _seat_error(seat, InvalidHand(error.message, rest))


# Recording ------------------------------------------------------------------------------------

def _chips_per_point(event: Event) -> tuple[Level | None, int]:
    level = event.current_level
    if level is not None and level.is_break:
        # A hand played during a break (a Fantasyland continuation) keeps the last level's value.
        level = Level.objects.filter(event=event, number__lt=level.number, is_break=False).order_by("-number").first()
    return level, (level.chips_per_point if level else 1)


def _board_fields(result_board: Any, card_board: CardBoard) -> dict[str, Any]:
    hands = result_board.hands
    return {
        "top": format_cards(card_board.top), "middle": format_cards(card_board.middle),
        "bottom": format_cards(card_board.bottom),
        "fouled": result_board.fouled, "unfinished": result_board.unfinished,
        "hand_top": hands["top"], "hand_middle": hands["middle"], "hand_bottom": hands["bottom"],
        "royalty_top": result_board.royalties["top"], "royalty_middle": result_board.royalties["middle"],
        "royalty_bottom": result_board.royalties["bottom"], "royalties": result_board.royalty_total,
        "fantasyland_next_cards": result_board.fantasyland_next_cards,
    }


def _exchanges(hand: Hand, boards: Sequence[Board], result: Any) -> list[Exchange]:
    return [
        Exchange(hand=hand, order=order, board_a=boards[x.a], board_b=boards[x.b], points=x.points,
                 chips_due=x.chips_due, chips_paid=x.chips_paid, capped=x.capped, skipped=x.skipped)
        for order, x in enumerate(result.settlement.exchanges)
    ]


def _score(players: Sequence[PlayerHand], rules: RuleSet, chips_per_point: int, seats: Sequence[int]) -> HandResult:
    try:
        return score_hand(players, rules, chips_per_point)
    except InvalidHand as error:
        raise _engine_error(error, seats) from None


@transaction.atomic(durable=True)
def record_hand(table: Table, *, hand_number: int, boards: BoardsArg, actor: Any) -> Hand:
    """Score, settle and save hand `hand_number` at `table`; it must be the table's next hand.

    `boards` maps seat numbers to board inputs (`BoardInput` or dicts with `top`, `middle`,
    `bottom`, `unfinished`, `dealt`), or is a list of them each naming its `seat`.
    """
    rules = table.event.ruleset
    parsed = _parse_boards(boards, rules)

    event = lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    ensure_can_record(actor, dealer_id=table.dealer_id, table_number=table.number)
    _check_hand_number(table, hand_number)
    # The level in force when the hand starts fixes its chips per point: let the clock catch up
    # first, in case time (or hands played) moved the level on since anyone last looked.
    refresh_clock(event, now=timezone.now())
    if not table.is_open:
        raise ServiceError(_("%(table)s is broken.") % {"table": table}, code="table_closed")
    seats = {seat.number: seat for seat in Seat.objects.filter(table=table, entry__isnull=False)
             .select_related("entry__player").order_by("number")}
    fantasyland = any(seat.fantasyland_cards for seat in seats.values())
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event has finished."), code="event_finished")
    if event.status == Event.Status.ON_BREAK and not fantasyland:
        raise ServiceError(_("The event is on a break; only Fantasyland hands continue."), code="on_break")
    if len(seats) < rules.min_players:
        raise ServiceError(_("%(table)s has fewer than two players.") % {"table": table}, code="too_few_players")
    missing = sorted(set(seats) - set(parsed))
    extra = sorted(set(parsed) - set(seats))
    if missing or extra:
        raise InvalidBoards(
            _("Boards do not match the seated players (missing seats: %(missing)s; empty seats: %(extra)s).")
            % {"missing": ", ".join(map(str, missing)) or "-", "extra": ", ".join(map(str, extra)) or "-"},
            code="seats_mismatch",
        )

    if round_complete(table, len(seats), fantasyland):
        # The button has gone around: this hand opens the next round, without anyone closing it.
        _start_next_round(table, players=len(seats))

    order = payment_seats(list(seats), table.button_seat)
    button = order[-1]
    players = [
        PlayerHand(str(seats[n].entry), parsed[n].board, seats[n].entry.stack, seats[n].fantasyland_cards)
        for n in order
    ]
    level, chips_per_point = _chips_per_point(event)
    result = _score(players, rules, chips_per_point, order)
    assert result.settlement is not None

    hand = Hand.objects.create(
        event=event, table=table, number=hand_number, round_number=table.round_number, level=level,
        chips_per_point=chips_per_point, button_seat=button, fantasyland=fantasyland, recorded_by=actor,
    )
    settlement = result.settlement
    rows = []
    for position, number in enumerate(order):
        seat, item = seats[number], parsed[number]
        rows.append(Board(
            hand=hand, entry=seat.entry, seat_number=number, position=position, dealt=item.dealt,
            sat_out=bool(item.dealt), fantasyland_cards=seat.fantasyland_cards, points=result.points[position],
            stack_before=seat.entry.stack, stack_after=settlement.stacks_after[position],
            eliminated=settlement.eliminated[position],
            **_board_fields(result.boards[position], item.board),
        ))
    rows = Board.objects.bulk_create(rows)
    Exchange.objects.bulk_create(_exchanges(hand, rows, result))

    entries, changed_seats, eliminated = [], [], []
    for position, number in enumerate(order):
        seat, row = seats[number], rows[position]
        entry = seat.entry
        entry.stack = row.stack_after
        seat.fantasyland_cards = 0 if row.eliminated else row.fantasyland_next_cards
        if row.eliminated:
            entry.status = Entry.Status.ELIMINATED
            entry.eliminated_at_table, entry.eliminated_at_hand = table.number, hand.number
            eliminated.append(entry)
            seat.entry = None
        entries.append(entry)
        changed_seats.append(seat)
    Entry.objects.bulk_update(entries, ["stack", "status", "eliminated_at_table", "eliminated_at_hand"])
    Seat.objects.bulk_update(changed_seats, ["entry", "fantasyland_cards"])

    survivors = [seat.number for seat in changed_seats if seat.entry_id is not None]
    holds = any(seat.fantasyland_cards for seat in changed_seats)
    table.last_hand_number = hand_number
    if survivors and not holds:
        table.button_seat = next_button(survivors, button)
        table.round_button_moves += 1
    else:
        table.button_seat = button
    table.save(update_fields=["last_hand_number", "button_seat", "round_number", "round_button_moves", "round_players"])

    if eliminated:
        assign_places(event)
        _finish_if_decided(event)
    write_audit(
        actor=actor, event_id=event.pk, action=AuditEntry.Action.RECORD_HAND, obj=hand,
        table_number=table.number, args={"table": table.number, "number": hand_number},
        after=_hand_snapshot(rows),
    )
    return hand


def already_recorded_message(table: Table, hand_number: int) -> str:
    """What a dealer reads when a hand they submit again was recorded already."""
    return _("Hand %(number)s at %(table)s is already recorded; it was not recorded twice. "
             "The next hand is %(next)s.") % {"number": hand_number, "table": table, "next": table.next_hand_number}


def _check_hand_number(table: Table, hand_number: int) -> None:
    if hand_number == table.last_hand_number:
        raise Conflict(already_recorded_message(table, hand_number), code="already_recorded")
    if hand_number != table.next_hand_number:
        raise Conflict(
            _("Hand %(number)s is not the next hand at %(table)s: the next hand is %(next)s. "
              "Reload the page.") % {"number": hand_number, "table": table, "next": table.next_hand_number},
            code="stale_hand",
        )


def _finish_if_decided(event: Event) -> None:
    active = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count()
    status = Event.Status.FINISHED if active <= 1 else (
        Event.Status.RUNNING if event.status == Event.Status.FINISHED else event.status)
    if status != event.status:
        event.status = status
        event.save(update_fields=["status"])


def _hand_snapshot(boards: Iterable[Board]) -> list[dict[str, Any]]:
    return [
        {"seat": b.seat_number, "entry": b.entry_id, "top": b.top, "middle": b.middle, "bottom": b.bottom,
         "dealt": b.dealt, "unfinished": b.unfinished, "fouled": b.fouled, "points": b.points,
         "stack_before": b.stack_before, "stack_after": b.stack_after, "eliminated": b.eliminated,
         "fantasyland_next_cards": b.fantasyland_next_cards}
        for b in boards
    ]


# Corrections ----------------------------------------------------------------------------------

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
    hand: Hand, parsed: dict[int, _Parsed] | None, rules: RuleSet
) -> tuple[list[Hand], dict[int, list[_NewBoard]], dict[int, list[Exchange]], dict[int, int], dict[int, Table]]:
    """Re-score `hand` (or drop it, when `parsed` is None) and re-settle every later hand.

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

    if parsed is None:
        new[target.pk] = [_NewBoard(b, b.stack_before, b.stack_before, False) for b in boards]
    else:
        seats = [b.seat_number for b in boards]
        if sorted(parsed) != sorted(seats):
            raise InvalidBoards(
                _("Give one board for each seat that played the hand (seats %(seats)s).")
                % {"seats": ", ".join(map(str, sorted(seats)))},
                code="seats_mismatch",
            )
        players = [PlayerHand(str(b.entry), parsed[b.seat_number].board, b.stack_before, b.fantasyland_cards)
                   for b in boards]
        result = _score(players, rules, target.chips_per_point, seats)
        assert result.settlement is not None
        new[target.pk] = [
            _NewBoard(b, b.stack_before, result.settlement.stacks_after[i], result.settlement.eliminated[i],
                      fields={**_board_fields(result.boards[i], parsed[b.seat_number].board),
                              "points": result.points[i], "dealt": parsed[b.seat_number].dealt,
                              "sat_out": bool(parsed[b.seat_number].dealt)})
            for i, b in enumerate(boards)
        ]
        new_exchanges[target.pk] = [
            Exchange(hand=target, order=order, board_a=boards[x.a], board_b=boards[x.b], points=x.points,
                     chips_due=x.chips_due, chips_paid=x.chips_paid, capped=x.capped, skipped=x.skipped)
            for order, x in enumerate(result.settlement.exchanges)
        ]
    for nb in new[target.pk]:
        shift[nb.board.entry_id] = nb.stack_after - nb.board.stack_after

    for later in hands[1:]:
        boards = list(later.boards.all())
        if not any(shift.get(b.entry_id) for b in boards):
            continue
        stacks = [b.stack_before + shift.get(b.entry_id, 0) for b in boards]
        for b, stack in zip(boards, stacks):
            if stack < 1:
                raise Conflict(
                    _("The correction leaves %(name)s with %(stack)s chips at the start of %(hand)s. "
                      "Void that hand first, or adjust chips instead.")
                    % {"name": b.entry, "stack": stack, "hand": _hand_label(later, tables)},
                    code="replay_negative",
                )
        exchanges = list(later.exchanges.all())
        settlement = settle([x.points for x in exchanges], stacks, later.chips_per_point)
        new[later.pk] = [
            _NewBoard(b, stacks[i], settlement.stacks_after[i], settlement.eliminated[i]) for i, b in enumerate(boards)
        ]
        for x, nx in zip(exchanges, settlement.exchanges):
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
    revived: dict[int, _NewBoard] = {}
    for h in hands:
        for nb in new.get(h.pk, []):
            b = nb.board
            if nb.eliminated and not b.eliminated:
                played = [x for x in later_boards.get(b.entry_id, []) if x.pk > h.pk]
                if played:
                    raise Conflict(
                        _("Correcting %(corrected)s would eliminate %(name)s in %(hand)s, but %(name)s has "
                          "since played %(played)s. Void those hands first, or adjust chips instead.")
                        % {"corrected": corrected, "name": b.entry, "hand": _hand_label(h, tables),
                           "played": ", ".join(_hand_label(x, tables) for x in played)},
                        code="would_eliminate",
                    )
                newly_out[b.entry_id] = h
            elif b.eliminated and not nb.eliminated:
                missed = [x for x in hands if x.pk > h.pk and x.table_id == h.table_id]
                if missed:
                    raise Conflict(
                        _("Correcting %(corrected)s would bring back %(name)s, eliminated in %(hand)s, who has "
                          "since missed %(missed)s. Void those hands first (latest first), or leave this "
                          "hand as it is and adjust chips.")
                        % {"corrected": corrected, "name": b.entry, "hand": _hand_label(h, tables),
                           "missed": ", ".join(_hand_label(x, tables) for x in missed)},
                        code="would_revive",
                    )
                if Entry.objects.filter(player_id=b.entry.player_id, number__gt=b.entry.number).exists():
                    raise Conflict(
                        _("Correcting %(corrected)s would bring back %(name)s, who has since re-entered. "
                          "Leave this hand as it is and adjust chips instead.")
                        % {"corrected": corrected, "name": b.entry},
                        code="would_revive",
                    )
                revived[b.entry_id] = h
    return newly_out, revived


def _correct(hand: Hand, *, parsed: dict[int, _Parsed] | None, actor: Any, dry_run: bool, reason: str) -> Correction:
    ensure_director(actor)
    event = lock_event(hand.event_id)
    hand = Hand.objects.select_related("table").get(pk=hand.pk)
    # Lock every open table (id order): a replay may touch entries seated anywhere.
    list(Table.objects.select_for_update(no_key=True).filter(event=event).order_by("id"))
    if hand.is_void:
        raise Conflict(_("This hand is void."), code="hand_void")
    rules = event.ruleset
    hands, new, new_exchanges, shift, tables = _replay_plan(hand, parsed, rules)
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
        entry_id: (hand_id, stack) for entry_id, hand_id, stack in Board.objects.filter(
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
            if h.pk == hand.pk and parsed is not None and any(
                nb.fields.get("fantasyland_next_cards", nb.board.fantasyland_next_cards)
                != nb.board.fantasyland_next_cards for nb in new[h.pk]
            ):
                report.warnings.append(
                    _("Fantasyland for the next hand changes, but the next hand at this table was already "
                      "played; check it.")
                )
            continue
        table_plans.append(_table_plan(h, new[h.pk], tables[h.table_id], parsed is None and h.pk == hand.pk,
                                       report))

    if dry_run:
        return report

    # Write.
    now = timezone.now()
    before = _hand_snapshot(hands[0].boards.all())
    for h in hands:
        if h.pk not in new:
            continue
        rows = []
        for nb in new[h.pk]:
            b = nb.board
            if parsed is not None and h.pk == hand.pk:
                for key, value in nb.fields.items():
                    setattr(b, key, value)
            if parsed is not None or h.pk != hand.pk:
                b.stack_before, b.stack_after, b.eliminated = nb.stack_before, nb.stack_after, nb.eliminated
            rows.append(b)
        fields = ["stack_before", "stack_after", "eliminated"]
        if parsed is not None and h.pk == hand.pk:
            fields += list(new[h.pk][0].fields)
        if parsed is not None or h.pk != hand.pk:
            Board.objects.bulk_update(rows, fields)
        if h.pk == hand.pk and parsed is not None:
            Exchange.objects.filter(hand=h).delete()
            Exchange.objects.bulk_create(new_exchanges[h.pk])
        elif h.pk != hand.pk:
            Exchange.objects.bulk_update(new_exchanges[h.pk], ["chips_paid", "capped", "skipped"])
    if parsed is None:
        hand.status = Hand.Status.VOID
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
    _finish_if_decided(event)
    write_audit(
        actor=actor, event_id=event.pk, obj=hand,
        action=AuditEntry.Action.VOID_HAND if parsed is None else AuditEntry.Action.CORRECT_HAND,
        table_number=tables[hand.table_id].number,
        args={"table": tables[hand.table_id].number, "number": hand.number, "reason": reason or "-"},
        before=before,
        after={"boards": _hand_snapshot(b.board for b in new[hand.pk]) if parsed is not None else None,
               "replayed": [h.pk for h in report.replayed],
               "changes": [[c.what, c.subject, c.before, c.after] for c in report.changes]},
    )
    return report


def _table_plan(
    h: Hand, boards: list[_NewBoard], table: Table, voided: bool, report: Correction
) -> Any:
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
        nb.fields.get("fantasyland_next_cards", nb.board.fantasyland_next_cards) and not nb.eliminated
        for nb in boards)
    elimination_changed = any(nb.eliminated != nb.board.eliminated for nb in boards)
    old_moved = not old_hold
    new_moved = not voided and not new_hold and bool(occupied)
    if voided or new_hold or not occupied:
        button = h.button_seat
    elif not old_hold and not elimination_changed:
        button = table.button_seat or h.button_seat
    else:
        button = next_button(occupied, h.button_seat)
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
def correct_hand(
    hand: Hand, *, boards: BoardsArg, actor: Any, dry_run: bool = False, reason: str = ""
) -> Correction:
    """Re-score `hand` with corrected boards and replay every later hand of the event in order.

    The dry run returns the differences (stacks, places, eliminations, button, Fantasyland)
    and saves nothing. The old version stays in the audit log.
    """
    ensure_director(actor)
    parsed = _parse_boards(boards, Event.objects.get(pk=hand.event_id).ruleset)
    return _correct(hand, parsed=parsed, actor=actor, dry_run=dry_run, reason=reason)


@transaction.atomic(durable=True)
def void_hand(hand: Hand, *, actor: Any, dry_run: bool = False, reason: str = "") -> Correction:
    """Cancel `hand`: it moves no chips; later hands are replayed as in `correct_hand`."""
    ensure_director(actor)
    return _correct(hand, parsed=None, actor=actor, dry_run=dry_run, reason=reason)


# Rounds ---------------------------------------------------------------------------------------

def round_complete(table: Table, seated: int, fantasyland_pending: bool) -> bool:
    """A round ends when the button has gone once around and no Fantasyland hand is pending."""
    needed = max(1, min(table.round_players or seated, seated))
    return table.round_button_moves >= needed and not fantasyland_pending


def _start_next_round(table: Table, *, players: int) -> None:
    """The table's next round begins with the players seated now (the caller saves the table)."""
    table.round_number += 1
    table.round_button_moves = 0
    table.round_players = players


@transaction.atomic(durable=True)
def close_round(table: Table, *, actor: Any, force: bool = False) -> Table:
    """End the table's current round and start the next; `force` ends it early (never over a
    pending Fantasyland hand)."""
    ensure_director(actor)
    event = lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    seats = list(Seat.objects.filter(table=table, entry__isnull=False))
    pending = any(seat.fantasyland_cards for seat in seats)
    if pending:
        raise ServiceError(_("A Fantasyland hand is pending: the round goes on."), code="fantasyland_pending")
    if not force and not round_complete(table, len(seats), pending):
        raise ServiceError(
            _("The button has not gone around yet (%(moves)s of %(needed)s moves).")
            % {"moves": table.round_button_moves, "needed": max(1, min(table.round_players or len(seats), len(seats)))},
            code="round_not_over",
        )
    before = table.round_number
    _start_next_round(table, players=len(seats))
    table.save(update_fields=["round_number", "round_button_moves", "round_players"])
    write_audit(actor=actor, event_id=event.pk, action=AuditEntry.Action.CLOSE_ROUND, obj=table,
                table_number=table.number, args={"table": table.number, "round": before},
                before={"round": before}, after={"round": table.round_number})
    return table


__all__ = [
    "BoardInput", "Change", "Correction", "NotAllowed", "close_round", "correct_hand", "record_hand",
    "round_complete", "void_hand",
]
