"""Settling a hand in chips, in the VPT payment order.

The *payment order* pairs players left of the button first: P1-P2, P1-P3, P2-P3 (four-handed
P1-P2, P1-P3, P1-P4, P2-P3, P2-P4, P3-P4). Each *exchange* moves points x chips-per-point, with
two limits: a winner takes from each opponent at most the stack the winner started the hand
with (chips won earlier in the hand do not raise it), and a loser pays at most what they hold.
A player brought to 0 is *eliminated* and their later exchanges in the hand are *skipped*.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Sequence

__all__ = ["Exchange", "Settlement", "payment_order", "settle"]


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


@dataclass(frozen=True, slots=True)
class Settlement:
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
    """
    holding = list(stacks)
    out = [False] * len(stacks)
    exchanges = []
    for (a, b), pair_points in zip(payment_order(len(stacks)), points):
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
        if holding[loser] <= paid:
            paid = holding[loser]
            out[loser] = True
        holding[loser] -= paid
        holding[winner] += paid
        exchanges.append(Exchange(a, b, pair_points, due, paid if pair_points > 0 else -paid, paid < due, False))
    return Settlement(tuple(exchanges), tuple(holding), tuple(out))
