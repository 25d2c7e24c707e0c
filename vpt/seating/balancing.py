"""Table balancing: suggested moves for the director, computed from a snapshot of the room.

table           an open table (``TableState``): its number, its seats and who sits where,
                whether a round is in progress and who has a Fantasyland hand pending.
balanced        every table has as many players as any other, or one fewer; none is *short*
                (fewer than ``MIN_PLAYERS``, too few to play a hand).
tables needed   as few tables as hold the players: ceil(players / seats per table). Tables
                beyond that are *broken*: their players move to the tables kept.
final table     everyone left fits at one table.
move            one player from a table and seat to a table and seat, and when: now, after the
                round (players do not leave during a round of hands), or after Fantasyland (a
                table with a Fantasyland hand pending has not finished its round). A lone
                player moves now, their pending Fantasyland with them: nobody is there to play
                a round or a Fantasyland hand with.

Which tables are kept: those where Fantasyland pins the players first (so they need not move),
then the fullest, then those with most seats, then the lowest numbers; so the highest-numbered
of the emptiest tables are broken first. The kept tables that may seat one player more than
the others are chosen in the same order. Which players move from a table with too many: never a player with a
Fantasyland hand pending, if anyone else can go; among the others, the highest seat number
first. Where they go: the table short of the most players (the lowest number on a tie), into
its lowest free seat. *Balance the tables* (`vpt.seating.services.balance_tables`) does what
this suggests: the moves "now" at once, the others stored as planned moves, made when the
round ends.

Pure Python, no database: the seating selectors build the snapshot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["MIN_PLAYERS", "Move", "Plan", "Reason", "SeatedPlayer", "TableState", "When", "suggest_moves"]

MIN_PLAYERS = 2


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    entry_id: int
    name: str
    seat: int
    fantasyland: bool = False  # a Fantasyland hand is pending for this player


@dataclass(frozen=True, slots=True)
class TableState:
    number: int
    seats: int
    players: tuple[SeatedPlayer, ...] = ()
    round_in_progress: bool = False

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def fantasyland(self) -> bool:
        return any(p.fantasyland for p in self.players)

    @property
    def pinned(self) -> bool:
        """Someone plays Fantasyland next with an opponent here: nobody leaves before that hand
        (a lone player's Fantasyland pins nothing: it moves with them)."""
        return self.fantasyland and self.count >= MIN_PLAYERS


class When(StrEnum):
    NOW = "now"
    AFTER_ROUND = "after_round"
    AFTER_FANTASYLAND = "after_fantasyland"


class Reason(StrEnum):
    BALANCE = "balance"
    BREAK = "break"
    FINAL_TABLE = "final_table"


@dataclass(frozen=True, slots=True)
class Move:
    entry_id: int
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    when: When
    reason: Reason


@dataclass(frozen=True, slots=True)
class Plan:
    players: int
    tables_needed: int
    moves: tuple[Move, ...] = ()
    break_tables: tuple[int, ...] = ()
    final_table: int | None = None  # the table everyone plays at, once they fit at one
    unbalanced: bool = False  # open tables differ by more than one player
    short_tables: tuple[int, ...] = ()  # open tables with too few players to play
    counts_after: tuple[tuple[int, int], ...] = ()  # (table, players) once the moves are made
    finished: bool = False  # one player (or none) left

    @property
    def needs_action(self) -> bool:
        return bool(self.moves or self.break_tables)


def _when(table: TableState) -> When:
    if table.count < MIN_PLAYERS:  # nobody to play a round (or a Fantasyland hand) with
        return When.NOW
    if table.pinned:
        return When.AFTER_FANTASYLAND
    if table.round_in_progress:
        return When.AFTER_ROUND
    return When.NOW


def _capacity(table: TableState, max_seats: int) -> int:
    return min(table.seats, max_seats)


def _targets(kept: Sequence[TableState], players: int, max_seats: int) -> dict[int, int]:
    """Players per kept table, as even as can be.

    The odd players go to tables with Fantasyland pending, then to the fullest, then to the
    lowest numbers: so the fewest players move.
    """
    base, extra = divmod(players, len(kept))
    by_size = sorted(kept, key=lambda t: (not t.pinned, -t.count, t.number))
    if all(_capacity(t, max_seats) >= base + (1 if extra else 0) for t in kept):
        return {t.number: base + (1 if i < extra else 0) for i, t in enumerate(by_size)}
    # Some table seats fewer than the rest: fill one player at a time, emptiest table first.
    targets = {t.number: 0 for t in kept}
    for _ in range(players):
        room = [t for t in by_size if targets[t.number] < _capacity(t, max_seats)]
        best = min(room, key=lambda t: targets[t.number])
        targets[best.number] += 1
    return targets


def suggest_moves(tables: Sequence[TableState], *, max_seats: int) -> Plan:
    """Suggest the moves that balance the open ``tables`` (at most ``max_seats`` players each).

    >>> full = TableState(1, 3, (SeatedPlayer(1, "Ana", 1), SeatedPlayer(2, "Bo", 2), SeatedPlayer(3, "Cy", 3)))
    >>> short = TableState(2, 3, (SeatedPlayer(4, "Di", 1),))
    >>> plan = suggest_moves([full, short], max_seats=3)
    >>> [(m.name, m.from_table, m.to_table, m.to_seat, str(m.when)) for m in plan.moves]
    [('Cy', 1, 2, 2, 'now')]
    """
    if max_seats < MIN_PLAYERS:
        raise ValueError(f"a table seats at least {MIN_PLAYERS}")
    open_tables = sorted(tables, key=lambda t: t.number)
    players = sum(t.count for t in open_tables)
    seated = [t for t in open_tables if t.count]
    unbalanced = bool(seated) and max(t.count for t in seated) - min(t.count for t in seated) > 1
    short = tuple(t.number for t in seated if t.count < MIN_PLAYERS)
    if players <= 1:
        return Plan(
            players=players,
            tables_needed=min(players, 1),
            unbalanced=unbalanced,
            short_tables=short,
            finished=True,
            counts_after=tuple((t.number, t.count) for t in open_tables),
        )

    if sum(_capacity(t, max_seats) for t in open_tables) < players:
        raise ValueError("more players than seats at the open tables")
    needed = max(1, math.ceil(players / max_seats))
    by_keeping = sorted(open_tables, key=lambda t: (not t.pinned, -t.count, -_capacity(t, max_seats), t.number))
    while sum(_capacity(t, max_seats) for t in by_keeping[:needed]) < players:
        needed += 1
    kept = sorted(by_keeping[:needed], key=lambda t: t.number)
    broken = sorted(by_keeping[needed:], key=lambda t: t.number)
    targets = _targets(kept, players, max_seats)
    reason_for_break = Reason.FINAL_TABLE if needed == 1 else Reason.BREAK
    reason_for_balance = Reason.FINAL_TABLE if needed == 1 else Reason.BALANCE

    leaving: list[tuple[SeatedPlayer, TableState, Reason]] = []
    for table in broken:
        for player in sorted(table.players, key=lambda p: p.seat):
            leaving.append((player, table, reason_for_break))
    for table in kept:
        surplus = table.count - targets[table.number]
        if surplus > 0:
            # Fantasyland players last; otherwise the highest seats first.
            order = sorted(table.players, key=lambda p: (p.fantasyland, -p.seat))
            leaving.extend((player, table, reason_for_balance) for player in order[:surplus])

    free = {t.number: sorted(set(range(1, t.seats + 1)) - {p.seat for p in t.players}) for t in kept}
    short_of = {t.number: targets[t.number] - t.count for t in kept if targets[t.number] > t.count}
    moves = []
    for player, source, reason in leaving:
        destination = min(short_of, key=lambda n: (-short_of[n], n))
        seat = free[destination].pop(0)
        short_of[destination] -= 1
        if not short_of[destination]:
            del short_of[destination]
        moves.append(
            Move(
                player.entry_id,
                player.name,
                source.number,
                player.seat,
                destination,
                seat,
                _when(source),
                reason,
            )
        )

    return Plan(
        players=players,
        tables_needed=needed,
        moves=tuple(moves),
        break_tables=tuple(t.number for t in broken),
        final_table=kept[0].number if needed == 1 else None,
        unbalanced=unbalanced,
        short_tables=short,
        counts_after=tuple((t.number, targets[t.number]) for t in kept),
    )
