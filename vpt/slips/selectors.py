"""The printables' data from the database, each with a constant number of queries.

Every function here returns the plain values of ``data.py``; the renderers never see a model.
A batch of slips costs the same few queries as one slip: the hands, their boards, their
exchanges, and the next hands' buttons, each fetched once for the whole batch.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db.models import Max, Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import override

from vpt.events.models import Deal, DealShare, Entry, Event, Payment
from vpt.events.player_links import live_player_tokens
from vpt.money.pool_text import explain_pool
from vpt.money.results import event_results_table
from vpt.ofc import position_label
from vpt.rounds.chip_moves import ChipMove
from vpt.rounds.models import Board, Exchange, Hand
from vpt.rounds.selectors import correction_moves
from vpt.seating.models import Seat
from vpt.seating.next_hand import next_hand
from vpt.seating.selectors import pending_moves
from vpt.tables.models import Table

from .data import (
    HandHistoryData,
    ResultRow,
    ResultsData,
    SeatCard,
    SeatCardData,
    SlipData,
    SlipPlayer,
    TableListData,
    TableListSeat,
    TableListTable,
    describe_rows,
    exchange_from_pair,
)
from .move_slips import MoveSlip, MoveSlipData
from .receipt import ReceiptData

__all__ = [
    "event_hands",
    "hand_history_data",
    "move_slips_data",
    "results_data",
    "seat_cards_data",
    "slip_data",
    "slips_data",
    "table_list_data",
]

PublicUrl = Callable[[Hand], str]


def entry_name(entry: Entry, *, public: bool = False) -> str:
    """A player's name as printed; a re-entry carries its number: ``Ana (2)``. ``public``: a
    document anyone may print, where a hidden person is "Hidden player" (`Entry.public_name`)."""
    if public:
        return entry.public_name
    name = entry.player.display_name  # the person's name, as every printout gives it
    return name if entry.number == 1 else f"{name} ({entry.number})"


def user_name(user: Any) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def _hands(hands: QuerySet[Hand]) -> QuerySet[Hand]:
    """Hands with what a slip prints: 3 queries (hands, boards, exchanges) when evaluated."""
    return hands.select_related("event", "table__dealer", "level", "recorded_by").prefetch_related(
        Prefetch(
            "boards", queryset=Board.objects.select_related("entry__player__person__merged_into").order_by("position")
        ),
        Prefetch("exchanges", queryset=Exchange.objects.order_by("order")),
    )


def slips_data(
    hands: QuerySet[Hand] | Iterable[Hand],
    *,
    public_url: PublicUrl | None = None,
    language: str | None = None,
    page_format: str | None = None,
    public: bool = True,
) -> list[SlipData]:
    """The slips of ``hands``, in their order: 5 queries, however many hands.

    ``hands`` is a queryset (or hand objects, re-read by id). The event's language and slip
    format apply unless ``language``/``page_format`` say otherwise. ``public`` (the default: a
    slip goes to the table and leaves the director's hands): a hidden person is "Hidden player".
    """
    if not isinstance(hands, QuerySet):
        ids = [hand.pk for hand in hands]
        order = {pk: index for index, pk in enumerate(ids)}
        loaded = sorted(_hands(Hand.objects.filter(pk__in=ids)), key=lambda hand: order[hand.pk])
    else:
        loaded = list(_hands(hands))
    if not loaded:
        return []
    buttons = _next_buttons(loaded)
    moves = correction_moves(loaded)
    deals = _deals_after(loaded)
    seated = _seated_now(loaded, public=public)
    return [
        _slip(
            hand,
            buttons.get((hand.table_id, hand.number + 1)),
            seated,
            public_url,
            language,
            page_format,
            moves.get(hand.pk),
            deals.get(hand.pk),
            public=public,
        )
        for hand in loaded
    ]


def _deals_after(hands: Sequence[Hand]) -> dict[int, Deal]:
    """The deal made after each hand that was its event's last: hand id -> deal. No query unless
    a hand's event is finished; then 2 (its last hand, the deal with its shares)."""
    finished = {hand.event_id for hand in hands if hand.event.status == Event.Status.FINISHED}
    if not finished:
        return {}
    deals = {
        deal.event_id: deal
        for deal in Deal.objects.filter(event_id__in=finished).prefetch_related(
            Prefetch("shares", queryset=DealShare.objects.select_related("entry__player"))
        )
    }
    if not deals:
        return {}
    last = dict(
        Hand.objects.filter(event_id__in=list(deals), status=Hand.Status.RECORDED)
        .values("event_id")
        .annotate(last=Max("id"))
        .values_list("event_id", "last")
        .order_by()
    )
    return {hand.pk: deals[hand.event_id] for hand in hands if last.get(hand.event_id) == hand.pk}


def slip_data(
    hand: Hand | int,
    *,
    public_url: PublicUrl | None = None,
    language: str | None = None,
    page_format: str | None = None,
) -> SlipData:
    """One hand's slip: 5 queries."""
    pk = hand if isinstance(hand, int) else hand.pk
    slips = slips_data(Hand.objects.filter(pk=pk), public_url=public_url, language=language, page_format=page_format)
    if not slips:
        raise Hand.DoesNotExist(f"no hand {pk}")
    return slips[0]


def _next_buttons(hands: Sequence[Hand]) -> dict[tuple[int, int], int | None]:
    """(table id, hand number) -> that hand's button seat, for the hands after ``hands``: 1 query."""
    wanted = {(hand.table_id, hand.number + 1) for hand in hands}
    by_table: dict[int, set[int]] = defaultdict(set)
    for table_id, number in wanted:
        by_table[table_id].add(number)
    found: dict[tuple[int, int], int | None] = {}
    rows = Hand.objects.filter(table_id__in=list(by_table)).values_list("table_id", "number", "button_seat")
    for table_id, number, button_seat in rows:
        if number in by_table[table_id]:
            found[(table_id, number)] = button_seat
    return found


def _seated_now(hands: Sequence[Hand], *, public: bool) -> dict[int, dict[int, str]]:
    """table id -> {seat: player} now, for the tables whose latest hand is among ``hands``: 1
    query (none when there is no such hand)."""
    tables = {hand.table_id for hand in hands if hand.number == hand.table.last_hand_number}
    seated: dict[int, dict[int, str]] = {table_id: {} for table_id in tables}
    if tables:
        for seat in Seat.objects.filter(table_id__in=tables, entry__isnull=False).select_related(
            "entry__player__person__merged_into"
        ):
            seated[seat.table_id][seat.number] = entry_name(seat.occupant, public=public)
    return seated


def _slip(
    hand: Hand,
    next_hand_button: int | None,
    seated: dict[int, dict[int, str]],
    public_url: PublicUrl | None,
    language: str | None,
    page_format: str | None,
    moves: list[ChipMove] | None = None,
    deal: Deal | None = None,
    *,
    public: bool = False,
) -> SlipData:
    event = hand.event
    language = language or event.language
    deal_kind = ""
    if deal is not None:
        with override(language):
            deal_kind = str(deal.get_kind_display())
    boards: list[Board] = list(hand.boards.all())
    by_id = {board.pk: board for board in boards}
    players = []
    for board in boards:
        cards = (board.top, board.middle, board.bottom)
        stored = (board.hand_top, board.hand_middle, board.hand_bottom)
        players.append(
            SlipPlayer(
                position=position_label(board.position),
                name=entry_name(board.entry, public=public),
                cards=cards,
                hands=describe_rows(cards, language, stored),
                fouled=board.fouled,
                unfinished=board.unfinished,
                royalties=(board.royalty_top, board.royalty_middle, board.royalty_bottom),
                royalty_total=board.royalties,
                points=board.points,
                fantasyland_cards=board.fantasyland_cards,
                fantasyland_next_cards=board.fantasyland_next_cards,
                stack_before=board.stack_before,
                stack_after=board.stack_after,
                eliminated=board.eliminated,
                place=board.entry.place if board.eliminated else None,
                seat=board.seat_number,
                sat_out=board.sat_out,
            )
        )
    exchanges = tuple(  # numbered from 1 as printed (the rows' ``order`` counts from 0)
        exchange_from_pair(
            number,
            entry_name(by_id[exchange.board_a_id].entry, public=public),
            entry_name(by_id[exchange.board_b_id].entry, public=public),
            exchange.points,
            exchange.chips_due,
            exchange.chips_paid,
            capped=exchange.capped,
            skipped=exchange.skipped,
        )
        for number, exchange in enumerate(hand.exchanges.all(), start=1)
    )
    button_name, button_seat, holds, dead = _button_after(hand, players, next_hand_button, seated)
    return SlipData(
        event=event.name,
        table=str(hand.table.number),
        hand_number=hand.number,
        level=hand.level.number if hand.level else None,
        chips_per_point=hand.chips_per_point,
        players=tuple(players),
        exchanges=exchanges,
        recorded_at=hand.recorded_at,
        dealer=user_name(hand.recorded_by) or user_name(hand.table.dealer),
        language=language,
        page_format=page_format or event.slip_format,
        public_url=public_url(hand) if public_url else "",
        next_button=button_name,
        next_button_seat=button_seat,
        button_holds=holds,
        next_button_dead=dead,
        variant=event.variant,
        void=hand.is_void,
        version=hand.version,
        chip_moves=tuple(moves or ()),
        deal_kind=deal_kind,
        deal=tuple((s.place, entry_name(s.entry, public=public), s.amount) for s in deal.shares.all()) if deal else (),
    )


def _button_after(
    hand: Hand, players: Sequence[SlipPlayer], next_hand_button: int | None, seated: dict[int, dict[int, str]]
) -> tuple[str, int | None, bool, bool]:
    """Name, seat, hold and "dead button" of the next hand's button, as stored: no rule applied.

    For the table's latest hand, the table's stored button (`Table.button_seat`) with whoever
    sits there now (nobody: a dead button); none when the table deals no more (broken, or
    fewer than two players). For an earlier hand, the button its next hand was played with.
    """
    table = hand.table
    if hand.number == table.last_hand_number:
        occupied = seated.get(table.pk, {})
        seat = table.button_seat
        if not table.is_open or seat is None or len(occupied) < 2:
            return "", None, False, False
        return occupied.get(seat, ""), seat, seat == hand.button_seat, seat not in occupied
    if next_hand_button is None:
        return "", None, False, False
    names = {player.seat: player.name for player in players if not player.eliminated}
    return names.get(next_hand_button, ""), next_hand_button, next_hand_button == hand.button_seat, False


def event_hands(
    event: Event | int, *, start: datetime | None = None, end: datetime | None = None, table: Table | int | None = None
) -> QuerySet[Hand]:
    """An event's hands recorded in [start, end), by table then number (for batch printing)."""
    pk = event if isinstance(event, int) else event.pk
    hands = Hand.objects.filter(event_id=pk)
    if table is not None:
        hands = hands.filter(table_id=table if isinstance(table, int) else table.pk)
    if start is not None:
        hands = hands.filter(recorded_at__gte=start)
    if end is not None:
        hands = hands.filter(recorded_at__lt=end)
    return hands.order_by("table__number", "number")


def seat_cards_data(event: Event, *, player_url: Callable[[str], str] | None = None) -> SeatCardData:
    """One card per seated player, by table and seat, with the QR of the player's private link
    when ``player_url`` turns a link's token into its URL: 2 queries."""
    seats = (
        Seat.objects.filter(table__event=event, table__status=Table.Status.OPEN, entry__isnull=False)
        .select_related("table", "entry__player__person__merged_into")
        .order_by("table__number", "number")
    )
    seated = [seat for seat in seats if seat.entry is not None]
    tokens = live_player_tokens(seat.occupant for seat in seated) if player_url is not None else {}
    cards = tuple(
        SeatCard(
            player=seat.occupant.player.public_name,  # the card goes on the table: a hidden person hidden
            table=seat.table.number,
            seat=seat.number,
            entry=seat.occupant.number,
            url=player_url(tokens[seat.occupant.pk]) if player_url is not None and seat.occupant.pk in tokens else "",
        )
        for seat in seated
    )
    return SeatCardData(event=event.name, cards=cards, language=event.language, drawn_at=timezone.now())


def move_slips_data(event: Event, *, page_format: str | None = None) -> MoveSlipData:
    """A slip for each player moved and not yet seated (`pending_moves`), oldest move first: 1 query."""
    moves = tuple(
        MoveSlip(
            player=entry_name(move.entry, public=True),  # handed to the player: a hidden person hidden
            from_table=move.from_table,
            from_seat=move.from_seat,
            to_table=move.to_table,
            to_seat=move.to_seat,
            moved_at=move.moved_at,
        )
        for move in pending_moves(event)
    )
    return MoveSlipData(
        event=event.name, moves=moves, language=event.language, page_format=page_format or event.slip_format
    )


def table_list_data(event: Event) -> TableListData:
    """Every open table with its dealer, stored button and seats: 2 queries."""
    tables = (
        Table.objects.filter(event=event, status=Table.Status.OPEN)
        .select_related("dealer", "next_level")
        .prefetch_related(
            Prefetch(
                "seat_set",
                queryset=Seat.objects.select_related("entry__player__person__merged_into").order_by("number"),
            )
        )
        .order_by("number")
    )
    rows = []
    for table in tables:
        seats = tuple(
            TableListSeat(
                seat=seat.number,
                player=entry_name(seat.entry, public=True) if seat.entry else "",  # posted in the room
                stack=seat.entry.stack if seat.entry else None,
                fantasyland_cards=seat.fantasyland_cards,
            )
            for seat in table.seat_set.all()
        )
        upcoming = next_hand(table, event, [seat for seat in table.seat_set.all() if seat.entry_id is not None])
        rows.append(
            TableListTable(
                number=table.number,
                seats=seats,
                dealer=user_name(table.dealer),
                button_seat=upcoming.button_seat,
                dead_button=upcoming.dead_button,
                why_not=upcoming.why_not,
            )
        )
    return TableListData(event=event.name, tables=tuple(rows), language=event.language, printed_at=timezone.now())


def results_data(event: Event, *, currency: str = "") -> ResultsData:
    """Every entry's place, name, prize and chips, the pool and the deal, as the public sees
    them (`vpt.money.results`, the source of every results page and export): 5 queries."""
    results = event_results_table(event, public=True)
    pool = results.prizes.pool
    with override(event.language):
        explained = explain_pool(pool, event.language)
        deal_kind = str(results.deal.get_kind_display()) if results.deal else ""
    names = {row.entry_id: row for row in results.rows}
    return ResultsData(
        event=event.name,
        rows=tuple(
            ResultRow(
                place=row.place,
                name=row.name,
                entries=row.number,
                payout=row.prize if row.prize > 0 else None,
                stack=row.chips if row.status == "in" else None,
                reentered=row.reentered,
            )
            for row in results.rows
        ),
        language=event.language,
        printed_at=timezone.now(),
        prize_pool=pool.total if pool.total else None,
        currency=currency,
        pool_explained=explained,
        deal_kind=deal_kind,
        deal=tuple(
            (share.place, names[share.entry_id].name, share.amount)
            for share in (results.deal.shares.all() if results.deal else ())
            if share.entry_id in names
        ),
    )


def receipt_data(entry: Entry, *, page_format: str | None = None) -> ReceiptData | None:
    """The payout receipt of ``entry``'s prize, None when it has not been paid out: 1 query."""
    payment = Payment.objects.filter(entry=entry, kind=Payment.Kind.PRIZE).select_related("taken_by").first()
    if payment is None:
        return None
    event = entry.event
    with override(event.language):
        method = str(payment.get_method_display())
    return ReceiptData(
        event=event.name,
        name=str(entry),
        place=entry.place,
        amount=payment.amount,
        method=method,
        paid_by=user_name(payment.taken_by),
        paid_at=payment.created_at,
        language=event.language,
        page_format=page_format or event.slip_format,
    )


def hand_history_data(table: Table, *, public_url: PublicUrl | None = None) -> HandHistoryData:
    """Every hand of ``table`` in order: 4 queries (the table's event is ``table.event``)."""
    event = table.event
    hands = slips_data(Hand.objects.filter(table=table).order_by("number"), public_url=public_url, public=True)
    with override(event.language):
        name = str(table)
    return HandHistoryData(
        event=event.name, table=name, hands=tuple(hands), language=event.language, printed_at=timezone.now()
    )
