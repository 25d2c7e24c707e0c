"""Reads for the public pages, each in a constant number of queries whatever the field size.

standings row   one per player: their active entry, or (when out) their latest entry, which
                holds their finishing place. `entries` is how many entries the player used.
rank            active players by chips, biggest first; equal stacks share a rank.
chips in play   the sum of the active stacks; average stack = chips in play / players left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vpt.events.models import Entry, Event, Player
from vpt.ofc import RuleSet
from vpt.people.names import Naming, fold_name, name_key
from vpt.rounds.hand_view import HandView, SeatView
from vpt.rounds.models import Board, Hand
from vpt.rounds.selectors import hand_views
from vpt.seating.models import Seat
from vpt.tables.models import Table

from .why import BoardView, PairWhy, board_view, explain_pairs

# What a public page loads with an entry to show its player's public name without queries.
PUBLIC_PLAYER = ("entry__player__person__merged_into",)

# Hands shown at once on a table's page and on a player's page, newest first; older ones are
# a link away (``?upto=``), so a page costs the same at hand 10 and at hand 500.
TABLE_HANDS = 10
PLAYER_HANDS = 10


def event_by_slug(slug: str) -> Event:
    """The event with its current level: 1 query. Raises Event.DoesNotExist."""
    return Event.objects.select_related("current_level").get(slug=slug)


@dataclass(frozen=True, slots=True)
class StandingRow:
    player_id: int
    entry_id: int
    name: str
    stack: int
    entries: int
    active: bool
    rank: int | None  # active: by chips (a finished event: the place)
    place: int | None  # eliminated: finishing place
    table: int | None
    seat: int | None
    fantasyland: bool
    out_table: int | None  # the hand that eliminated them
    out_hand: int | None
    hidden: bool = False  # the person is hidden: `name` is "Hidden player" and nothing links to them


@dataclass
class Standings:
    event: Event
    active: list[StandingRow]
    eliminated: list[StandingRow]
    entries_total: int
    query: str = ""
    matches: list[StandingRow] = field(default_factory=list)

    @property
    def players_left(self) -> int:
        return len(self.active)

    @property
    def chips_in_play(self) -> int:
        return sum(row.stack for row in self.active)

    @property
    def average_stack(self) -> int:
        return round(self.chips_in_play / len(self.active)) if self.active else 0


_STANDING_FIELDS = (
    "id",
    "player_id",
    "player__name",
    "number",
    "stack",
    "status",
    "place",
    "seat__number",
    "seat__table__number",
    "seat__fantasyland_cards",
    "eliminated_at_hand",
    "eliminated_at_table",
    "player__person__hidden",
    "player__person__merged_into__hidden",
    "player__person__name",
    "player__person__merged_into__name",
)


def event_standings(event: Event, *, query: str = "") -> Standings:
    """Every player's row, active by chips (by place once the event finished) then the
    eliminated by place: 1 query.

    ``query`` filters `matches` by name (accents and case ignored); the lists stay whole.
    """
    latest: dict[int, tuple[Any, ...]] = {}
    active_rows: list[tuple[Any, ...]] = []
    entries_total = 0
    for stored in Entry.objects.filter(event=event).values_list(*_STANDING_FIELDS).order_by():
        person_hidden, keeper_hidden, person, keeper = stored[12:16]
        naming = Naming(stored[2], person, bool(person_hidden), keeper, bool(keeper_hidden))
        row = (*stored[:2], naming.name(public=True), *stored[3:12], naming.hidden)
        entries_total += 1
        player_id, number = row[1], row[3]
        if row[5] == Entry.Status.ACTIVE:
            active_rows.append(row)
        if player_id not in latest or number > latest[player_id][3]:
            latest[player_id] = row
    counts = {player_id: row[3] for player_id, row in latest.items()}
    active_players = {row[1] for row in active_rows}

    # A finished event has placed its players still in (a deal's places, or by chips): their
    # places rank them, so the standings agree with the results. Running: by chips.
    active_rows.sort(key=lambda r: (r[6] is None, r[6] or 0, -r[4], name_key(r[2]), r[3]))
    active: list[StandingRow] = []
    previous_stack, rank = None, 0
    for index, r in enumerate(active_rows, start=1):
        if r[6] is not None:
            rank = r[6]
        elif r[4] != previous_stack:
            rank, previous_stack = index, r[4]
        active.append(
            StandingRow(
                r[1], r[0], r[2], r[4], counts[r[1]], True, rank, None, r[8], r[7], bool(r[9]), None, None, r[12]
            )
        )
    out_rows = [r for player_id, r in latest.items() if player_id not in active_players]
    out_rows.sort(key=lambda r: (r[6] is None, r[6] or 0, name_key(r[2])))
    eliminated = [
        StandingRow(r[1], r[0], r[2], r[4], counts[r[1]], False, None, r[6], None, None, False, r[11], r[10], r[12])
        for r in out_rows
    ]
    standings = Standings(event, active, eliminated, entries_total, query=query.strip())
    if standings.query:
        needle = fold_name(standings.query)
        standings.matches = [row for row in active + eliminated if needle in fold_name(row.name)]
    return standings


def standings_data(standings: Standings) -> dict[str, Any]:
    """The standings as JSON-ready data (`/api/events/<slug>/standings`)."""
    event = standings.event
    level = event.current_level

    def row(r: StandingRow) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": r.name,
            "player_id": None if r.hidden else r.player_id,
            "entries": r.entries,
            "chips": r.stack,
        }
        if r.active:
            data.update(rank=r.rank, table=r.table, seat=r.seat, fantasyland=r.fantasyland)
        else:
            data.update(
                place=r.place,
                eliminated_in=({"table": r.out_table, "hand": r.out_hand} if r.out_hand is not None else None),
            )
        return data

    return {
        "event": {"slug": event.slug, "name": event.name, "status": event.status},
        "level": None
        if level is None
        else {"number": level.number, "chips_per_point": level.chips_per_point, "is_break": level.is_break},
        "players_left": standings.players_left,
        "entries": standings.entries_total,
        "chips_in_play": standings.chips_in_play,
        "average_stack": standings.average_stack,
        "standings": [row(r) for r in standings.active],
        "eliminated": [row(r) for r in standings.eliminated],
    }


# A table's page ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableHand:
    """One hand on a table's page: its boards drawn and its pairs explained."""

    view: HandView
    boards: list[tuple[SeatView, BoardView]]
    pairs: list[PairWhy]

    @property
    def hand(self) -> Hand:
        return self.view.hand


