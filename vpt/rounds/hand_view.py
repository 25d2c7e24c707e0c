"""A hand as every reader reads it: the hand's read model.

hand view      one recorded hand (`HandView`): the stored hand, its seats and its exchanges, both
               in payment order. Built by one selector, `vpt.rounds.selectors.hand_views`, for
               any number of hands in a constant number of queries; the result page, the Table
               API, the slip, the hands JSON, the "why" texts and the player's pages read it.
seat view      one player's part in a hand (`SeatView`): who (the entry, its player and person,
               and the name as this reader names them: `Entry.name`), the cards and each row's
               hand in words, foul, royalties, points, stacks before and after, elimination and
               Fantasyland. ``position`` is the payment order, 0 left of the button.
exchange view  one pair's payment (`ExchangeView`), as stored: from ``a``'s side, positive when
               ``b`` pays ``a``. Who pays whom (`payer`, `payee`) and whether the payer could not
               pay in full, so is out (`payer_out`), are the engine's rules
               (`vpt.ofc.payer_and_payee`, `vpt.ofc.paid_short`), never worked out again here;
               `from_side(seat)` tells the exchange from either player's side.

A hand the engine scored but nobody recorded (the preview, the calculator, a slip from JSON) is
read into the same seats and exchanges from the engine's JSON (`seats_from_json`,
`exchanges_from_json`), so a preview and a recorded hand say who pays whom the same way.

Plain frozen values, no query: the selector reads the stored boards and exchanges as rows (no
model is made for a board or an exchange) and builds these from them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from vpt.ofc import ROWS, paid_short, payer_and_payee, position_label

if TYPE_CHECKING:
    from .models import Hand

__all__ = ["ExchangeView", "HandView", "SeatView", "exchanges_from_json", "seats_from_json"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player's part in a hand. ``cards`` and ``hands`` are top, middle, bottom: the cards
    as text (``"Qs Qh 2c"``) and each row's hand in words (for a recorded hand the engine's, as
    stored; a slip puts its language's in); ``royalties`` likewise and ``royalty_total`` their
    sum. ``points`` is the net before caps; ``stack_before``/``stack_after`` are ``None`` for a
    hand scored without stacks. The ids are ``None`` for a hand not recorded."""

    name: str  # the entry as this reader names it (`Entry.name`)
    position: int = 0
    cards: tuple[str, str, str] = ("", "", "")
    hands: tuple[str, str, str] = ("", "", "")
    fouled: bool = False
    unfinished: bool = False
    royalties: tuple[int, int, int] = (0, 0, 0)
    royalty_total: int = 0
    points: int = 0
    fantasyland_cards: int = 0
    fantasyland_next_cards: int = 0
    stack_before: int | None = None
    stack_after: int | None = None
    eliminated: bool = False
    place: int | None = None  # the finishing place of a player eliminated in this hand
    seat: int | None = None
    sat_out: bool = False
    dealt: str = ""  # a sit-out's cards as dealt, in order
    board_id: int | None = None
    entry_id: int | None = None
    player_id: int | None = None
    person_id: int | None = None  # the person the player is now (a merge's keeper)
    player_name: str = ""  # the player (not the entry) as this reader names them
    hidden: bool = False  # the person is hidden on public pages

    @property
    def position_label(self) -> str:
        """P1, P2... in payment order (the engine's `position_label`)."""
        return position_label(self.position)

    @property
    def top(self) -> str:
        return self.cards[0]

    @property
    def middle(self) -> str:
        return self.cards[1]

    @property
    def bottom(self) -> str:
        return self.cards[2]

    @property
    def chips_won(self) -> int | None:
        if self.stack_before is None or self.stack_after is None:
            return None
        return self.stack_after - self.stack_before

    def royalties_json(self) -> dict[str, int]:
        """The royalties as the engine's JSON gives them: ``{"top", "middle", "bottom", "total"}``."""
        return {**dict(zip(ROWS, self.royalties, strict=True)), "total": self.royalty_total}


