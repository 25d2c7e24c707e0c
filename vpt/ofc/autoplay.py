"""Sit-out auto-play: the board a player's dealt cards make when nobody is there to place them.

VPT rule: the first 5 cards go to the bottom; from each later draw of 3 the first 2 are placed
in order, filling bottom, then middle, then top, and the third is discarded. The draw sizes
are rule-set data (classic OFC draws one card at a time and keeps it).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .errors import InvalidHand
from .rulesets import RuleSet
from .scoring import Board

__all__ = ["autoplay_board", "most_cards_dealt"]


def most_cards_dealt(rules: RuleSet) -> int:
    """How many cards a normal (not Fantasyland) hand deals a player.

    >>> from .rulesets import get_ruleset
    >>> most_cards_dealt(get_ruleset("progressive")), most_cards_dealt(get_ruleset("classic"))
    (17, 13)
    """
    draws = -(-(13 - rules.autoplay_first) // rules.autoplay_keep)
    return rules.autoplay_first + draws * rules.autoplay_draw


def autoplay_board(dealt: Sequence[Card], rules: RuleSet) -> Board:
    """Place ``dealt`` (in the order dealt) by the sit-out rule; fewer cards leave it unfinished.

    >>> from .cards import parse_cards
    >>> from .rulesets import get_ruleset
    >>> dealt = parse_cards("2c 3c 4c 5c 7d  8s 8h Kd  9s 9h Ad  Ts Th 2d  Js Jh 3d")
    >>> board = autoplay_board(dealt, get_ruleset("progressive"))
    >>> " ".join(map(str, board.top)), " ".join(map(str, board.middle))
    ('Th Js Jh', '8s 8h 9s 9h Ts')
    """
    limit = most_cards_dealt(rules)
    if len(dealt) > limit:
        raise InvalidHand("too_many_dealt", field="dealt", count=len(dealt), limit=limit)
    placed = list(dealt[: rules.autoplay_first])
    for start in range(rules.autoplay_first, len(dealt), rules.autoplay_draw):
        placed.extend(dealt[start : start + rules.autoplay_keep])
    placed = placed[:13]
    return Board(bottom=tuple(placed[:5]), middle=tuple(placed[5:10]), top=tuple(placed[10:13]))
