"""Recording hands and closing rounds.

The flow of a hand (architecture.md, "How data flows through a hand"): the dealer's boards are
parsed before any lock; then, in one transaction, the event row and the table row are locked,
the hand number is re-checked (a second submit of the same hand is refused, never doubled),
`vpt.ofc` scores and settles with the stacks held at hand start and the chips per point the
hand was dealt at, and the hand, its boards, exchanges, new stacks, eliminations, places, button,
next-hand Fantasyland and an audit entry are written.

key        the name a device gives one submission (`Hand.key`, unique per table). The same key
           sent again returns the hand it recorded, unchanged and without an error (the device
           lost the answer, not the hand); a new key for a hand already recorded is refused.
next hand  the hand number a table records next (`Table.next_hand_number`); any other number
           is refused: the last one as already recorded, others as stale.
dealt      a hand is played at the level (chips per point) stored when the table dealt it
           (`vpt.seating.next_hand`): when its previous hand was recorded, the table opened or
           received players, or a break ended. A hand in play when a break comes is recorded;
           the table then deals only Fantasyland hands until the break ends.
round      the hands a table plays while the button goes once around its players (`Round`).
           A round is complete when the button has moved once per player and no Fantasyland
           hand is pending; the next hand then opens the next round, or a director closes it.

Board inputs and parsing are in `vpt.rounds.scoring`; correcting and voiding recorded hands
in `vpt.rounds.corrections`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from time import perf_counter
from typing import Any

from django.core.files.base import ContentFile
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, F, IntegerField, OuterRef, Subquery, Value
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_can_record, ensure_director, user_of
from vpt.clock.services import refresh_clock, refresh_clock_after_hand
from vpt.clock.steady import steady_now
from vpt.errors import Conflict, InvalidBoards, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Clock, Entry, Event
from vpt.events.places import assign_places, finish_if_decided
from vpt.events.services import lock_event
from vpt.ofc import HandResult, PlayerHand, RuleSet, button_after_hand, format_cards, payment_seats
from vpt.seating.models import PlannedMove, Seat
from vpt.seating.next_hand import deal_after_hand, deal_next_hands, undeal, why_not
from vpt.seating.pace import held_tables
from vpt.seating.planned import carry_out_planned_moves
from vpt.tables.models import Round, Table
from vpt.write_turns import write_turn

from .clock import room_facts
from .floor_hooks import floor_hand_recorded
from .hand_for_hand import elimination_keys
from .models import Board, Exchange, Hand, HandPhoto
from .photos import PreparedPhoto, photo_storage
from .scoring import BoardsArg, ParsedBoard, board_fields, exchange_rows, hand_snapshot, parse_boards, score

# Recording ------------------------------------------------------------------------------------


KEY_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{8,64}")
"""A submission key: 8 to 64 letters, digits and ``_ . : -`` (a UUID or a token_urlsafe fits)."""


def check_key(key: str | None) -> None:
    """Refuse a submission key that is not one (`KEY_PATTERN`)."""
    if key is not None and not KEY_PATTERN.fullmatch(key):
        raise ServiceError(
            _("The submission key must be 8 to 64 letters, digits or _ . : - characters."), code="invalid_key"
        )


def _same_submission(earlier: Hand, hand_number: int, parsed: dict[int, ParsedBoard]) -> bool:
    """Whether a hand recorded with a key is what the key's new submission asks for: the same
    hand number, still recorded, with the same cards at the same seats (row order aside)."""
    if earlier.is_void or earlier.number != hand_number:
        return False

    def rows(seat: int, top: str, middle: str, bottom: str) -> tuple[int, list[str], list[str], list[str]]:
        return seat, sorted(top.split()), sorted(middle.split()), sorted(bottom.split())

    stored = sorted(rows(b.seat_number, b.top, b.middle, b.bottom) for b in earlier.boards.all())
    sent = sorted(
        rows(seat, format_cards(item.board.top), format_cards(item.board.middle), format_cards(item.board.bottom))
        for seat, item in parsed.items()
    )
    return stored == sent


def elimination_order(event: Event) -> dict[int, tuple[int, int]]:
    """What put each entry of `event` out, for `vpt.events.places`: entry id → (hand id, stack at
    that hand's start), from the hands that still count (not void), the hands of one
    hand-for-hand round counting as one (`elimination_keys`): 1 query."""
    return elimination_keys(
        Board.objects.filter(hand__event=event, hand__status=Hand.Status.RECORDED, eliminated=True).values_list(
            "entry_id", "hand_id", "stack_before", "hand__hand_for_hand_round"
        )
    )


def record_hand(
    table: Table,
    *,
    hand_number: int,
    boards: BoardsArg,
    actor: Actor,
    key: str | None = None,
    confirmed_seats: Collection[int] = (),
) -> Hand:
    """Score, settle and save hand `hand_number` at `table`; it must be the table's next hand.

    `boards` maps seat numbers to board inputs (`BoardInput` or dicts with `top`, `middle`,
    `bottom`, `unfinished`, `dealt`), or is a list of them each naming its `seat`. `key` names
    this submission: when a hand of this table was recorded with it, that hand is returned
    (with `replayed` set) and nothing is written; a key seen before with another hand number,
    other boards, or for a hand since voided is refused (`key_reused`), never answered with
    another hand's result. When the event has players confirm the boards
    (`Event.players_confirm_boards`), every seat must be in `confirmed_seats`.

    The boards are parsed, the refusals made and the hand scored and settled from one read of
    the table, before any lock (`_plan`); then one short transaction locks the event, checks
    that what the plan was made from still holds (`_check_plan`; otherwise plans again under
    the lock) and writes (`_write`).
    """
    check_key(key)
    called = perf_counter()
    counter = _StatementCounter() if _timing.isEnabledFor(logging.INFO) else None
    with connection.execute_wrapper(counter) if counter is not None else nullcontext():
        try:
            hand, locked = _record(
                table.pk, hand_number=hand_number, boards=boards, actor=actor, key=key, confirmed_seats=confirmed_seats
            )
        except IntegrityError:
            # Only a submission with the same key committed since this one's read, and undone
            # since, gets here (the lock checks refuse the rest): the read again names it.
            hand, locked = _record(
                table.pk, hand_number=hand_number, boards=boards, actor=actor, key=key, confirmed_seats=confirmed_seats
            )
    if counter is not None and locked is not None:
        done = perf_counter()
        _timing.info(
            "record_hand table %s hand %s: %.2f ms to the lock (read, plan, wait), held it %.2f ms, %d statements",
            table.pk,
            hand_number,
            (locked - called) * 1000,
            (done - locked) * 1000,
            counter.count,
        )
    return hand


_timing = logging.getLogger("vpt.rounds.timing")
"""One line per recorded hand at INFO (off in production, where only warnings are logged): the
time `record_hand` took to reach the write lock and held it, and its SQL statements (COMMIT aside).
`bench/room.py` turns it on and reads it."""


class _StatementCounter:
    """A `connection.execute_wrapper` that counts statements (installed only for `_timing`)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


def _record(
    table_id: int,
    *,
    hand_number: int,
    boards: BoardsArg,
    actor: Actor,
    key: str | None,
    confirmed_seats: Collection[int],
) -> tuple[Hand, float | None]:
    """Plan the hand from one read (no lock), then record it under the locks; returns the hand
    and when the lock was taken (None: a replay answered before any lock)."""
    table, seats, current, earlier_id = _read_table(table_id, key=key)
    event = table.event
    rules = event.ruleset
    parsed = parse_boards(boards, rules)
    earlier = _admit(table, hand_number=hand_number, parsed=parsed, actor=actor, key=key, earlier_id=earlier_id)
    if earlier is not None:
        return earlier, None
    plan = None
    if table.is_dealt:  # else the clock may have ended a break: dealt under the lock
        assert current is not None  # every table has an open round
        plan = _plan(event, table, seats, current, parsed=parsed, rules=rules, confirmed_seats=confirmed_seats)
    with write_turn():
        return _record_locked(
            table_id,
            event.pk,
            plan,
            hand_number=hand_number,
            parsed=parsed,
            rules=rules,
            actor=actor,
            key=key,
            confirmed_seats=confirmed_seats,
        )


@dataclass
class _Plan:
    """A hand scored and settled before the locks, and what it was made from (`_seen`)."""

    seen: tuple[Any, ...]
    version: int  # the event's, when the table was read
    chips_per_point: int  # the hand's: the table's next hand was dealt at it
    table: Table
    current: Round
    opens_round: bool
    order: list[int]  # payment order: the button last
    fantasyland: bool
    result: HandResult
    rows: list[Board]  # to write, in payment order, their hand set when it is
    entries: list[Entry]  # the seated entries, after the hand
    entry_fields: list[str]
    changed_seats: list[Seat]  # whose player left or whose Fantasyland changed
    survivors: int  # players still seated after the hand
    holds: bool  # a Fantasyland hand is pending after it
    next_button: int | None
    eliminated: bool


def _read_table(table_id: int, *, key: str | None) -> tuple[Table, dict[int, Seat], Round | None, int | None]:
    """The table with its event (current level loaded), the level its next hand was dealt at, its
    occupied seats by number (entries and players loaded), its open round, and the id of a hand
    it recorded with `key`: 1 query, 3 when nobody is seated."""
    earlier = Hand.objects.filter(table_id=table_id, key=key).values("pk")[:1] if key is not None else None
    rows = list(
        Seat.objects.filter(table_id=table_id, entry__isnull=False, table__rounds__closed_at__isnull=True)
        .select_related("entry__player", "table__event__current_level", "table__next_level")
        .annotate(
            round_id=F("table__rounds__id"),
            round_number=F("table__rounds__number"),
            round_players=F("table__rounds__players"),
            round_moves=F("table__rounds__button_moves"),
            earlier_id=Subquery(earlier) if earlier is not None else Value(None, output_field=IntegerField()),
        )
        .order_by("number")
    )
    if not rows:
        table = Table.objects.select_related("event__current_level", "next_level").get(pk=table_id)
        earlier_id = Hand.objects.filter(table=table, key=key).values_list("pk", flat=True).first() if key else None
        return table, {}, Round.objects.filter(table=table, closed_at__isnull=True).first(), earlier_id
    first = rows[0]
    table = first.table
    seats: dict[int, Seat] = {seat.number: seat for seat in rows}
    if first.round_id is None:  # no open round: `current_round` says so, as it always did
        return table, seats, current_round(table), first.earlier_id
    current = Round(
        pk=first.round_id,
        table=table,
        number=first.round_number,
        players=first.round_players,
        button_moves=first.round_moves,
    )
    return table, seats, current, first.earlier_id


def _admit(
    table: Table,
    *,
    hand_number: int,
    parsed: dict[int, ParsedBoard],
    actor: Actor,
    key: str | None,
    earlier_id: int | None,
) -> Hand | None:
    """Who may record at `table`, a key seen before (its hand, replayed) and the hand number:
    the checks before a hand is planned, with the table as `_read_table` read it."""
    ensure_can_record(actor, dealer_id=table.dealer_id, table_number=table.number, table_id=table.pk)
    if key is not None and earlier_id is not None:
        earlier = Hand.objects.get(pk=earlier_id)
        if not _same_submission(earlier, hand_number, parsed):
            raise Conflict(
                _(
                    "This submission key was already used for hand %(number)s at %(table)s, with other "
                    "boards or since undone: nothing was recorded. Send the hand again with a new key."
                )
                % {"number": earlier.number, "table": table},
                code="key_reused",
            )
        earlier.replayed = True
        return earlier
    _check_hand_number(table, hand_number)
    return None


def _seen(event: Event, table: Table, current: Round, seats: dict[int, Seat]) -> tuple[Any, ...]:
    """What a plan is made from: the event's status and rule for confirmations, the table's next
    hand (its number, button and level), its round, and who sits where with what stack and
    Fantasyland. `_seen_now` reads the same under the lock."""
    return (
        (event.status, event.players_confirm_boards),
        (table.last_hand_number, table.button_seat, table.next_level_id, table.next_chips_per_point, table.status),
        (table.dealer_id, current.pk, current.number, current.players, current.button_moves),
        tuple(
            (number, seat.entry_id, seat.fantasyland_cards, seat.occupant.stack, seat.occupant.status)
            for number, seat in sorted(seats.items())
        ),
    )


_SEEN_FIELDS = (
    "table__last_hand_number",
    "table__button_seat",
    "table__next_level_id",
    "table__next_chips_per_point",
    "table__status",
    "table__dealer_id",
    "table__rounds__id",
    "table__rounds__number",
    "table__rounds__players",
    "table__rounds__button_moves",
    "number",
    "entry_id",
    "fantasyland_cards",
    "entry__stack",
    "entry__status",
)


def _seen_now(event: Event, table_id: int) -> tuple[Any, ...] | None:
    """`_seen` as the database holds it now (`event` locked): 1 query."""
    rows = list(
        Seat.objects.filter(table_id=table_id, entry__isnull=False, table__rounds__closed_at__isnull=True)
        .order_by("number")
        .values_list(*_SEEN_FIELDS)
    )
    if not rows:
        return None
    first = rows[0]
    return ((event.status, event.players_confirm_boards), first[:5], first[5:10], tuple(row[10:] for row in rows))


def _plan(
    event: Event,
    table: Table,
    seats: dict[int, Seat],
    current: Round,
    *,
    parsed: dict[int, ParsedBoard],
    rules: RuleSet,
    confirmed_seats: Collection[int],
) -> _Plan:
    """Refuse the hand, or score and settle it and work out every row it writes (no query but
    the level before a break): `table` dealt, `seats` its occupied seats, `current` its round."""
    seen = _seen(event, table, current, seats)
    fantasyland = any(seat.fantasyland_cards for seat in seats.values())
    _refuse_undealt(table, event, seated=len(seats), fantasyland=fantasyland)
    missing = sorted(set(seats) - set(parsed))
    extra = sorted(set(parsed) - set(seats))
    if missing or extra:
        raise InvalidBoards(
            _("Boards do not match the seated players (missing seats: %(missing)s; empty seats: %(extra)s).")
            % {"missing": ", ".join(map(str, missing)) or "-", "extra": ", ".join(map(str, extra)) or "-"},
            code="seats_mismatch",
        )
    unconfirmed = sorted(set(seats) - set(confirmed_seats)) if event.players_confirm_boards else []
    if unconfirmed:
        raise ServiceError(
            _("Each player confirms the boards before Record: seat %(seats)s has not yet.")
            % {"seats": ", ".join(map(str, unconfirmed))},
            code="boards_not_confirmed",
        )
    # The button has gone around: this hand opens the next round, without anyone closing it.
    opens_round = current.is_complete(len(seats), fantasyland_pending=fantasyland)

    order = payment_seats(list(seats), table.button_seat)
    button = order[-1]
    players = [
        PlayerHand(str(seats[n].occupant), parsed[n].board, seats[n].occupant.stack, seats[n].fantasyland_cards)
        for n in order
    ]
    # The hand is played at the level it was dealt at, however late it is recorded.
    chips_per_point = table.next_chips_per_point
    assert chips_per_point is not None  # dealt: `_refuse_undealt` passed
    result = score(players, rules, chips_per_point, order)
    settlement = result.settlement
    assert settlement is not None

    rows, entries, changed_seats, eliminated = [], [], [], False
    for position, number in enumerate(order):
        seat, item = seats[number], parsed[number]
        entry = seat.occupant
        out = settlement.eliminated[position]
        rows.append(
            Board(
                entry=entry,
                seat_number=number,
                position=position,
                dealt=item.dealt,
                sat_out=bool(item.dealt),
                fantasyland_cards=seat.fantasyland_cards,
                points=result.points[position],
                stack_before=entry.stack,
                stack_after=settlement.stacks_after[position],
                eliminated=out,
                **board_fields(result.boards[position], item.board),
            )
        )
        entry.stack = settlement.stacks_after[position]
        fantasyland_next = 0 if out else result.boards[position].fantasyland_next_cards
        if out:
            entry.status = Entry.Status.ELIMINATED
            entry.eliminated_at_table, entry.eliminated_at_hand = table.number, table.next_hand_number
            eliminated = True
        if out or fantasyland_next != seat.fantasyland_cards:
            seat.fantasyland_cards = fantasyland_next
            if out:
                seat.entry = None
            changed_seats.append(seat)
        entries.append(entry)
    survivors = [n for n in order if seats[n].entry_id is not None]
    holds = any(seats[n].fantasyland_cards for n in survivors)
    return _Plan(
        seen=seen,
        version=event.version,
        chips_per_point=chips_per_point,
        table=table,
        current=current,
        opens_round=opens_round,
        order=order,
        fantasyland=fantasyland,
        result=result,
        rows=rows,
        entries=entries,
        entry_fields=["stack", "status", "eliminated_at_table", "eliminated_at_hand"] if eliminated else ["stack"],
        changed_seats=changed_seats,
        survivors=len(survivors),
        holds=holds,
        next_button=button_after_hand(survivors, button, fantasyland_next=holds),
        eliminated=eliminated,
    )


def _lock_event_for_hand(event_id: int, table_id: int) -> Event:
    """The event row locked (`lock_event`), with its current level, its clock (`Event.clock`, or
    none), whether another open table waits for a deal (`Event.tables_waiting`) and whether a
    move is planned away from this table (`Event.moves_planned`): 1 query.

    Every service that writes a table, its seats, round or entries locks the event first, so
    this lock alone keeps them as read from here to the commit."""
    waiting = Table.objects.filter(
        event_id=OuterRef("pk"), status=Table.Status.OPEN, next_chips_per_point__isnull=True
    ).exclude(pk=table_id)
    return (
        Event.objects.select_for_update(no_key=True, of=("self",))
        .select_related("current_level", "clock")
        .annotate(
            tables_waiting=Exists(waiting),
            moves_planned=Exists(PlannedMove.objects.filter(from_table_id=table_id)),
        )
        .get(pk=event_id)
    )


def _clock_of(event: Event) -> Clock | None:
    try:
        return event.clock
    except Clock.DoesNotExist:
        return None


@transaction.atomic(durable=True)
def _record_locked(
    table_id: int,
    event_id: int,
    plan: _Plan | None,
    *,
    hand_number: int,
    parsed: dict[int, ParsedBoard],
    rules: RuleSet,
    actor: Actor,
    key: str | None,
    confirmed_seats: Collection[int],
) -> tuple[Hand, float]:
    """Lock the event, keep `plan` when what it was made from still holds (the event's version
    unchanged: nothing of the event changed; or else the table, round and seats re-read as
    planned), plan again under the lock otherwise, and write the hand."""
    event = _lock_event_for_hand(event_id, table_id)
    locked = perf_counter()
    if plan is None or (plan.version != event.version and _seen_now(event, table_id) != plan.seen):
        table, seats, current, earlier_id = _read_table(table_id, key=key)
        earlier = _admit(table, hand_number=hand_number, parsed=parsed, actor=actor, key=key, earlier_id=earlier_id)
        if earlier is not None:
            return earlier, locked
        if not table.is_dealt:
            # No hand dealt yet (a break, or too few players): the break may have ended since the
            # clock was last stored, and then every waiting table deals.
            clock = _clock_of(event)
            refresh_clock(event, now=steady_now(), facts=room_facts(event, clock=clock), clock=clock)
            deal_next_hands(event)
            table.refresh_from_db(fields=["next_level", "next_chips_per_point", "button_seat"])
        assert current is not None  # every table has an open round
        plan = _plan(event, table, seats, current, parsed=parsed, rules=rules, confirmed_seats=confirmed_seats)
    return _write(event, plan, hand_number=hand_number, actor=actor, key=key), locked


def _write(event: Event, plan: _Plan, *, hand_number: int, actor: Actor, key: str | None) -> Hand:
    """Write a planned hand (`event` locked): the hand, its boards and exchanges, stacks, seats,
    round, eliminations and places; the clock when the hand may move it; the table's next hand
    and any table a break kept waiting; the audit entry (which bumps the event's version)."""
    table, current = plan.table, plan.current
    table.event = event  # as locked and written here, not as planned
    moves = bool(plan.survivors) and not plan.holds  # the button moves on
    if plan.opens_round:
        current = _open_next_round(current, players=len(plan.order), button_moves=int(moves))
    elif moves:
        current.button_moves += 1
        current.save(update_fields=["button_moves"])
    hand = Hand.objects.create(
        event=event,
        table=table,
        number=hand_number,
        round=current,
        level_id=table.next_level_id,
        chips_per_point=plan.chips_per_point,
        button_seat=plan.order[-1],
        fantasyland=plan.fantasyland,
        recorded_by=user_of(actor),
        key=key,
    )
    for row in plan.rows:
        row.hand = hand
    rows = Board.objects.bulk_create(plan.rows)
    assert plan.result.settlement is not None
    Exchange.objects.bulk_create(exchange_rows(hand, rows, plan.result.settlement))
    Entry.objects.bulk_update(plan.entries, plan.entry_fields)
    if plan.changed_seats:
        Seat.objects.bulk_update(plan.changed_seats, ["entry", "fantasyland_cards"])
    floor_hand_recorded(event, table, hand, actor=actor)
    if plan.eliminated:
        assign_places(event, eliminations=elimination_order(event))
        finish_if_decided(event, actor=actor)
    # A hand that ends the round lets the moves planned away from this table happen.
    moved_to: list[Table] = []
    if event.moves_planned:  # type: ignore[attr-defined]
        round_over = not current.in_progress(plan.survivors, fantasyland_pending=plan.holds)
        moved_to = carry_out_planned_moves(table, event=event, round_over=round_over, actor=actor)
    # The next hand is dealt now, at the level in force once this hand counts (a level by
    # hands may just have ended; the last Fantasyland hand before a break starts its time).
    clock = _clock_of(event)
    refresh_clock_after_hand(
        event, clock=clock, now=steady_now(), read_facts=lambda locked: room_facts(locked, clock=clock)
    )
    table.last_hand_number = hand_number
    table.button_seat = plan.next_button
    undeal(table)
    deal_after_hand(table, event, seated=plan.survivors, fantasyland=plan.holds)
    table.save(
        update_fields=[
            "last_hand_number",
            "button_seat",
            "next_level",
            "next_chips_per_point",
            "level_hands",
            "level_hands_level",
        ]
    )
    if moved_to:  # players left this table and joined others: deal from the seats as they are now
        deal_next_hands(event, [table, *moved_to])
    if event.tables_waiting:  # type: ignore[attr-defined]
        deal_next_hands(event, _waiting_tables(event, table))
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="rounds.hand_recorded",
        obj=hand,
        table_number=table.number,
        args={"table": table.number, "number": hand_number},
        after=hand_snapshot(rows),
    )
    return hand


