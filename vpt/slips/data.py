"""What the printables show: plain frozen values, built by selectors or from engine JSON.

slip            the chip-settlement slip of one hand: its players and exchanges in payment
                order (the hand's read model, `vpt.rounds.hand_view`: `SeatView` with each
                row's hand in the slip's language, `ExchangeView`), stacks before and after,
                eliminations, the next button, a QR code.
position        P1, P2, P3 in payment order: P1 sits left of the button, the last is the button.
exchange        one pair's payment, printed from the side that pays (`ExchangeView.sides`):
                the payer pays the payee. ``capped``: less than ``chips_due`` moved;
                ``skipped``: one of the two was already eliminated earlier in the hand, so
                nothing moved.
seat card       a card put on the table after a seat draw: player, table, seat.
table list      every open table with its seats, for the floor.
results         places, names, entries and payouts (real money: ``Decimal``).
hand history    every hand of one table, in order.

Nothing here touches the database: the renderers (``slip.py``, ``seat_cards.py``,
``documents.py``) take these values and nothing else, so a slip built from a scored JSON hand
and one built from the database print through the same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from vpt.ofc import ROW_SIZES, ROWS, InvalidHand, button_after_hand, effective_button, parse_cards, row_value
from vpt.rounds.chip_moves import ChipMove
from vpt.rounds.hand_view import ExchangeView, SeatView, exchanges_from_json, seats_from_json

__all__ = [
    "FORMATS",
    "LANGUAGES",
    "HandHistoryData",
    "ResultRow",
    "ResultsData",
    "SeatCard",
    "SeatCardData",
    "SlipData",
    "TableListData",
    "TableListSeat",
    "TableListTable",
    "describe_rows",
    "next_button",
    "slip_data_from_json",
]

LANGUAGES = ("en", "es")
FORMATS = ("a6", "thermal80")


@dataclass(frozen=True, slots=True)
class SlipData:
    """Everything one chip-settlement slip prints. ``players`` and ``exchanges`` in payment order,
    the players' rows described in the slip's language."""

    event: str
    table: str
    hand_number: int | None
    level: int | None
    chips_per_point: int
    players: tuple[SeatView, ...]
    exchanges: tuple[ExchangeView, ...]
    recorded_at: datetime | None = None
    dealer: str = ""
    language: str = "en"
    page_format: str = "a6"
    public_url: str = ""
    # The loopback address a QR code would have carried: the slip prints why it has none.
    qr_withheld: str = ""
    next_button: str = ""
    next_button_seat: int | None = None
    button_holds: bool = False
    next_button_dead: bool = False
    variant: str = ""
    void: bool = False
    version: int = 1
    chip_moves: tuple[ChipMove, ...] = ()  # what the latest correction moved, giver to receiver
    # The deal made after this hand, the event's last: its kind in words and (place, name, amount).
    deal_kind: str = ""
    deal: tuple[tuple[int, str, Decimal], ...] = ()

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"language {self.language!r}: expected one of {', '.join(LANGUAGES)}")
        if self.page_format not in FORMATS:
            raise ValueError(f"page format {self.page_format!r}: expected one of {', '.join(FORMATS)}")

    @property
    def button(self) -> SeatView:
        """The player on the button this hand: last in payment order."""
        return self.players[-1]

    @property
    def settled(self) -> bool:
        return all(player.stack_after is not None for player in self.players)

    def player(self, name: str) -> SeatView:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class SeatCard:
    player: str
    table: int
    seat: int
    entry: int = 1
    url: str = ""  # the player's private page (a QR code); empty: none printed


@dataclass(frozen=True, slots=True)
class SeatCardData:
    """The seat cards of one draw, one card (page) each, in the order given."""

    event: str
    cards: tuple[SeatCard, ...]
    language: str = "en"
    drawn_at: datetime | None = None
    # The loopback address the QR codes would have carried: each card prints why it has none.
    qr_withheld: str = ""


@dataclass(frozen=True, slots=True)
class TableListSeat:
    seat: int
    player: str = ""  # empty: nobody sits there
    stack: int | None = None
    fantasyland_cards: int = 0


@dataclass(frozen=True, slots=True)
class TableListTable:
    number: int
    seats: tuple[TableListSeat, ...]
    dealer: str = ""
    button_seat: int | None = None
    dead_button: bool = False  # nobody sits on the button seat
    why_not: str | None = None  # the code of why the table deals no hand now


@dataclass(frozen=True, slots=True)
class TableListData:
    """Every table with its seats; the renderer adds an alphabetical index of players."""

    event: str
    tables: tuple[TableListTable, ...]
    language: str = "en"
    printed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One entry's line. ``place`` is ``None`` while the player is still in (``stack`` shown)
    and for an entry that re-entered (``reentered``); ``entries`` is the entry's number."""

    place: int | None
    name: str
    entries: int = 1
    payout: Decimal | None = None
    stack: int | None = None
    reentered: bool = False


@dataclass(frozen=True, slots=True)
class ResultsData:
    event: str
    rows: tuple[ResultRow, ...]
    language: str = "en"
    printed_at: datetime | None = None
    prize_pool: Decimal | None = None
    currency: str = ""
    pool_explained: str = ""
    # The deal at the final table: its kind in words and (place, name, amount) per player.
    deal_kind: str = ""
    deal: tuple[tuple[int, str, Decimal], ...] = ()


