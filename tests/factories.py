"""The test data every package builds: a director, events with players seated at tables, hands.

Plain functions, built through the services as a director would (audited, versioned), except
`bulk_event` and `repeat_hands`, which write straight through the ORM for query counts at scale. Import them as
``from factories import make_event`` (pytest puts tests/ on the path, pyproject.toml); the
boards they deal are in tests/boards.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.utils.text import slugify

from vpt.events.entries import register_player
from vpt.events.models import Entry, Event, Level, Player
from vpt.events.services import create_event
from vpt.rounds.models import Board as BoardRow
from vpt.rounds.models import Exchange, Hand
from vpt.rounds.selectors import table_state
from vpt.rounds.services import record_hand
from vpt.seating.models import Seat
from vpt.seating.services import draw_seats
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer

PASSWORD = "correct-horse-battery"
THREE = ("Ana", "Ben", "Cid")

Board = dict[str, str]


def make_user(username: str, *, staff: bool = False) -> User:
    """A user who logs in with `PASSWORD`; `staff` makes a tournament director."""
    return User.objects.create_user(username, password=PASSWORD, is_staff=staff)


def make_director(username: str = "director") -> User:
    return make_user(username, staff=True)


def make_event(
    director: User,
    players: Sequence[str] = (),
    *,
    name: str = "Test Open",
    slug: str | None = None,
    seed: int = 11,
    draw: bool = True,
    **options: Any,
) -> Event:
    """An event (10,000 chips, levels of 100 and 200 per point unless `options` say otherwise)
    with `players` registered and, unless `draw` is false, drawn to tables (reproducibly, `seed`).
    `options` are create_event's: levels, seats_per_table, buy_in..."""
    options = {"starting_stack": 10000, "levels": [100, 200], **options}
    event = create_event(name=name, slug=slug or slugify(name), actor=director, **options)
    for player in players:
        register_player(event, name=player, actor=director)
    if players and draw:
        draw_seats(event, actor=director, seed=seed)
    return event


def make_table(director: User, dealer: User | None = None, players: Sequence[str] = THREE, **event: Any) -> Table:
    """`players` at the one table of a new event (make_event's `event` options), dealt by `dealer`."""
    made = make_event(director, players, **event)
    table = Table.objects.get(event=made)
    if dealer is not None:
        assign_dealer(table, dealer=dealer, actor=director)
    return Table.objects.get(pk=table.pk)


def by_seat(table: Table, boards: Sequence[Board]) -> dict[int, Board]:
    """Boards given in payment order (left of the button first) keyed by seat number."""
    seats = table_state(table.pk).seats
    assert len(seats) == len(boards), f"{len(boards)} boards for {len(seats)} seats"
    return {seat.number: board for seat, board in zip(seats, boards)}


def entries_in_order(table: Table) -> list[Entry]:
    """The seated entries in payment order."""
    return [seat.entry for seat in table_state(table.pk).seats]


def play(table: Table, boards: Sequence[Board], actor: User) -> Hand:
    """Record the table's next hand; `boards` in payment order (left of the button first)."""
    state = table_state(table.pk)
    return record_hand(state.table, hand_number=state.next_hand_number, boards=by_seat(table, boards), actor=actor)


def hand_post(
    table: Table, boards: Sequence[Board], *, action: str = "record", number: int | None = None, **extra: str
) -> dict[str, str]:
    """The dealer form's POST data: boards in payment order (P1 first)."""
    state = table_state(table.pk)
    data = {"hand_number": str(number if number is not None else state.next_hand_number), "action": action}
    for seat, board in zip(state.seats, boards):
        for key, value in board.items():
            data[f"s{seat.number}-{key}"] = value
    data.update(extra)
    return data


def bulk_event(entries: int, *, slug: str = "big-open", seats: int = 3) -> Event:
    """An event with `entries` seated players (a fifth of them eliminated), straight through the ORM."""
    event = Event.objects.create(
        name=f"Big Open {entries}", slug=slug, starting_stack=10000, seats_per_table=seats, buy_in="45.00", fee="5.00"
    )
    level = Level.objects.create(event=event, number=1, chips_per_point=100, minutes=30)
    event.current_level = level
    event.save(update_fields=["current_level"])
    players = Player.objects.bulk_create(Player(event=event, name=f"Player {i:04d}") for i in range(entries))
    out = entries // 5
    rows = []
    for i, player in enumerate(players):
        eliminated = i < out
        rows.append(
            Entry(
                event=event,
                player=player,
                number=1,
                starting_stack=10000,
                stack=0 if eliminated else 10000 + (i * 37) % 5000,
                status=Entry.Status.ELIMINATED if eliminated else Entry.Status.ACTIVE,
                place=entries - i if eliminated else None,
            )
        )
    entry_rows = Entry.objects.bulk_create(rows)
    active = [entry for entry in entry_rows if entry.status == Entry.Status.ACTIVE]
    tables = Table.objects.bulk_create(
        Table(event=event, number=n + 1, seats=seats, button_seat=1) for n in range((len(active) + seats - 1) // seats)
    )
    Seat.objects.bulk_create(
        Seat(table=tables[i // seats], number=i % seats + 1, entry=entry) for i, entry in enumerate(active)
    )
    return event


def repeat_hands(table: Table, until: int) -> None:
    """Copies of the table's recorded hands (their boards and exchanges as `record_hand` stored
    them), numbered on until the table's last hand is ``until``: hundreds of hands in a few
    bulk inserts rather than one `record_hand` each. The copies repeat the same stacks and
    rounds; they are for pages and queries at scale, not for the chips."""
    recorded = list(Hand.objects.filter(table=table).order_by("number"))
    assert recorded, "record some hands first"
    last = recorded[-1].number
    copies: list[Hand] = []
    sources: list[Hand] = []
    for number in range(last + 1, until + 1):
        source = recorded[(number - 1) % len(recorded)]
        copy = Hand(
            **{f.attname: getattr(source, f.attname) for f in Hand._meta.concrete_fields if not f.primary_key},
        )
        copy.number, copy.key = number, None
        copies.append(copy)
        sources.append(source)
    Hand.objects.bulk_create(copies, batch_size=500)
    boards = {hand.pk: list(hand.boards.order_by("position")) for hand in recorded}
    exchanges = {hand.pk: list(hand.exchanges.order_by("order")) for hand in recorded}
    board_rows: list[BoardRow] = []
    for copy, source in zip(copies, sources, strict=True):
        for board in boards[source.pk]:
            row = BoardRow(**{f.attname: getattr(board, f.attname) for f in BoardRow._meta.concrete_fields})
            row.pk, row.hand = None, copy
            board_rows.append(row)
    BoardRow.objects.bulk_create(board_rows, batch_size=500)
    by_hand = iter(board_rows)
    exchange_rows: list[Exchange] = []
    for copy, source in zip(copies, sources, strict=True):
        copied = {board.pk: next(by_hand) for board in boards[source.pk]}
        for exchange in exchanges[source.pk]:
            row = Exchange(**{f.attname: getattr(exchange, f.attname) for f in Exchange._meta.concrete_fields})
            row.pk, row.hand = None, copy
            row.board_a, row.board_b = copied[exchange.board_a_id], copied[exchange.board_b_id]
            exchange_rows.append(row)
    Exchange.objects.bulk_create(exchange_rows, batch_size=500)
    Table.objects.filter(pk=table.pk).update(last_hand_number=until)