# The dealer's undo ----------------------------------------------------------------------------

REOPEN_MINUTES = 10
"""How long after recording a hand its dealer may still reopen it (and only before the next)."""


def reopen_refusal(hand: Hand, *, last_hand_number: int, now: datetime) -> str | None:
    """Why the dealer may not reopen `hand` now (None: they may). Directors correct instead."""
    if hand.is_void:
        return _("This hand is void.")
    if hand.number != last_hand_number:
        return _("The next hand has been recorded: only a tournament director can correct this hand now.")
    if now - hand.recorded_at > timedelta(minutes=REOPEN_MINUTES):
        return _("More than %(minutes)s minutes have passed: only a tournament director can correct this hand now.") % {
            "minutes": REOPEN_MINUTES
        }
    return None


def already_recorded_message(table: Table, hand_number: int) -> str:
    """What a dealer reads when a hand they submit again was recorded already."""
    return _(
        "Hand %(number)s at %(table)s is already recorded; it was not recorded twice. The next hand is %(next)s."
    ) % {"number": hand_number, "table": table, "next": table.next_hand_number}


def _check_hand_number(table: Table, hand_number: int) -> None:
    if hand_number == table.last_hand_number:
        raise Conflict(already_recorded_message(table, hand_number), code="already_recorded")
    if hand_number != table.next_hand_number:
        raise Conflict(
            _("Hand %(number)s is not the next hand at %(table)s: the next hand is %(next)s. Reload the page.")
            % {"number": hand_number, "table": table, "next": table.next_hand_number},
            code="stale_hand",
        )


