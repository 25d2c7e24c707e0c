"""The printables' data from the database, each with a constant number of queries: seat cards,
move slips, the table list, the results sheet, a payout receipt. The hands' slips and history
are `hand_slips.py`'s.

Every function here returns the plain values of ``data.py``; the renderers never see a model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import override

from vpt.events.models import Entry, Event, Payment
from vpt.events.player_links import live_player_tokens
from vpt.money.pool_text import explain_pool
from vpt.money.results import event_results_table
from vpt.seating.models import Seat
from vpt.seating.next_hand import next_hand
from vpt.seating.selectors import pending_moves
from vpt.tables.models import Table

from .data import (
    ResultRow,
    ResultsData,
    SeatCard,
    SeatCardData,
    TableListData,
    TableListSeat,
    TableListTable,
)
from .move_slips import MoveSlip, MoveSlipData
from .receipt import ReceiptData

__all__ = [
    "move_slips_data",
    "receipt_data",
    "results_data",
    "seat_cards_data",
    "table_list_data",
    "user_name",
]


def user_name(user: Any) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


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
            player=move.entry.public_name,  # handed to the player: a hidden person hidden
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
                player=seat.entry.public_name if seat.entry else "",  # posted in the room
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
