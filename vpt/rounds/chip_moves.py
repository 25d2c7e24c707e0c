"""Which chips change hands when a correction or a void changes stacks: "Guillermo gives 400
to Dmitri and 900 to Ben", said on the correction page and on the corrected hand's slip.

A correction only moves chips between the players whose stacks change (chips are conserved),
so the floor settles it by hand: each player whose stack goes down gives, in the order the
changes are listed, to the players whose stacks go up, until each is square.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

__all__ = ["ChipMove", "chip_moves", "moves_sentences"]


@dataclass(frozen=True)
class ChipMove:
    giver: str
    receiver: str
    chips: int


def chip_moves(stacks: Iterable[tuple[str, int, int]]) -> list[ChipMove]:
    """The moves that take each (name, stack before, stack after) from before to after.

    >>> chip_moves([("Guillermo", 5000, 3700), ("Dmitri", 2000, 2400), ("Ben", 1000, 1900)])
    [ChipMove(giver='Guillermo', receiver='Dmitri', chips=400), ChipMove(giver='Guillermo', receiver='Ben', chips=900)]
    """
    changes = [(name, after - before) for name, before, after in stacks if after != before]
    givers = [(name, -delta) for name, delta in changes if delta < 0]
    still_due = {name: delta for name, delta in changes if delta > 0}
    moves = []
    for giver, owes in givers:
        for receiver, due in still_due.items():
            chips = min(owes, due)
            if chips > 0:
                moves.append(ChipMove(giver, receiver, chips))
                owes -= chips
                still_due[receiver] = due - chips
    return moves


def _and(parts: Sequence[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return _("%(first)s and %(last)s") % {"first": ", ".join(parts[:-1]), "last": parts[-1]}


def moves_sentences(moves: Sequence[ChipMove], chips: Callable[[int], str]) -> list[str]:
    """One sentence per giver, in the active language, ``chips`` formatting each amount."""
    givers = list(dict.fromkeys(move.giver for move in moves))
    sentences = []
    for giver in givers:
        parts = [
            _("%(chips)s to %(name)s") % {"chips": chips(move.chips), "name": move.receiver}
            for move in moves
            if move.giver == giver
        ]
        sentences.append(_("%(giver)s gives %(moves)s.") % {"giver": giver, "moves": _and(parts)})
    return sentences