@dataclass
class TablePage:
    event: Event
    table: Table
    seats: list[Seat]
    hands: list[TableHand]
    total_hands: int
    older_upto: int | None  # the ``?upto=`` of the next older hands; None: no older hands
    latest: bool  # the newest hands (the page that follows the game)


def _table_hand(view: HandView, rules: RuleSet) -> TableHand:
    boards = [(seat, board_view(seat, rules)) for seat in view.seats]
    return TableHand(view, boards, explain_pairs(view, rules) if not view.hand.is_void else [])


def table_page(event: Event, number: int, *, upto: int | None = None) -> TablePage:
    """Seats, button, Fantasyland and `TABLE_HANDS` hands newest first (numbered ``upto`` and
    below; default: the newest) with boards and exchanges: 5 queries, however many hands.

    Raises Table.DoesNotExist.
    """
    table = Table.objects.get(event=event, number=number)
    seats = list(Seat.objects.filter(table=table).select_related(*PUBLIC_PLAYER).order_by("number"))
    hands_qs = Hand.objects.filter(table=table).order_by("-number")
    if upto is not None:
        hands_qs = hands_qs.filter(number__lte=upto)
    views = hand_views(hands_qs[: TABLE_HANDS + 1], public=True)  # one more: are there older ones?
    shown, older = views[:TABLE_HANDS], views[TABLE_HANDS:]
    rules = event.ruleset
    return TablePage(
        event,
        table,
        seats,
        [_table_hand(view, rules) for view in shown],
        total_hands=table.last_hand_number,
        older_upto=older[0].hand.number if older else None,
        latest=upto is None or upto >= table.last_hand_number,
    )


# A player's page -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerHand:
    hand: Hand
    board: SeatView
    view: BoardView
    pairs: list[PairWhy]  # only the pairs this player was part of, each from the player's side
    opponents: list[tuple[SeatView, BoardView]]


@dataclass
class PlayerPage:
    event: Event
    player: Player
    entries: list[Entry]
    hands: list[PlayerHand]  # newest first, `PLAYER_HANDS` of them
    chart: dict[str, Any]
    older_upto: int | None = None  # the ``?upto=`` (a hand id) of the next older hands


def hands_by_id(ids: Sequence[int]) -> list[HandView]:
    """The hands with these ids, oldest first, as public pages read them: 3 queries."""
    return hand_views(Hand.objects.filter(id__in=ids).order_by("id"), public=True)