@dataclass(frozen=True, slots=True)
class HandHistoryData:
    """One table's hands in order; each hand carries what its slip carries."""

    event: str
    table: str
    hands: tuple[SlipData, ...]
    language: str = "en"
    printed_at: datetime | None = None


# --- row descriptions, translated ---------------------------------------------------------


def describe_rows(cards: Sequence[str], language: str, fallback: Sequence[str] = ("", "", "")) -> tuple[str, str, str]:
    """Each row's hand in ``language``, from its cards (the English matches the engine's).

    A row that cannot be read keeps its ``fallback`` text.

    >>> describe_rows(("Qs Qh 2c", "Kd Kc 8h 8s 3d", "2h 5h"), "en")
    ('pair of queens', 'two pair, kings and eights', 'unfinished: 2 of 5 cards')
    """
    from django.utils import translation  # keeps this module cheap to import

    from vpt.rounds.describe import describe_row

    described = []
    with translation.override(language):
        for index, (row, text) in enumerate(zip(ROWS, cards, strict=False)):
            size = ROW_SIZES[row]
            try:
                parsed = parse_cards(text)
            except InvalidHand:
                described.append(fallback[index])
                continue
            if len(parsed) > size:
                described.append(fallback[index])
                continue
            value = row_value(parsed) if len(parsed) == size else None
            described.append(describe_row(value, cards=len(parsed), size=size))
    return described[0], described[1], described[2]


# --- the next button ----------------------------------------------------------------------


def next_button(players: Sequence[SeatView]) -> tuple[SeatView | None, bool]:
    """Who has the button next hand, and whether it holds (someone plays Fantasyland next), for
    a slip of a hand scored from JSON alone (no table: nothing stored). A recorded hand's slip
    prints the table's stored button instead (`vpt.slips.hand_slips`).

    The engine's rule (:func:`vpt.ofc.button_after_hand`) on the players' seats (their payment
    positions when seats are not known; the last player has the button): the button moves to the
    next player still in, or holds for a Fantasyland hand. When it holds on the seat of a player
    eliminated this hand, the player before that seat acts last (:func:`vpt.ofc.effective_button`):
    named, but not as holding. ``(None, False)`` when fewer than two players remain.
    """
    remaining = [player for player in players if not player.eliminated]
    if len(remaining) < 2:
        return None, False
    known = all(player.seat is not None for player in players)
    seats = [player.seat if known and player.seat is not None else index + 1 for index, player in enumerate(players)]
    by_seat = dict(zip(seats, players, strict=True))
    occupied = [seat for seat, player in by_seat.items() if not player.eliminated]
    button = seats[-1]
    after = button_after_hand(occupied, button, fantasyland_next=any(p.fantasyland_next_cards for p in remaining))
    holder = by_seat[effective_button(occupied, after)]
    return holder, holder is players[-1]


# --- from the engine's JSON ---------------------------------------------------------------


def slip_data_from_json(
    hand_json: Mapping[str, Any],
    *,
    hand_input: Mapping[str, Any] | None = None,
    event: str = "",
    table: str = "",
    hand_number: int | None = None,
    level: int | None = None,
    recorded_at: datetime | None = None,
    dealer: str = "",
    language: str = "en",
    page_format: str = "a6",
    public_url: str = "",
    places: Mapping[str, int] | None = None,
    seats: Mapping[str, int] | None = None,
) -> SlipData:
    """A slip from ``score_hand``'s output (``score-hand-json.md``).

    The output names each row's hand but not its cards: pass the input (``hand_input``) to print
    the cards too. ``places`` gives eliminated players' finishing places by name.

    >>> from vpt.ofc import score_json
    >>> hand = {"chips_per_point": 100, "players": [
    ...     {"name": "Ana", "stack": 10000, "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"},
    ...     {"name": "Ben", "stack": 8000, "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"}]}
    >>> slip = slip_data_from_json(score_json(hand), hand_input=hand)
    >>> [(e.payer.name, e.payee.name, e.chips_moved) for e in slip.exchanges]
    [('Ben', 'Ana', 900)]
    >>> slip.players[0].hands[0], slip.next_button, slip.button_holds
    ('pair of queens', 'Ben', True)
    """
    inputs = [given if isinstance(given, dict) else {} for given in (hand_input or {}).get("players", [])]
    hands = []
    for index, raw in enumerate(hand_json["players"]):
        given = inputs[index] if index < len(inputs) else {}
        stored = (raw["hands"]["top"], raw["hands"]["middle"], raw["hands"]["bottom"])
        cards = (str(given.get("top", "")), str(given.get("middle", "")), str(given.get("bottom", "")))
        # Without the cards only the engine's English descriptions are known: print those.
        hands.append(describe_rows(cards, language, stored) if given else stored)
    players = seats_from_json(hand_json, inputs=inputs, hands=hands, places=places, seats=seats)
    exchanges = exchanges_from_json(hand_json, players)
    button, holds = next_button(players)
    return SlipData(
        event=event,
        table=table,
        hand_number=hand_number,
        level=level,
        chips_per_point=hand_json["chips_per_point"],
        players=players,
        exchanges=exchanges,
        recorded_at=recorded_at,
        dealer=dealer,
        language=language,
        page_format=page_format,
        public_url=public_url,
        next_button=button.name if button else "",
        next_button_seat=button.seat if button else None,
        button_holds=holds,
        variant=hand_json.get("variant", ""),
    )
