"""Settling a hand in chips, in the VPT payment order.

The *payment order* pairs players left of the button first: P1-P2, P1-P3, P2-P3 (four-handed
P1-P2, P1-P3, P1-P4, P2-P3, P2-P4, P3-P4). Each *exchange* moves points x chips-per-point, with
two limits: a winner takes from each opponent at most the stack the winner started the hand
with (chips won earlier in the hand do not raise it), and a loser pays at most what they hold.

A player who *cannot pay in full* what they owe (after the winner's cap) pays what they hold and
is *out* at once: their later exchanges in the hand are *skipped* (they neither pay nor collect;
VPT rulebook, Payments). A player whose full payment leaves exactly 0 did have enough: they stay
in the later exchanges, collect what they win, and are out only if they owe again (holding 0,
they cannot pay). Whoever ends the hand on 0 chips is *eliminated* (``ofc-rules.md``, "Button,
deal and payment order"; changed on 2026-11-30, when 0 after a full payment was out at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

__all__ = ["Exchange", "Settlement", "paid_short", "payer_and_payee", "payment_order", "settle"]

T = TypeVar("T")


@cache
def payment_order(players: int) -> tuple[tuple[int, int], ...]:
    """Pairs of seat indexes (0 = left of the button) in the order they pay.

    >>> payment_order(3)
    ((0, 1), (0, 2), (1, 2))
    """
    return tuple((a, b) for a in range(players) for b in range(a + 1, players))


@dataclass(frozen=True, slots=True)
class Exchange:
    """One pair's payment. ``points`` and ``chips_paid`` are from ``a``'s side: positive, b pays a."""

    a: int
    b: int
    points: int
    chips_due: int
    chips_paid: int
    capped: bool
    skipped: bool

    @property
    def payer(self) -> int | None:
        """Index of the player who pays (owes) in this exchange; ``None`` when points are 0.

        The payer is named by the points, so a skipped or capped exchange still has one.

        >>> Exchange(0, 2, -5, 500, -500, False, False).payer, Exchange(0, 2, 0, 0, 0, False, False).payer
        (0, None)
        """
        if self.points > 0:
            return self.b
        if self.points < 0:
            return self.a
        return None

    @property
    def payee(self) -> int | None:
        """Index of the player who receives (is owed) in this exchange; ``None`` when points are 0.

        >>> Exchange(0, 2, -5, 500, -500, False, False).payee, Exchange(1, 2, 3, 300, 300, False, False).payee
        (2, 1)
        """
        if self.points > 0:
            return self.a
        if self.points < 0:
            return self.b
        return None


def payer_and_payee(a: T, b: T, points: int) -> tuple[T, T] | None:
    """Who pays whom for ``points`` given from ``a``'s side: ``(payer, payee)``, ``None`` when even.

    The rule of :attr:`Exchange.payer` and :attr:`Exchange.payee`, for callers that hold names,
    stored rows or boards instead of seat indexes.

    >>> payer_and_payee("Ana", "Ben", 5), payer_and_payee("Ana", "Ben", -2), payer_and_payee("Ana", "Ben", 0)
    (('Ben', 'Ana'), ('Ana', 'Ben'), None)
    """
    exchange = Exchange(0, 1, points, 0, 0, False, False)
    if exchange.payer is None or exchange.payee is None:
        return None
    pair = (a, b)
    return pair[exchange.payer], pair[exchange.payee]


def paid_short(chips_due: int, chips_paid: int, payee_stack: int) -> bool:
    """Whether a payer (in an exchange not skipped) could not pay in full, so is out at once.

    In full means what was due after the winner's cap (``payee_stack``, the chips the payee
    started the hand with). Amounts may be signed; their size counts. Paying everything one
    holds, down to exactly 0, is in full when that was all that was due.

    >>> paid_short(1000, 1000, 5000), paid_short(800, 500, 500), paid_short(800, 300, 5000), paid_short(400, 0, 5000)
    (False, False, True, True)
    """
    return abs(chips_paid) < min(abs(chips_due), payee_stack)


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled hand: ``exchanges`` in payment order, each seat's chips after the hand, and
    who is eliminated (ended the hand on 0 chips)."""

    exchanges: tuple[Exchange, ...]
    stacks_after: tuple[int, ...]
    eliminated: tuple[bool, ...]


def settle(points: Sequence[int], stacks: Sequence[int], chips_per_point: int) -> Settlement:
    """Pay ``points`` (one per pair, in payment order) out of ``stacks`` (chips at hand start).

    The short stack on the button wins 8 points from P1 but can take only its own 500:

    >>> result = settle([9, -8, 2], [10000, 8000, 500], chips_per_point=100)
    >>> [(exchange.chips_paid, exchange.capped) for exchange in result.exchanges]
    [(900, False), (-500, True), (200, False)]
    >>> result.stacks_after, result.eliminated
    ((10400, 7300, 800), (False, False, False))

    P1 pays P2 its whole 1000 in full, stays in, and collects 400 from P3:

    >>> result = settle([-10, 4, 0], [1000, 5000, 5000], chips_per_point=100)
    >>> [exchange.chips_paid for exchange in result.exchanges], result.stacks_after, result.eliminated
    ([-1000, 400, 0], (400, 6000, 4600), (False, False, False))

    Had P1 owed P3 instead, holding 0 it could not pay, and is out:

    >>> result = settle([-10, -4, 0], [1000, 5000, 5000], chips_per_point=100)
    >>> [(exchange.chips_paid, exchange.capped) for exchange in result.exchanges][1], result.eliminated
    ((0, True), (True, False, False))
    """
    holding = list(stacks)
    out = [False] * len(stacks)  # could not pay in full: takes no part in later exchanges
    exchanges = []
    # Not strict: a caller may settle only the first pairs (the rest are then left out).
    for (a, b), pair_points in zip(payment_order(len(stacks)), points, strict=False):
        due = (pair_points if pair_points >= 0 else -pair_points) * chips_per_point
        if out[a] or out[b]:
            exchanges.append(Exchange(a, b, pair_points, due, 0, due > 0, True))
            continue
        if pair_points > 0:
            winner, loser = a, b
        else:
            winner, loser = b, a
        paid = due
        if stacks[winner] < paid:
            paid = stacks[winner]
        if holding[loser] < paid:  # cannot pay in full; paying exactly everything is in full
            paid = holding[loser]
            out[loser] = True
        holding[loser] -= paid
        holding[winner] += paid
        exchanges.append(Exchange(a, b, pair_points, due, paid if pair_points > 0 else -paid, paid < due, False))
    return Settlement(tuple(exchanges), tuple(holding), tuple(chips == 0 for chips in holding))
