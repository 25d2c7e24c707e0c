"""Reads the pages need, each with a constant number of queries whatever the field size."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, F, OuterRef, Prefetch, Q, QuerySet

from vpt.audit.models import AuditEntry
from vpt.events.models import Event, Level
from vpt.people.names import Naming
from vpt.seating.models import Seat
from vpt.seating.next_hand import NextHand, next_hand
from vpt.seating.pace import held_tables
from vpt.tables.models import Round, Table

from .chip_moves import ChipMove, chip_moves
from .hand_view import ExchangeView, HandView, SeatView
from .models import Board, Exchange, Hand


@dataclass(frozen=True)
class TableState:
    """What the dealer's page shows before a hand: the stored next hand (`NextHand`: number,
    level, chips per point, button, seats in payment order with the button last, whether it
    can be dealt and why not) and the table's round."""

    table: Table
    next_hand: NextHand
    round_number: int
    round_complete: bool

    @property
    def seats(self) -> list[Seat]:
        return self.next_hand.seats

    @property
    def button_seat(self) -> int | None:
        return self.next_hand.button_seat

    @property
    def dead_button(self) -> bool:
        return self.next_hand.dead_button

    @property
    def next_hand_number(self) -> int:
        return self.next_hand.number

    @property
    def level(self) -> Level | None:
        return self.next_hand.level

    @property
    def chips_per_point(self) -> int | None:
        return self.next_hand.chips_per_point

    @property
    def preview_chips_per_point(self) -> int:
        """What the entry preview scores at: the dealt hand's chips per point (1 when no hand is
        dealt: the page then shows why instead of the boards)."""
        return self.chips_per_point or 1

    @property
    def fantasyland(self) -> bool:
        return bool(self.next_hand.fantasyland)

    @property
    def can_deal(self) -> bool:
        return self.next_hand.can_deal

    @property
    def why_not(self) -> str | None:
        return self.next_hand.why_not

    @property
    def before_break(self) -> bool:
        """The event is on a break, yet this table's hand is still to be played: the hand that
        was in play when the break came (dealt before it), or a Fantasyland hand. No other hand
        is dealt here until the break ends (ofc-rules.md, "Rounds, levels and breaks")."""
        return self.can_deal and self.table.event.status == Event.Status.ON_BREAK


def table_state(table: Table | int) -> TableState:
    """The next hand to enter at `table`, as stored: 1 query for a `Table` (2 given its id, two
    more for a table nobody sits at, one more for one not dealt while tables are kept in step).

    Given a table id, the table is read afresh; given a `Table`, it is used as loaded (with
    ``event__current_level`` and ``next_level``, as `table_dealer_required` loads it).
    """
    if isinstance(table, int):
        table = Table.objects.select_related("event__current_level", "dealer", "next_level").get(pk=table)
    # The seats with the open round beside each (one per table): one query. Ordered by seat
    # number alone: the models' default orders follow the table to its event (two joins).
    seated: list[Any] = list(
        Seat.objects.filter(table=table, entry__isnull=False, table__rounds__closed_at__isnull=True)
        .select_related("entry__player")
        .annotate(
            round_id=F("table__rounds__id"),
            round_number=F("table__rounds__number"),
            round_players=F("table__rounds__players"),
            round_moves=F("table__rounds__button_moves"),
        )
        .order_by("number")
    )
    if seated:
        first = seated[0]
        current: Round | None = Round(
            pk=first.round_id,
            table=table,
            number=first.round_number,
            players=first.round_players,
            button_moves=first.round_moves,
        )
    else:  # nobody seated (or, never seen, no open round): each read on its own
        seated = list(Seat.objects.filter(table=table, entry__isnull=False).select_related("entry__player"))
        current = Round.objects.filter(table=table, closed_at__isnull=True).order_by().first()
    held = not table.is_dealt and bool(table.event.max_hands_ahead) and table.pk in held_tables(table.event, [table])
    upcoming = next_hand(table, table.event, seated, held=held)
    fantasyland = bool(upcoming.fantasyland)
    return TableState(
        table=table,
        next_hand=upcoming,
        round_number=current.number if current else 1,
        round_complete=bool(current and current.is_complete(len(seated), fantasyland_pending=fantasyland)),
    )