@dataclass(frozen=True, slots=True)
class ExchangeView:
    """One pair's payment, from ``a``'s side: ``points`` and ``chips_paid`` positive when ``b``
    pays ``a``. ``order`` counts from 0 in payment order; ``chips_due`` (after no cap) and
    ``chips_paid`` are ``None`` for a hand scored without stacks. ``skipped``: one of the two was
    already out earlier in the hand, so nothing moved; ``capped``: less than was due moved.

    >>> ana, ben = SeatView("Ana", 0, stack_before=300), SeatView("Ben", 1, stack_before=5000)
    >>> owed = ExchangeView(0, ana, ben, points=-4, chips_due=400, chips_paid=-300, capped=True)
    >>> owed.payer.name, owed.payee.name, owed.chips_moved, owed.payer_out
    ('Ana', 'Ben', 300, True)
    >>> seen = owed.from_side(ben)
    >>> seen.a.name, seen.points, seen.chips_paid, seen.payer.name
    ('Ben', 4, 300, 'Ana')
    """

    order: int
    a: SeatView
    b: SeatView
    points: int
    chips_due: int | None = None
    chips_paid: int | None = None
    capped: bool = False
    skipped: bool = False

    @property
    def number(self) -> int:
        """The exchange's number as printed: 1 for the first in payment order."""
        return self.order + 1

    @property
    def even(self) -> bool:
        return self.points == 0

    @property
    def abs_points(self) -> int:
        return abs(self.points)

    @property
    def chips_moved(self) -> int | None:
        """The chips that changed hands, a positive amount (``None`` without stacks)."""
        return abs(self.chips_paid) if self.chips_paid is not None else None

    @property
    def payer(self) -> SeatView | None:
        """Who pays (owes), by the engine's rule; ``None`` when even."""
        sides = payer_and_payee(self.a, self.b, self.points)
        return sides[0] if sides else None

    @property
    def payee(self) -> SeatView | None:
        """Who collects (is owed); ``None`` when even."""
        sides = payer_and_payee(self.a, self.b, self.points)
        return sides[1] if sides else None

    @property
    def sides(self) -> tuple[SeatView, SeatView]:
        """(payer, payee), or the pair in payment order when even: as a slip prints it."""
        return payer_and_payee(self.a, self.b, self.points) or (self.a, self.b)

    @property
    def payer_out(self) -> bool:
        """The payer could not pay in full here (the engine's ``paid_short``, against what the
        payee may win: their stack before the hand), so is out at once."""
        payee = self.payee
        return (
            not self.skipped
            and payee is not None
            and payee.stack_before is not None
            and self.chips_due is not None
            and self.chips_paid is not None
            and paid_short(self.chips_due, self.chips_paid, payee.stack_before)
        )

    @property
    def cannot_pay(self) -> bool:
        """The payer held nothing left to pay with (0 after paying in full earlier in the hand)."""
        return self.payer_out and not self.chips_paid

    def from_side(self, seat: SeatView) -> ExchangeView:
        """The exchange told from ``seat``'s side: ``seat`` is ``a``, so positive points and chips
        are what it won and negative ones what it paid (a player's own page reads it so)."""
        if seat == self.a:
            return self
        if seat != self.b:
            raise ValueError(f"{seat.name} is not in exchange {self.number}")
        paid = -self.chips_paid if self.chips_paid is not None else None
        return replace(self, a=self.b, b=self.a, points=-self.points, chips_paid=paid)

    def as_json(self, *, by_player: bool = False) -> dict[str, Any]:
        """The exchange as the engine's JSON gives it (``score-hand-json.md``), the pair named by
        their entries (``by_player``: their players)."""
        a, b = (self.a.player_name, self.b.player_name) if by_player else (self.a.name, self.b.name)
        return {
            "a": a,
            "b": b,
            "points": self.points,
            "chips_due": self.chips_due,
            "chips_paid": self.chips_paid,
            "capped": self.capped,
            "skipped": self.skipped,
        }


