"""Every 3-card and 5-card hand against a reference ordering (issue 2, "Tests and figures").

Three-card rows: a brute-force reference written here (category, then ranks by significance)
fixes the order, and a SHA-256 of the canonical ordering is stored so any later change to the
evaluator that reorders even one pair of top rows fails loudly. Five-card rows: treys, an
independent Cactus-Kev evaluator, orders all 2,598,960 hands into 7,462 classes; ours must agree
exactly (a strictly order-reversing bijection, since a treys rank is lower when stronger).
"""

import hashlib
from collections import Counter
from itertools import combinations, pairwise

import pytest

from vpt.ofc import deck, row_value

# sha256 of the canonical ordering of all 22,100 three-card hands (see _canonical_three below).
THREE_CARD_ORDER_SHA256 = "82a5e2b030f6aac9f4e1b0a8c56e5e5f6bde8d4179f95bcedf581080b2417b99"


def _reference_three(cards: tuple) -> tuple[int, tuple[int, ...]]:
    """Brute force: category (0 high card, 1 pair, 2 trips), then ranks, grouped ones first."""
    counts = Counter(card.rank for card in cards)
    category = {1: 0, 2: 1, 3: 2}[max(counts.values())]
    ranks = tuple(sorted(counts.elements(), key=lambda rank: (counts[rank], rank), reverse=True))
    return category, ranks


def _canonical_three(hands: list[tuple]) -> str:
    """One line per equivalence class, weakest first: the class's hands, sorted, as text."""
    classes: dict[int, list[str]] = {}
    for hand in hands:
        classes.setdefault(row_value(hand), []).append(" ".join(sorted(map(str, hand))))
    return "\n".join(", ".join(sorted(classes[value])) for value in sorted(classes))


def test_all_three_card_hands() -> None:
    hands = list(combinations(deck(), 3))
    assert len(hands) == 22_100
    ours = {hand: row_value(hand) for hand in hands}
    reference = {hand: _reference_three(hand) for hand in hands}
    # Same keys -> same value, and the values ordered exactly as the reference keys.
    by_key: dict[tuple[int, tuple[int, ...]], int] = {}
    for hand in hands:
        assert by_key.setdefault(reference[hand], ours[hand]) == ours[hand], hand
    keys = sorted(by_key)
    values = [by_key[key] for key in keys]
    assert values == sorted(values) and len(set(values)) == len(values) == 455
    # 455 classes: 286 high cards, 156 pairs, 13 trips.
    assert Counter(key[0] for key in keys) == {0: 286, 1: 156, 2: 13}
    digest = hashlib.sha256(_canonical_three(hands).encode()).hexdigest()
    assert digest == THREE_CARD_ORDER_SHA256


@pytest.mark.slow
def test_all_five_card_hands_against_treys() -> None:
    from treys import Card as TreysCard
    from treys import Evaluator

    ours = deck()
    theirs = [TreysCard.new(str(card)) for card in ours]
    five = Evaluator()._five
    # One pass over all C(52, 5) hands: both sides iterate the same combinations in step.
    pairs = set(zip(map(five, combinations(theirs, 5)), map(row_value, combinations(ours, 5)), strict=True))
    by_rank = dict(pairs)
    assert len(by_rank) == len(pairs) == 7462, "a treys class holds hands we value differently"
    ranked = [by_rank[rank] for rank in sorted(by_rank)]
    assert sorted(by_rank) == list(range(1, 7463))
    # treys rank 1 is the royal flush: our values must fall strictly as treys' ranks rise.
    assert all(stronger > weaker for stronger, weaker in pairwise(ranked))
    assert len(set(ranked)) == 7462


@pytest.mark.slow
def test_five_card_hand_count_per_category() -> None:
    from vpt.ofc import Category, category_of

    counts = Counter(category_of(value) for value in map(row_value, combinations(deck(), 5)))
    assert counts == {
        Category.STRAIGHT_FLUSH: 40,
        Category.QUADS: 624,
        Category.FULL_HOUSE: 3744,
        Category.FLUSH: 5108,
        Category.STRAIGHT: 10200,
        Category.TRIPS: 54912,
        Category.TWO_PAIR: 123552,
        Category.PAIR: 1098240,
        Category.HIGH_CARD: 1302540,
    }