def _refuse_undealt(table: Table, event: Event, *, seated: int, fantasyland: bool) -> None:
    """Refuse a hand the table has not dealt (or can no longer play), naming why by its code."""
    held = not table.is_dealt and table.pk in held_tables(event, [table])
    reason = why_not(table, event, seated=seated, fantasyland=fantasyland, held=held)
    messages = {
        "table_closed": _("%(table)s is broken.") % {"table": table},
        "event_finished": _("The event has finished."),
        "too_few_players": _("%(table)s has fewer than two players.") % {"table": table},
        "on_break": _("The event is on a break; only Fantasyland hands continue."),
        "hand_for_hand": _("Hand-for-hand: %(table)s has played its hand of this round; wait for the other tables.")
        % {"table": table},
        "waiting_for_tables": _("%(table)s is ahead of the other tables: wait for them to catch up.")
        % {"table": table},
    }
    if reason is not None:
        raise ServiceError(messages[reason], code=reason)
    if not table.is_dealt:  # cannot happen after `deal_next_hands`; refused rather than guessed
        raise ServiceError(messages["on_break"], code="on_break")


def _waiting_tables(event: Event, table: Table) -> list[Table]:
    """The event's other open tables with no hand dealt (a break, or one player), locked."""
    return list(
        Table.objects.select_for_update(no_key=True)
        .filter(event=event, status=Table.Status.OPEN, next_chips_per_point__isnull=True)
        .exclude(pk=table.pk)
        .order_by("id")
    )