def hand_detail(hand: Hand | int) -> Hand:
    """A hand with its table, event, level and boards in payment order, to correct or void it: 2 queries."""
    pk = hand if isinstance(hand, int) else hand.pk
    boards = Board.objects.select_related("entry__player").order_by("position")
    return (
        Hand.objects.select_related("table", "event", "level", "recorded_by")
        .prefetch_related(Prefetch("boards", queryset=boards))
        .get(pk=pk)
    )


# The columns a seat is read from: its board's, and its entry's, player's and person's (and
# those of the person a merge kept), in one query (`hand_views`).
_AS_STORED = (  # the board's, kept as they are
    "position",
    "fouled",
    "unfinished",
    "points",
    "fantasyland_cards",
    "fantasyland_next_cards",
    "stack_before",
    "stack_after",
    "eliminated",
    "sat_out",
    "dealt",
)
_SEAT_COLUMNS = (
    *_AS_STORED,
    "id",
    "hand_id",
    "entry_id",
    "seat_number",
    "top",
    "middle",
    "bottom",
    "hand_top",
    "hand_middle",
    "hand_bottom",
    "royalty_top",
    "royalty_middle",
    "royalty_bottom",
    "royalties",
    "entry__number",
    "entry__place",
    "entry__player_id",
    "entry__player__name",
    "entry__player__person_id",
    "entry__player__person__name",
    "entry__player__person__hidden",
    "entry__player__person__merged_into_id",
    "entry__player__person__merged_into__name",
    "entry__player__person__merged_into__hidden",
)
_EXCHANGE_COLUMNS = (
    "hand_id",
    "order",
    "board_a_id",
    "board_b_id",
    "points",
    "chips_due",
    "chips_paid",
    "capped",
    "skipped",
)


def _seat_view(row: Any, *, public: bool) -> SeatView:
    """A stored board, read as `_SEAT_COLUMNS` (a named row), its player named for a public reader
    or for the director and the table (`vpt.people.names.Naming`, as `Entry.name` names them)."""
    naming = Naming(
        row.entry__player__name,
        person=row.entry__player__person__name,
        person_hidden=bool(row.entry__player__person__hidden),
        keeper=row.entry__player__person__merged_into__name,
        keeper_hidden=bool(row.entry__player__person__merged_into__hidden),
    )
    return SeatView(
        name=naming.name(number=row.entry__number, public=public),
        cards=(row.top, row.middle, row.bottom),
        hands=(row.hand_top, row.hand_middle, row.hand_bottom),
        royalties=(row.royalty_top, row.royalty_middle, row.royalty_bottom),
        royalty_total=row.royalties,
        place=row.entry__place if row.eliminated else None,
        seat=row.seat_number,
        **{column: getattr(row, column) for column in _AS_STORED},
        board_id=row.id,
        entry_id=row.entry_id,
        player_id=row.entry__player_id,
        person_id=row.entry__player__person__merged_into_id or row.entry__player__person_id,
        player_name=naming.name(public=public),
        hidden=naming.hidden,
    )


def _hand_view(hand: Hand, boards: Sequence[Any], exchanges: Sequence[Any], *, public: bool) -> HandView:
    """A stored hand with its boards (`_SEAT_COLUMNS`, in payment order) and exchanges
    (`_EXCHANGE_COLUMNS`, in order), read as named rows."""
    seats = tuple(_seat_view(board, public=public) for board in boards)
    by_board = {seat.board_id: seat for seat in seats}
    return HandView(
        hand,
        seats,
        tuple(
            ExchangeView(
                order=exchange.order,
                a=by_board[exchange.board_a_id],
                b=by_board[exchange.board_b_id],
                points=exchange.points,
                chips_due=exchange.chips_due,
                chips_paid=exchange.chips_paid,
                capped=exchange.capped,
                skipped=exchange.skipped,
            )
            for exchange in exchanges
        ),
    )