@dataclass(frozen=True, slots=True)
class HandView:
    """One recorded hand: ``hand`` as stored, its ``seats`` and ``exchanges`` in payment order."""

    hand: Hand
    seats: tuple[SeatView, ...]
    exchanges: tuple[ExchangeView, ...]

    def seat_of(self, entry_ids: set[int]) -> SeatView | None:
        """The seat of the player holding one of ``entry_ids``; ``None`` when none played."""
        return next((seat for seat in self.seats if seat.entry_id in entry_ids), None)

    def reseated(self, seats: Sequence[SeatView]) -> HandView:
        """The hand with ``seats`` (the same players, in the same order, told otherwise: a
        slip's rows in its language) in place of its own, in its exchanges too."""
        return replace(
            self,
            seats=tuple(seats),
            exchanges=tuple(replace(x, a=seats[x.a.position], b=seats[x.b.position]) for x in self.exchanges),
        )


# --- a hand the engine scored (score-hand-json.md) ----------------------------------------------


def seats_from_json(
    output: Mapping[str, Any],
    *,
    inputs: Sequence[Mapping[str, Any]] = (),
    hands: Sequence[tuple[str, str, str]] | None = None,
    places: Mapping[str, int] | None = None,
    seats: Mapping[str, int] | None = None,
) -> tuple[SeatView, ...]:
    """The players of ``score_hand``'s output, in payment order. ``inputs`` are the hand's
    players as given (the output names each row's hand but not its cards), ``hands`` each
    player's rows in words to use instead of the engine's English, ``places`` the eliminated
    players' finishing places and ``seats`` their seats, by name."""
    places, seats = places or {}, seats or {}
    views = []
    for index, raw in enumerate(output["players"]):
        given = inputs[index] if index < len(inputs) else {}
        royalties = raw["royalties"]
        views.append(
            SeatView(
                name=raw["name"],
                position=index,
                cards=(str(given.get("top", "")), str(given.get("middle", "")), str(given.get("bottom", ""))),
                hands=hands[index]
                if hands is not None
                else (raw["hands"]["top"], raw["hands"]["middle"], raw["hands"]["bottom"]),
                fouled=bool(raw["fouled"]),
                unfinished=bool(raw.get("unfinished", False)),
                royalties=(royalties["top"], royalties["middle"], royalties["bottom"]),
                royalty_total=royalties["total"],
                points=raw["points"],
                fantasyland_cards=int(given.get("fantasyland_cards", 0) or 0),
                fantasyland_next_cards=raw["fantasyland_next_cards"],
                stack_before=raw["stack_before"],
                stack_after=raw["stack_after"],
                eliminated=bool(raw["eliminated"]),
                place=places.get(raw["name"]),
                seat=seats.get(raw["name"]),
                player_name=raw["name"],
            )
        )
    return tuple(views)


def exchanges_from_json(
    output: Mapping[str, Any], seats: Sequence[SeatView], *, chips_due: Sequence[int] | None = None
) -> tuple[ExchangeView, ...]:
    """The exchanges of ``score_hand``'s output between ``seats`` (`seats_from_json`: the engine
    names the pair, and names are unique in a hand). ``chips_due``: what each exchange would be
    due, for a hand scored without stacks (whose output has none)."""
    by_name = {seat.name: seat for seat in seats}
    return tuple(
        ExchangeView(
            order=order,
            a=by_name[raw["a"]],
            b=by_name[raw["b"]],
            points=raw["points"],
            chips_due=chips_due[order] if chips_due is not None else raw["chips_due"],
            chips_paid=raw["chips_paid"],
            capped=raw["capped"],
            skipped=raw["skipped"],
        )
        for order, raw in enumerate(output["exchanges"])
    )