# Rounds ---------------------------------------------------------------------------------------


def current_round(table: Table) -> Round:
    """The table's open round (every table has one from the seat draw or its opening)."""
    return Round.objects.get(table=table, closed_at__isnull=True)


def _open_next_round(current: Round, *, players: int, button_moves: int = 0) -> Round:
    """Close `current` and open the table's next round with the players seated now."""
    current.closed_at = steady_now()
    current.save(update_fields=["closed_at"])
    return Round.objects.create(
        table_id=current.table_id, number=current.number + 1, players=players, button_moves=button_moves
    )


@transaction.atomic(durable=True)
def close_round(table: Table, *, actor: Actor, force: bool = False) -> Round:
    """End the table's current round and start the next; `force` ends it early (never over a
    pending Fantasyland hand). Returns the round now open."""
    ensure_director(actor)
    event = lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    current = current_round(table)
    seats = list(Seat.objects.filter(table=table, entry__isnull=False))
    pending = any(seat.fantasyland_cards for seat in seats)
    if pending:
        raise ServiceError(_("A Fantasyland hand is pending: the round goes on."), code="fantasyland_pending")
    if not force and not current.is_complete(len(seats), fantasyland_pending=pending):
        raise ServiceError(
            _("The button has not gone around yet (%(moves)s of %(needed)s moves).")
            % {"moves": current.button_moves, "needed": current.moves_needed(len(seats))},
            code="round_not_over",
        )
    opened = _open_next_round(current, players=len(seats))
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="rounds.round_closed",
        obj=table,
        table_number=table.number,
        args={"table": table.number, "round": current.number},
        before={"round": current.number},
        after={"round": opened.number},
    )
    return opened


def ensure_can_attach_photo(hand: Hand, *, actor: Actor) -> None:
    """Refuse (`NotAllowed`) an actor who may not keep a photo with `hand`: who may record at
    its table (a director, its dealer, or its own signed-in device). The view asks this before
    it reads the photo's body, so a refused upload is never decoded."""
    table = hand.table
    ensure_can_record(actor, dealer_id=table.dealer_id, table_number=table.number, table_id=table.pk)


@transaction.atomic(durable=True)
def attach_photo(hand: Hand, *, photo: PreparedPhoto, actor: Actor) -> HandPhoto:
    """Keep `photo` with `hand` (replacing an earlier one); who may record at its table."""
    hand = Hand.objects.select_for_update().select_related("table").get(pk=hand.pk)
    ensure_can_attach_photo(hand, actor=actor)
    earlier = HandPhoto.objects.filter(hand=hand).first()
    if earlier is not None:
        old_name = earlier.image.name
        earlier.delete()
        transaction.on_commit(lambda: photo_storage().delete(old_name))
    record = HandPhoto(hand=hand, width=photo.width, height=photo.height, uploaded_by=user_of(actor))
    record.image.save(f"hand-{hand.pk}.jpg", ContentFile(photo.content), save=False)
    record.save()
    return record
