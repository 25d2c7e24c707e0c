"""Row strength: 3-card top rows and 5-card rows on one comparable scale.

A row's *value* is an ``int``: the category in the high bits, then up to five ranks in order of
significance (the grouped ranks first, then kickers), four bits each, missing ones counting 0.
So a top row compares with a middle row directly, the shorter row's missing kickers counting
lowest: top Q-Q-A beats middle Q-Q-K-x-x, top Q-Q-5 loses to middle Q-Q-5-4-3.

Plain rows are looked up in tables keyed by the product of one prime per rank (the product
identifies the rank multiset), built once at import. A joker stands for the card that makes its
row strongest: any card not already in its own row, except that five cards of one rank make
five of a kind, which ranks above a straight flush.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from .cards import JOKER, Card, deck, parse_cards  # noqa: F401 (the doctests type cards)

__all__ = ["Category", "RowHand", "category_of", "describe", "rank_of", "row_hand", "row_value"]


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


_CATEGORY_SHIFT = 20
_PRIMES = dict(zip(range(2, 15), (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41), strict=True))
_WHEEL = (14, 5, 4, 3, 2)


def _encode(category: Category, ranks: Sequence[int]) -> int:
    value = int(category)
    for position in range(5):
        value = (value << 4) | (ranks[position] if position < len(ranks) else 0)
    return value


def category_of(value: int) -> Category:
    """The category of a row value.

    >>> category_of(row_value(parse_cards("Qs Qh 2c")))
    <Category.PAIR: 1>
    """
    return Category(value >> _CATEGORY_SHIFT)


def rank_of(value: int) -> int:
    """The most significant rank of a row value (the pair's rank, a straight's top card).

    >>> rank_of(row_value(parse_cards("Ad 2c 3c 4h 5s")))
    5
    """
    return (value >> 16) & 0xF


@dataclass(frozen=True, slots=True)
class RowHand:
    """What a row value holds, for a reader: the category and the ranks that name it.

    ``ranks`` come by significance: the grouped ranks first (the pair, the trips before the
    pair of a full house), then the kickers, high to low; a straight has its top card only.
    """

    category: Category
    ranks: tuple[int, ...]


def row_hand(value: int) -> RowHand:
    """The category and ranks of a row value, so a page can name the row in its own words.

    >>> row_hand(row_value(parse_cards("Kd Kc 8h 8s 3d")))
    RowHand(category=<Category.TWO_PAIR: 2>, ranks=(13, 8, 3))
    >>> row_hand(row_value(parse_cards("Ad 2c 3c 4h 5s"))).ranks
    (5,)
    """
    ranks = tuple((value >> shift) & 0xF for shift in (16, 12, 8, 4, 0))
    return RowHand(category_of(value), tuple(rank for rank in ranks if rank))


def _grouped(ranks: Sequence[int]) -> list[int]:
    """Ranks by significance: larger groups first, then higher ranks."""
    counts = {rank: ranks.count(rank) for rank in set(ranks)}
    return sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)


def _plain_value(ranks: Sequence[int], flush: bool) -> int:
    """The value of a row with no jokers, from its ranks (high to low) and whether it is a flush."""
    counts = sorted((ranks.count(rank) for rank in set(ranks)), reverse=True)
    order = _grouped(ranks)
    if len(ranks) == 5:
        straight_top = 0
        if counts == [1] * 5:
            high_first = sorted(ranks, reverse=True)
            if high_first[0] - high_first[4] == 4:
                straight_top = high_first[0]
            elif tuple(high_first) == _WHEEL:
                straight_top = 5
        if straight_top:
            return _encode(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT, [straight_top])
        if flush:
            return _encode(Category.FLUSH, order)
    category = {
        (1,): Category.HIGH_CARD,
        (2,): Category.PAIR,
        (2, 2): Category.TWO_PAIR,
        (3,): Category.TRIPS,
        (3, 2): Category.FULL_HOUSE,
        (4,): Category.QUADS,
        (5,): Category.FIVE_OF_A_KIND,
    }[tuple(count for count in counts if count > 1) or (1,)]
    return _encode(category, order)


def _build_tables() -> tuple[dict[int, int], dict[int, int]]:
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for size in (3, 5):
        for ranks in combinations_with_replacement(range(14, 1, -1), size):
            key = 1
            for rank in ranks:
                key *= _PRIMES[rank]
            plain[key] = _plain_value(ranks, flush=False)
            if size == 5 and len(set(ranks)) == 5:
                flush[key] = _plain_value(ranks, flush=True)
    return plain, flush


_PLAIN, _FLUSH = _build_tables()
_PRIME = [0] * 15  # by rank; 0 for the joker
for _rank, _prime in _PRIMES.items():
    _PRIME[_rank] = _prime
_DECK = deck()


def row_value(cards: Sequence[Card]) -> int:
    """The strength of a complete row of 3 or 5 cards (jokers allowed).

    >>> row_value(parse_cards("As Ah 2c")) > row_value(parse_cards("Ks Kh Qc Jd 9s"))
    True
    """
    # The hot path of every score: a joker's prime is 0, so a row with one misses both tables.
    if len(cards) == 5:
        a, b, c, d, e = cards
        key = _PRIME[a.rank] * _PRIME[b.rank] * _PRIME[c.rank] * _PRIME[d.rank] * _PRIME[e.rank]
        value = (_FLUSH if a.suit == b.suit == c.suit == d.suit == e.suit else _PLAIN).get(key)
    elif len(cards) == 3:
        a, b, c = cards
        value = _PLAIN.get(_PRIME[a.rank] * _PRIME[b.rank] * _PRIME[c.rank])
    else:
        raise ValueError(f"a row has 3 or 5 cards, not {len(cards)}")
    if value is None:
        return _joker_value(frozenset(cards), cards.count(JOKER))
    return value


@lru_cache(maxsize=4096)
def _joker_value(natural_and_joker: frozenset[Card], jokers: int) -> int:
    naturals = [card for card in natural_and_joker if card.rank]
    size = len(naturals) + jokers
    natural_ranks = {card.rank for card in naturals}
    if size == 5 and len(natural_ranks) <= 1:
        rank = natural_ranks.pop() if natural_ranks else 14
        return _encode(Category.FIVE_OF_A_KIND, [rank])
    candidates = [card for card in _DECK if card not in natural_and_joker]
    best = 0
    for substitutes in combinations(candidates, jokers):
        best = max(best, row_value(naturals + list(substitutes)))
    return best


_RANK_WORDS = {
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}


# Each category's words: ``one`` and ``many`` name the first rank, ``other`` the second (plural).
_DESCRIPTIONS = {
    Category.HIGH_CARD: "high card, {one}",
    Category.PAIR: "pair of {many}",
    Category.TWO_PAIR: "two pair, {many} and {other}",
    Category.TRIPS: "three of a kind, {many}",
    Category.STRAIGHT: "straight, {one} high",
    Category.FLUSH: "flush, {one} high",
    Category.FULL_HOUSE: "full house, {many} full of {other}",
    Category.QUADS: "four of a kind, {many}",
    Category.STRAIGHT_FLUSH: "straight flush, {one} high",
    Category.FIVE_OF_A_KIND: "five of a kind, {many}",
}


@lru_cache(maxsize=16384)  # a few thousand row values ever occur: each is worded once
def describe(value: int) -> str:
    """Plain English for a row value.

    >>> describe(row_value(parse_cards("Kd Kc 8h 8s 3d")))
    'two pair, kings and eights'
    >>> describe(row_value(parse_cards("Ts Js Qs Ks As")))
    'royal flush'
    """
    hand = row_hand(value)
    category, first = hand.category, hand.ranks[0]
    second = hand.ranks[1] if len(hand.ranks) > 1 else 0
    if category is Category.STRAIGHT_FLUSH and first == 14:
        return "royal flush"
    one, many = _RANK_WORDS[first]
    other = _RANK_WORDS[second][1] if second else ""
    return _DESCRIPTIONS[category].format(one=one, many=many, other=other)