def hand_views(hands: QuerySet[Hand] | Sequence[Hand], *, public: bool) -> list[HandView]:
    """``hands`` as the hand's read model (`vpt.rounds.hand_view`), in their order, each player
    named for a ``public`` reader or for the director and the table (`Entry.name`): 3 queries
    (hands with their event, table and level; boards; exchanges) however many hands, 2 for
    hands already loaded (a list).
    """
    loaded = list(hands.select_related("event", "table", "level")) if isinstance(hands, QuerySet) else list(hands)
    boards: dict[int, list[Any]] = defaultdict(list)
    exchanges: dict[int, list[Any]] = defaultdict(list)
    if loaded:
        ids = [hand.pk for hand in loaded]
        for board in (
            Board.objects.filter(hand_id__in=ids)
            .order_by("hand_id", "position")
            .values_list(*_SEAT_COLUMNS, named=True)
        ):
            boards[board.hand_id].append(board)
        for exchange in (
            Exchange.objects.filter(hand_id__in=ids)
            .order_by("hand_id", "order")
            .values_list(*_EXCHANGE_COLUMNS, named=True)
        ):
            exchanges[exchange.hand_id].append(exchange)
    return [_hand_view(hand, boards[hand.pk], exchanges[hand.pk], public=public) for hand in loaded]


def one_hand_view(hand: Hand | int, *, public: bool) -> HandView:
    """One hand as `hand_views` reads it, with who recorded it and its round: 3 queries.
    Raises Hand.DoesNotExist."""
    pk = hand if isinstance(hand, int) else hand.pk
    # One hand: no order (the default one joins the table and the event to sort).
    views = hand_views(Hand.objects.filter(pk=pk).select_related("recorded_by", "round").order_by(), public=public)
    if not views:
        raise Hand.DoesNotExist(f"no hand {pk}")
    return views[0]


def correction_moves(hands: Iterable[Hand]) -> dict[int, list[ChipMove]]:
    """For each corrected or voided hand, the chip moves its latest correction made (from the
    audit log, which keeps every change); one query, none when no hand was corrected."""
    corrected = [str(hand.pk) for hand in hands if hand.version > 1]
    if not corrected:
        return {}
    latest: dict[int, list[Any]] = {}
    entries = AuditEntry.objects.filter(
        object_type=Hand._meta.label_lower,
        object_id__in=corrected,
        action__in=["rounds.hand_corrected", "rounds.hand_voided", "rounds.hand_reopened"],
    ).order_by("id")
    for object_id, after in entries.values_list("object_id", "after"):
        latest[int(object_id)] = (after or {}).get("changes") or []
    return {
        hand_id: chip_moves((subject, before, after) for what, subject, before, after in changes if what == "stack")
        for hand_id, changes in latest.items()
    }


# The director's hands list ----------------------------------------------------------------------

HAND_FILTERS = ("fouls", "fantasyland", "eliminations", "corrected")


@dataclass(frozen=True)
class HandSummary:
    """One row of the hands list: who fouled, goes to Fantasyland or was eliminated, and the
    biggest exchange (payer, payee, chips) or None when no chips moved."""

    hand: Hand
    fouled: list[str]
    fantasyland: list[tuple[str, int]]
    eliminated: list[str]
    biggest: tuple[str, str, int] | None


def filter_hands(hands: QuerySet[Hand], show: str) -> QuerySet[Hand]:
    """``hands`` narrowed to one of `HAND_FILTERS` (anything else: all of them)."""
    if show == "fouls":
        return hands.filter(Exists(Board.objects.filter(hand=OuterRef("pk"), fouled=True)))
    if show == "fantasyland":
        return hands.filter(Exists(Board.objects.filter(hand=OuterRef("pk"), fantasyland_next_cards__gt=0)))
    if show == "eliminations":
        return hands.filter(Exists(Board.objects.filter(hand=OuterRef("pk"), eliminated=True)))
    if show == "corrected":
        return hands.filter(Q(version__gt=1) | Q(status=Hand.Status.VOID))
    return hands


def hand_summaries(hands: Iterable[Hand]) -> list[HandSummary]:
    """The rows of ``hands`` (a page of them): 2 queries, whatever their number."""
    summaries = []
    for view in hand_views(list(hands), public=False):
        paid = [x for x in view.exchanges if not x.skipped and x.chips_paid]
        # The first of the biggest, in payment order.
        biggest = max(paid, key=lambda x: x.chips_moved or 0, default=None)
        summaries.append(
            HandSummary(
                hand=view.hand,
                fouled=[seat.name for seat in view.seats if seat.fouled],
                fantasyland=[
                    (seat.name, seat.fantasyland_next_cards) for seat in view.seats if seat.fantasyland_next_cards
                ],
                eliminated=[seat.name for seat in view.seats if seat.eliminated],
                biggest=(biggest.sides[0].name, biggest.sides[1].name, biggest.chips_moved or 0) if biggest else None,
            )
        )
    return summaries
