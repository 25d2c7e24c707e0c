"""The slips and the hand history of recorded hands, from the hand's read model
(`vpt.rounds.selectors.hand_views`), each with a constant number of queries.

A batch of slips costs the same few queries as one slip: the hands, their boards, their
exchanges, and the next hands' buttons, each fetched once for the whole batch. Every function
returns the plain values of ``data.py``; the renderers never see a model.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from django.db.models import Max, Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import override

from vpt.events.models import Deal, DealShare, Event
from vpt.rounds.chip_moves import ChipMove
from vpt.rounds.hand_view import HandView, SeatView
from vpt.rounds.models import Hand
from vpt.rounds.selectors import correction_moves, hand_views
from vpt.seating.models import Seat
from vpt.tables.models import Table

from .data import HandHistoryData, SlipData, describe_rows
from .selectors import user_name

__all__ = ["PublicUrl", "event_hands", "hand_history_data", "slip_data", "slips_data"]

PublicUrl = Callable[[Hand], str]


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
    given: dict[int, int] | None = None
    if not isinstance(hands, QuerySet):
        given = {hand.pk: index for index, hand in enumerate(hands)}
        hands = Hand.objects.filter(pk__in=list(given))
    views = hand_views(hands.select_related("table__dealer", "recorded_by"), public=public)
    if given is not None:
        order = given
        views.sort(key=lambda view: order[view.hand.pk])
    loaded = [view.hand for view in views]
    if not loaded:
        return []
    buttons = _next_buttons(loaded)
    moves = correction_moves(loaded)
    deals = _deals_after(loaded)
    seated = _seated_now(loaded, public=public)
    return [
        _slip(
            view,
            buttons.get((view.hand.table_id, view.hand.number + 1)),
            seated,
            public_url,
            language,
            page_format,
            moves.get(view.hand.pk),
            deals.get(view.hand.pk),
            public=public,
        )
        for view in views
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
            seated[seat.table_id][seat.number] = seat.occupant.name(public=public)
    return seated


def _slip(
    view: HandView,
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
    hand = view.hand
    event = hand.event
    language = language or event.language
    deal_kind = ""
    if deal is not None:
        with override(language):
            deal_kind = str(deal.get_kind_display())
    # Each row's hand in the slip's language (the engine's English, as stored, where unreadable).
    view = view.reseated([replace(seat, hands=describe_rows(seat.cards, language, seat.hands)) for seat in view.seats])
    button_name, button_seat, holds, dead = _button_after(hand, view.seats, next_hand_button, seated)
    return SlipData(
        event=event.name,
        table=str(hand.table.number),
        hand_number=hand.number,
        level=hand.level.number if hand.level else None,
        chips_per_point=hand.chips_per_point,
        players=view.seats,
        exchanges=view.exchanges,
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
        deal=tuple((s.place, s.entry.name(public=public), s.amount) for s in deal.shares.all()) if deal else (),
    )


def _button_after(
    hand: Hand, players: Sequence[SeatView], next_hand_button: int | None, seated: dict[int, dict[int, str]]
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


def hand_history_data(table: Table, *, public_url: PublicUrl | None = None) -> HandHistoryData:
    """Every hand of ``table`` in order: 4 queries (the table's event is ``table.event``)."""
    event = table.event
    hands = slips_data(Hand.objects.filter(table=table).order_by("number"), public_url=public_url, public=True)
    with override(event.language):
        name = str(table)
    return HandHistoryData(
        event=event.name, table=name, hands=tuple(hands), language=event.language, printed_at=timezone.now()
    )