def player_hand(view: HandView, entry_ids: set[int], rules: RuleSet) -> PlayerHand:
    """A hand from the side of the player holding one of ``entry_ids``: their board first, only
    the pairs they were part of, each from their side."""
    mine = view.seat_of(entry_ids)
    if mine is None:
        raise ValueError(f"none of entries {sorted(entry_ids)} played hand {view.hand.pk}")
    pairs = (
        [pair.from_side(mine) for pair in explain_pairs(view, rules) if mine in (pair.exchange.a, pair.exchange.b)]
        if not view.hand.is_void
        else []
    )
    return PlayerHand(
        view.hand,
        mine,
        board_view(mine, rules),
        pairs,
        [(seat, board_view(seat, rules)) for seat in view.seats if seat != mine],
    )


def player_page(event: Event, player_id: int, *, upto: int | None = None) -> PlayerPage:
    """A player's entries, the chart of every hand, and `PLAYER_HANDS` of the hands they played
    (newest first, hand ids ``upto`` and below) with the pairwise why: 7 queries, however many.

    Raises Player.DoesNotExist (also for a hidden person: nothing public shows them).
    """
    player = Player.objects.select_related("person__merged_into").get(event=event, pk=player_id)
    if player.hidden:
        raise Player.DoesNotExist("a hidden person")
    entries = list(Entry.objects.filter(player=player).select_related("seat__table").order_by("number"))
    newest = Hand.objects.filter(boards__entry__player=player).order_by("-id")
    if upto is not None:
        newest = newest.filter(id__lte=upto)
    ids = list(newest.values_list("id", flat=True)[: PLAYER_HANDS + 1])
    shown_ids, older = ids[:PLAYER_HANDS], ids[PLAYER_HANDS:]
    views = hands_by_id(shown_ids)
    rules = event.ruleset
    entry_ids = {entry.pk for entry in entries}
    played = [player_hand(view, entry_ids, rules) for view in views]
    # Every hand's stacks as plain rows: at 500 hands, building a model object per board was
    # an eighth of the page's CPU.
    every_board = (
        Board.objects.filter(entry__player=player, hand__status=Hand.Status.RECORDED)
        .order_by("hand__recorded_at", "hand_id")
        .values_list("entry_id", "stack_before", "stack_after")
    )
    chart = stack_chart(entries, list(every_board))
    played.reverse()
    return PlayerPage(event, player, entries, played, chart, older_upto=older[0] if older else None)


def stack_chart(
    entries: Sequence[Entry], boards: Sequence[tuple[int, int, int]], *, width: int = 600, height: int = 220
) -> dict[str, Any]:
    """Points for an SVG line of the player's chips after each hand (each entry starts fresh),
    from the boards as (entry id, stack before, stack after) in the order played.

    Returns ``points`` (the polyline's "x,y x,y" text), ``segments`` (one per entry), the
    axis labels ``top`` (most chips) and ``hands``, and the view box size.
    """
    pad_left, pad_right, pad_top, pad_bottom = 84, 10, 14, 30
    series: list[list[int]] = []
    by_entry: dict[int, list[int]] = {entry.pk: [entry.starting_stack] for entry in entries}
    for entry_id, before, after in boards:
        by_entry.setdefault(entry_id, [before]).append(after)
    for entry in entries:
        series.append(by_entry[entry.pk])
    steps = sum(len(s) for s in series)
    top = max((max(s) for s in series if s), default=1) or 1
    inner_w, inner_h = width - pad_left - pad_right, height - pad_top - pad_bottom
    segments, x_index, last = [], 0, (float(pad_left), float(pad_top))
    for values in series:
        coords = []
        for value in values:
            x = pad_left + (inner_w * x_index / max(1, steps - 1))
            y = pad_top + inner_h * (1 - value / top)
            coords.append(f"{x:.1f},{y:.1f}")
            last = (x, y)
            x_index += 1
        segments.append(" ".join(coords))
    return {
        "segments": segments,
        "top": top,
        "hands": len(boards),
        "width": width,
        "height": height,
        "last_x": f"{last[0]:.1f}",
        "last_y": f"{last[1]:.1f}",
        "left": pad_left,
        "right": width - pad_right,
        "top_y": pad_top,
        "bottom_y": height - pad_bottom,
        "mid_y": pad_top + inner_h // 2,
        "half": top // 2,
    }
