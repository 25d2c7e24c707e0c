"""Writes for seats: the seat draw, late seating, moves, balancing and breaking tables.

Balanced means table sizes differ by at most one and no table holds a single player (with
3-max tables, 10 players sit 3-3-2-2). Nobody is moved away from a table where someone plays
Fantasyland next while two or more players sit there: the Fantasyland hand continues the
previous one and is played first. A lone player is moved at once, and a pending Fantasyland
moves with its player (ofc-rules.md, "Moves and Fantasyland"): they play it as their first hand
at the new table, whose button holds for it. Balancing makes the moves its suggestion
(`vpt.seating.balancing`) says happen now, and stores the others as planned moves
(`vpt.seating.planned`).
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, PlayerActor, ensure_director, is_director
from vpt.errors import Conflict, NotAllowed, ServiceError
from vpt.events.audit import bump_version, write_audit
from vpt.events.models import Entry, Event
from vpt.events.selectors import hands_recorded
from vpt.events.services import lock_event
from vpt.tables.models import Round, Table

from .balancing import TableState, When, suggest_moves
from .models import PlannedMove, Seat, SeatMove
from .next_hand import deal_next_hands, undeal
from .selectors import table_state_of


def table_sizes(players: int, seats_per_table: int, min_players: int = 2) -> list[int]:
    """Balanced table sizes, largest first.

    >>> table_sizes(10, 3)
    [3, 3, 2, 2]
    >>> table_sizes(4, 3)
    [2, 2]
    """
    if players < min_players:
        raise ServiceError(
            _("At least %(min)s players are needed to seat a table.") % {"min": min_players}, code="too_few_players"
        )
    tables = math.ceil(players / seats_per_table)
    base, extra = divmod(players, tables)
    if base < min_players:
        raise ServiceError(
            _("%(players)s players cannot be seated %(seats)s to a table without a table of one.")
            % {"players": players, "seats": seats_per_table},
            code="unbalanced",
        )
    return [base + 1] * extra + [base] * (tables - extra)


@transaction.atomic(durable=True)
def draw_seats(event: Event, *, actor: Actor, seed: int | None = None) -> list[Table]:
    """Draw seats for every active entry, balanced, reproducible from the stored seed.

    A redraw is allowed until the first hand is recorded: it replaces all tables.
    """
    ensure_director(actor)
    event = lock_event(event)
    if hands_recorded(event):
        raise Conflict(_("Hands have been recorded; move players instead of redrawing."), code="hands_recorded")
    entries = list(Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).order_by("id"))
    rules = event.ruleset
    sizes = table_sizes(len(entries), event.seats_per_table, rules.min_players)
    if seed is None:
        seed = event.seat_seed if event.seat_seed is not None else secrets.randbits(31)
    rng = random.Random(seed)
    rng.shuffle(entries)
    Table.objects.filter(event=event).delete()
    tables = Table.objects.bulk_create(
        Table(event=event, number=number, seats=event.seats_per_table) for number in range(1, len(sizes) + 1)
    )
    Round.objects.bulk_create(Round(table=table, number=1, players=size) for table, size in zip(tables, sizes))
    seats: list[Seat] = []
    position = 0
    for table, size in zip(tables, sizes):
        chosen = sorted(rng.sample(range(1, event.seats_per_table + 1), size))
        group = entries[position : position + size]
        position += size
        by_number = dict(zip(chosen, group))
        table.button_seat = rng.choice(chosen)
        seats.extend(
            Seat(table=table, number=number, entry=by_number.get(number))
            for number in range(1, event.seats_per_table + 1)
        )
    Table.objects.bulk_update(tables, ["button_seat"])
    Seat.objects.bulk_create(seats)
    event.seat_seed = seed
    update = ["seat_seed"]
    if event.status == Event.Status.PLANNED:
        event.status = Event.Status.RUNNING
        update.append("status")
    event.save(update_fields=update)
    deal_next_hands(event, tables)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.seats_drawn",
        obj=event,
        args={"players": len(entries), "tables": len(tables), "seed": seed},
        after={"seed": seed, "sizes": sizes},
    )
    return tables


def _lock_tables(event: Event) -> dict[int, Table]:
    """Every open table of the event, locked in id order (after the event row)."""
    tables = Table.objects.select_for_update(no_key=True).filter(event=event, status=Table.Status.OPEN).order_by("id")
    return {table.pk: table for table in tables}


def _seats_by_table(tables: dict[int, Table]) -> dict[int, list[Seat]]:
    seats: dict[int, list[Seat]] = {pk: [] for pk in tables}
    for seat in Seat.objects.filter(table_id__in=tables).select_related("entry__player").order_by("number"):
        seats[seat.table_id].append(seat)
    return seats


def _occupied(seats: Sequence[Seat]) -> list[Seat]:
    return [seat for seat in seats if seat.entry_id is not None]


def _free(seats: Sequence[Seat]) -> list[Seat]:
    return [seat for seat in seats if seat.entry_id is None]


def fantasyland_pins(table_seats: Sequence[Seat]) -> bool:
    """Someone at this table plays Fantasyland next and has an opponent there to play it with:
    nobody leaves the table before that hand. A lone player is not pinned."""
    players = _occupied(table_seats)
    return len(players) >= 2 and any(seat.fantasyland_cards for seat in players)


def _move(seat: Seat, target: Seat, tables: dict[int, Table]) -> None:
    """Move the player in ``seat`` to ``target`` with their pending Fantasyland, if any (they
    play it as their first hand there), and keep the move for their page until they confirm
    it. A player moved again before sitting down goes from where they still sit; a move
    planned for them is replaced by this one."""
    entry_id = seat.entry_id
    assert entry_id is not None
    target.entry_id, seat.entry_id = entry_id, None
    target.fantasyland_cards, seat.fantasyland_cards = seat.fantasyland_cards, 0
    seat.save(update_fields=["entry", "fantasyland_cards"])  # first: a seat's entry is unique
    target.save(update_fields=["entry", "fantasyland_cards"])
    PlannedMove.objects.filter(entry_id=entry_id).delete()
    source = (tables[seat.table_id].number, seat.number)
    pending = SeatMove.objects.filter(entry_id=entry_id, confirmed_at__isnull=True).first()
    if pending is not None:
        source = (pending.from_table, pending.from_seat)
        pending.delete()
    SeatMove.objects.create(
        event_id=tables[target.table_id].event_id,
        entry_id=entry_id,
        from_table=source[0],
        from_seat=source[1],
        to_table=tables[target.table_id].number,
        to_seat=target.number,
    )


def _emptiest(tables: dict[int, Table], seats: dict[int, list[Seat]], exclude: int | None = None) -> Table | None:
    candidates = [table for pk, table in tables.items() if pk != exclude and _free(seats[pk])]
    if not candidates:
        return None
    return min(candidates, key=lambda table: (len(_occupied(seats[table.pk])), table.number))


@transaction.atomic(durable=True)
def open_table(event: Event, *, actor: Actor) -> Table:
    """Open one more table, all seats empty, numbered after every table the event has had.

    For late registrations and re-entries when every seat is taken: seat them there with
    `seat_entry`, then bring it to two players or more with `move_player` or `balance_tables`.
    """
    ensure_director(actor)
    event = lock_event(event)
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event has finished."), code="event_finished")
    last = Table.objects.filter(event=event).aggregate(last=Max("number"))["last"] or 0
    table = Table.objects.create(event=event, number=last + 1, seats=event.seats_per_table)
    Round.objects.create(table=table, number=1)
    Seat.objects.bulk_create(Seat(table=table, number=number) for number in range(1, event.seats_per_table + 1))
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.table_opened",
        obj=table,
        table_number=table.number,
        args={"table": table.number},
        after={"number": table.number},
    )
    return table


@transaction.atomic(durable=True)
def seat_entry(entry: Entry, *, actor: Actor, table: Table | None = None) -> Seat:
    """Seat a late registration or re-entry at `table`, or at the emptiest open table."""
    ensure_director(actor)
    event = lock_event(entry.event_id)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if not entry.is_active:
        raise ServiceError(_("%(name)s is eliminated.") % {"name": entry}, code="eliminated")
    if Seat.objects.filter(entry=entry).exists():
        raise Conflict(_("%(name)s is already seated.") % {"name": entry}, code="already_seated")
    tables = _lock_tables(event)
    seats = _seats_by_table(tables)
    target = tables.get(table.pk) if table is not None else _emptiest(tables, seats)
    if target is None or not _free(seats[target.pk]):
        raise ServiceError(_("There is no free seat; open or rebalance a table first."), code="no_free_seat")
    seat = _free(seats[target.pk])[0]
    seat.entry = entry
    seat.save(update_fields=["entry"])
    deal_next_hands(event, [target])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.entry_seated",
        obj=seat,
        table_number=target.number,
        entry=entry,
        args={"name": str(entry), "table": target.number, "seat": seat.number},
        after={"table": target.number, "seat": seat.number},
    )
    return seat


@transaction.atomic(durable=True)
def move_player(entry: Entry, *, to_table: Table, actor: Actor, seat_number: int | None = None) -> Seat:
    """Move a seated player to another table (balancing)."""
    ensure_director(actor)
    event = lock_event(entry.event_id)
    tables = _lock_tables(event)
    seats = _seats_by_table(tables)
    source = next((seat for rows in seats.values() for seat in rows if seat.entry_id == entry.pk), None)
    if source is None:
        raise ServiceError(_("%(name)s is not seated.") % {"name": entry}, code="not_seated")
    if to_table.pk not in tables:
        raise ServiceError(_("%(table)s is not open.") % {"table": to_table}, code="table_closed")
    if to_table.pk == source.table_id:
        raise ServiceError(
            _("%(name)s already sits at %(table)s.") % {"name": entry, "table": to_table}, code="same_table"
        )
    target = _check_move(source, seats[source.table_id], seats[to_table.pk], seat_number)
    _move(source, target, tables)
    deal_next_hands(event, [tables[to_table.pk]])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.player_moved",
        obj=target,
        table_number=to_table.number,
        entry=source.entry or entry,
        args={
            "name": str(source.entry or entry),
            "from": tables[source.table_id].number,
            "to": to_table.number,
            "seat": target.number,
        },
        before={"table": tables[source.table_id].number, "seat": source.number},
        after={"table": to_table.number, "seat": target.number},
    )
    return target


def _check_move(source: Seat, from_seats: list[Seat], to_seats: list[Seat], seat_number: int | None) -> Seat:
    name = source.entry
    if fantasyland_pins(from_seats):
        if source.fantasyland_cards:
            message = _("%(name)s plays Fantasyland next hand at this table; move them after that hand.")
        else:
            message = _("Someone at %(name)s's table plays Fantasyland next hand; move them after that hand.")
        raise ServiceError(message % {"name": name}, code="fantasyland_pending")
    if len(_occupied(from_seats)) == 2:
        raise ServiceError(
            _("Moving %(name)s would leave a player alone at the table; break the table instead.") % {"name": name},
            code="table_of_one",
        )
    free = _free(to_seats)
    if seat_number is not None:
        free = [seat for seat in free if seat.number == seat_number]
    if not free:
        raise Conflict(_("No free seat at the destination table."), code="no_free_seat")
    return free[0]


def close_table(table: Table) -> None:
    """The table, with nobody left at it, is broken: no button, no hand dealt; moves planned
    from it or to it are dropped."""
    table.status = Table.Status.BROKEN
    table.button_seat = None
    undeal(table)
    table.save(update_fields=["status", "button_seat", "next_level", "next_chips_per_point"])
    PlannedMove.objects.filter(Q(from_table=table) | Q(to_table=table)).delete()


def _break(
    event: Event, table: Table, tables: dict[int, Table], seats: dict[int, list[Seat]]
) -> list[tuple[Seat, Seat]]:
    table_seats = seats[table.pk]
    players = _occupied(table_seats)
    if fantasyland_pins(table_seats):
        raise ServiceError(
            _("%(table)s has a Fantasyland hand pending; break it after that hand.") % {"table": table},
            code="fantasyland_pending",
        )
    free_elsewhere = sum(len(_free(rows)) for pk, rows in seats.items() if pk != table.pk)
    if free_elsewhere < len(players):
        raise ServiceError(
            _("Not enough free seats at the other tables to break %(table)s.") % {"table": table},
            code="no_free_seat",
        )
    moves = []
    for seat in players:
        target_table = _emptiest(tables, seats, exclude=table.pk)
        assert target_table is not None
        target = _free(seats[target_table.pk])[0]
        _move(seat, target, tables)
        moves.append((seat, target))
    close_table(table)
    del tables[table.pk]
    receiving = {target.table_id for _seat, target in moves}
    deal_next_hands(event, [tables[pk] for pk in sorted(receiving)])
    return moves


@transaction.atomic(durable=True)
def break_table(table: Table, *, actor: Actor) -> list[Seat]:
    """Close `table`, seating its players at the emptiest other tables; returns their new seats."""
    ensure_director(actor)
    event = lock_event(table.event_id)
    tables = _lock_tables(event)
    if table.pk not in tables:
        raise ServiceError(_("%(table)s is not open.") % {"table": table}, code="table_closed")
    seats = _seats_by_table(tables)
    table = tables[table.pk]
    moves = _break(event, table, tables, seats)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.table_broken",
        obj=table,
        table_number=table.number,
        args={"table": table.number},
        after={"moves": [[str(target.entry_id), target.table_id, target.number] for _s, target in moves]},
    )
    return [target for _source, target in moves]


@transaction.atomic(durable=True)
def deal_waiting_hands(event: Event, *, actor: Actor = None) -> list[Table]:
    """Deal the next hand at every open table of `event` waiting for one (a break that has
    ended, `vpt.seating.next_hand`); returns those tables. What the clock already shows is only
    stored here, so anyone may trigger it (`actor` may be None, as for the clock's own sync)."""
    event = lock_event(event)
    dealt = deal_next_hands(event)
    if dealt:
        bump_version(event.pk)
    return dealt


def _room(tables: dict[int, Table], seats: dict[int, list[Seat]]) -> list[TableState]:
    """The locked tables as `suggest_moves` takes them (one query for their open rounds)."""
    rounds = {r.table_id: r for r in Round.objects.filter(table_id__in=tables, closed_at__isnull=True)}
    return [table_state_of(tables[pk], _occupied(seats[pk]), rounds.get(pk)) for pk in tables]


@transaction.atomic(durable=True)
def balance_tables(event: Event, *, actor: Actor) -> list[str]:
    """Do what the balancing suggestion says (`suggest_moves` on the tables as they are now):
    make the moves it says happen now, store the others as planned moves (replacing those
    planned before), and close each table to be broken once nobody sits there. Returns what was
    done, a line each.

    A move planned for after the round is made by the service that records the hand ending the
    round at the player's table (`vpt.seating.planned.carry_out_planned_moves`).
    """
    ensure_director(actor)
    event = lock_event(event)
    tables = _lock_tables(event)
    seats = _seats_by_table(tables)
    if not tables:
        return []
    try:
        plan = suggest_moves(_room(tables, seats), max_seats=event.seats_per_table)
    except ValueError as error:  # more players than seats: cannot happen with everyone seated
        raise ServiceError(str(error), code="no_free_seat") from error
    by_number = {table.number: table for table in tables.values()}
    by_entry = {seat.entry_id: seat for rows in seats.values() for seat in _occupied(rows)}
    PlannedMove.objects.filter(event=event).delete()
    done: list[str] = []
    for move in plan.moves:
        source, to_table = by_entry[move.entry_id], by_number[move.to_table]
        name = str(source.entry)
        values = {"name": name, "from": by_number[move.from_table], "to": to_table, "seat": move.to_seat}
        if move.when != When.NOW:
            PlannedMove.objects.create(
                event=event,
                entry_id=move.entry_id,
                from_table=by_number[move.from_table],
                to_table=to_table,
                to_seat=move.to_seat,
                when=PlannedMove.When(str(move.when)),
            )
            done.append(str(_("%(name)s moves from %(from)s to %(to)s, seat %(seat)s, after the round") % values))
            continue
        free = _free(seats[to_table.pk])
        target = next((seat for seat in free if seat.number == move.to_seat), free[0])
        values["seat"] = target.number
        cards = source.fantasyland_cards
        _move(source, target, tables)
        done.append(str(_("%(name)s moved from %(from)s to %(to)s, seat %(seat)s") % values))
        if cards:
            done.append(fantasyland_travels(name, cards, to_table.number))
    for number in plan.break_tables:
        table = by_number[number]
        if not _occupied(seats[table.pk]):
            close_table(table)
            del tables[table.pk]
            done.append(str(_("%(table)s broken") % {"table": table}))
    deal_next_hands(event, list(tables.values()))
    if done:
        write_audit(actor=actor, event_id=event.pk, action="seating.tables_balanced", obj=event, after={"moves": done})
    return done


def fantasyland_travels(name: str, cards: int, table: int) -> str:
    """What a confirmation and the log say of a pending Fantasyland that moves with its player."""
    text = _("%(name)s keeps their Fantasyland (%(cards)s cards) and plays it as their first hand at table %(table)s.")
    return text % {"name": name, "cards": cards, "table": table}


@transaction.atomic(durable=True)
def confirm_seat_move(entry: Entry, *, actor: Actor) -> SeatMove | None:
    """The player says they sit at their new seat ("I'm seated" on their page): the move is
    done. The player's own link (`PlayerActor` of that entry) or a director; None when no move
    was waiting (a second tap)."""
    if not (isinstance(actor, PlayerActor) and actor.entry_id == entry.pk) and not is_director(actor):
        raise NotAllowed(_("Only the player or a director may confirm this move."))
    event = lock_event(entry.event_id)
    move = SeatMove.objects.select_for_update().filter(entry=entry, confirmed_at__isnull=True).first()
    if move is None:
        return None
    move.confirmed_at = timezone.now()
    move.save(update_fields=["confirmed_at"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="seating.seat_move_confirmed",
        obj=move,
        table_number=move.to_table,
        entry=entry,
        args={"name": str(entry), "table": move.to_table, "seat": move.to_seat},
    )
    return move
