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

import re
from collections.abc import Collection
from datetime import datetime, timedelta

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_can_record, ensure_director, user_of
from vpt.errors import Conflict, InvalidBoards, ServiceError
from vpt.events.audit import write_audit
from vpt.events.clock_services import refresh_clock
from vpt.events.clock_time import steady_now
from vpt.events.models import AuditEntry, Entry, Event
from vpt.events.places import assign_places, finish_if_decided
from vpt.events.services import lock_event
from vpt.ofc import PlayerHand, button_after_hand, format_cards, payment_seats
from vpt.seating.models import Seat
from vpt.seating.next_hand import deal_next_hands, undeal, why_not
from vpt.seating.planned import carry_out_planned_moves
from vpt.tables.models import Round, Table

from .clock import room_facts
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
    that hand's start), from the hands that still count (not void): 1 query."""
    return {
        entry_id: (hand_id, stack)
        for entry_id, hand_id, stack in Board.objects.filter(
            hand__event=event, hand__status=Hand.Status.RECORDED, eliminated=True
        ).values_list("entry_id", "hand_id", "stack_before")
    }


@transaction.atomic(durable=True)
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
    """
    check_key(key)
    rules = table.event.ruleset
    parsed = parse_boards(boards, rules)

    event = lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    ensure_can_record(actor, dealer_id=table.dealer_id, table_number=table.number, table_id=table.pk)
    if key is not None:
        earlier = Hand.objects.filter(table=table, key=key).first()
        if earlier is not None:
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
    if not table.is_dealt:
        # No hand dealt yet (a break, or too few players): the break may have ended since the
        # clock was last stored, and then every waiting table deals.
        refresh_clock(event, now=steady_now(), facts=room_facts(event))
        deal_next_hands(event)
        table.refresh_from_db(fields=["next_level", "next_chips_per_point", "button_seat"])
    seats = {
        seat.number: seat
        for seat in Seat.objects.filter(table=table, entry__isnull=False)
        .select_related("entry__player")
        .order_by("number")
    }
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

    current = current_round(table)
    if current.is_complete(len(seats), fantasyland_pending=fantasyland):
        # The button has gone around: this hand opens the next round, without anyone closing it.
        current = _open_next_round(current, players=len(seats))

    order = payment_seats(list(seats), table.button_seat)
    button = order[-1]
    players = [
        PlayerHand(str(seats[n].occupant), parsed[n].board, seats[n].occupant.stack, seats[n].fantasyland_cards)
        for n in order
    ]
    # The hand is played at the level it was dealt at, however late it is recorded.
    level, chips_per_point = table.next_level, table.next_chips_per_point
    assert chips_per_point is not None  # dealt: `_refuse_undealt` passed
    result = score(players, rules, chips_per_point, order)
    assert result.settlement is not None

    hand = Hand.objects.create(
        event=event,
        table=table,
        number=hand_number,
        round_number=current.number,
        level=level,
        chips_per_point=chips_per_point,
        button_seat=button,
        fantasyland=fantasyland,
        recorded_by=user_of(actor),
        key=key,
    )
    settlement = result.settlement
    rows = []
    for position, number in enumerate(order):
        seat, item = seats[number], parsed[number]
        rows.append(
            Board(
                hand=hand,
                entry=seat.entry,
                seat_number=number,
                position=position,
                dealt=item.dealt,
                sat_out=bool(item.dealt),
                fantasyland_cards=seat.fantasyland_cards,
                points=result.points[position],
                stack_before=seat.occupant.stack,
                stack_after=settlement.stacks_after[position],
                eliminated=settlement.eliminated[position],
                **board_fields(result.boards[position], item.board),
            )
        )
    rows = Board.objects.bulk_create(rows)
    Exchange.objects.bulk_create(exchange_rows(hand, rows, settlement))

    entries, changed_seats, eliminated = [], [], []
    for position, number in enumerate(order):
        seat, row = seats[number], rows[position]
        entry = seat.occupant
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
    table.button_seat = button_after_hand(survivors, button, fantasyland_next=holds)
    undeal(table)
    table.save(update_fields=["last_hand_number", "button_seat", "next_level", "next_chips_per_point"])
    if survivors and not holds:
        current.button_moves += 1
        current.save(update_fields=["button_moves"])

    if eliminated:
        assign_places(event, eliminations=elimination_order(event))
        finish_if_decided(event)
    # A hand that ends the round lets the moves planned away from this table happen.
    round_over = not current.in_progress(len(survivors), fantasyland_pending=holds)
    carry_out_planned_moves(table, event=event, round_over=round_over, actor=actor)
    # The next hand is dealt now, at the level in force once this hand counts (a level by
    # hands may just have ended; the last Fantasyland hand before a break starts its time).
    refresh_clock(event, now=steady_now(), facts=room_facts(event))
    deal_next_hands(event, [table, *_waiting_tables(event, table)])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action=AuditEntry.Action.RECORD_HAND,
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
    reason = why_not(table, event, seated=seated, fantasyland=fantasyland)
    messages = {
        "table_closed": _("%(table)s is broken.") % {"table": table},
        "event_finished": _("The event has finished."),
        "too_few_players": _("%(table)s has fewer than two players.") % {"table": table},
        "on_break": _("The event is on a break; only Fantasyland hands continue."),
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


def _open_next_round(current: Round, *, players: int) -> Round:
    """Close `current` and open the table's next round with the players seated now."""
    current.closed_at = steady_now()
    current.save(update_fields=["closed_at"])
    return Round.objects.create(table_id=current.table_id, number=current.number + 1, players=players)


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
        action=AuditEntry.Action.CLOSE_ROUND,
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
