"""Row descriptions in the reader's language ("pair of queens", "pareja de reinas").

The engine describes a row in plain English for the JSON contract (``vpt.ofc.describe``); the
web pages describe the same row *value* through gettext instead, from the category and ranks
the engine reads out of it (``vpt.ofc.row_hand``). In English both say the same words.

Spanish needs a whole phrase for "<rank> high" ("al as", "a la jota"), so that phrase is one
translatable string per rank rather than a rank word glued into a sentence.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext

from vpt.ofc import Category, Foul, row_hand

__all__ = ["describe_foul", "describe_row", "rank_name"]


def rank_name(rank: int) -> str:
    """The translated name of one rank (2..14), as in "high card, ace"."""
    return {
        2: pgettext("card rank", "two"),
        3: pgettext("card rank", "three"),
        4: pgettext("card rank", "four"),
        5: pgettext("card rank", "five"),
        6: pgettext("card rank", "six"),
        7: pgettext("card rank", "seven"),
        8: pgettext("card rank", "eight"),
        9: pgettext("card rank", "nine"),
        10: pgettext("card rank", "ten"),
        11: pgettext("card rank", "jack"),
        12: pgettext("card rank", "queen"),
        13: pgettext("card rank", "king"),
        14: pgettext("card rank", "ace"),
    }[rank]


def _rank_many(rank: int) -> str:
    return {
        2: pgettext("card ranks", "twos"),
        3: pgettext("card ranks", "threes"),
        4: pgettext("card ranks", "fours"),
        5: pgettext("card ranks", "fives"),
        6: pgettext("card ranks", "sixes"),
        7: pgettext("card ranks", "sevens"),
        8: pgettext("card ranks", "eights"),
        9: pgettext("card ranks", "nines"),
        10: pgettext("card ranks", "tens"),
        11: pgettext("card ranks", "jacks"),
        12: pgettext("card ranks", "queens"),
        13: pgettext("card ranks", "kings"),
        14: pgettext("card ranks", "aces"),
    }[rank]


def _rank_high(rank: int) -> str:
    return {
        2: pgettext("highest card", "two high"),
        3: pgettext("highest card", "three high"),
        4: pgettext("highest card", "four high"),
        5: pgettext("highest card", "five high"),
        6: pgettext("highest card", "six high"),
        7: pgettext("highest card", "seven high"),
        8: pgettext("highest card", "eight high"),
        9: pgettext("highest card", "nine high"),
        10: pgettext("highest card", "ten high"),
        11: pgettext("highest card", "jack high"),
        12: pgettext("highest card", "queen high"),
        13: pgettext("highest card", "king high"),
        14: pgettext("highest card", "ace high"),
    }[rank]


def describe_row(value: int | None, *, cards: int = 0, size: int = 0) -> str:
    """A row value in words, in the active language; ``None`` is a short row of ``cards``/``size``."""
    if value is None:
        if not cards:
            return gettext("empty")
        return ngettext("unfinished: %(cards)d of %(size)d card", "unfinished: %(cards)d of %(size)d cards", size) % {
            "cards": cards,
            "size": size,
        }
    hand = row_hand(value)
    category, first = hand.category, hand.ranks[0]
    second = hand.ranks[1] if len(hand.ranks) > 1 else 0
    if category is Category.HIGH_CARD:
        return gettext("high card, %(rank)s") % {"rank": rank_name(first)}
    if category is Category.PAIR:
        return gettext("pair of %(ranks)s") % {"ranks": _rank_many(first)}
    if category is Category.TWO_PAIR:
        return gettext("two pair, %(high)s and %(low)s") % {"high": _rank_many(first), "low": _rank_many(second)}
    if category is Category.TRIPS:
        return gettext("three of a kind, %(ranks)s") % {"ranks": _rank_many(first)}
    if category is Category.STRAIGHT:
        return gettext("straight, %(high)s") % {"high": _rank_high(first)}
    if category is Category.FLUSH:
        return gettext("flush, %(high)s") % {"high": _rank_high(first)}
    if category is Category.FULL_HOUSE:
        return gettext("full house, %(trips)s full of %(pair)s") % {
            "trips": _rank_many(first),
            "pair": _rank_many(second),
        }
    if category is Category.QUADS:
        return gettext("four of a kind, %(ranks)s") % {"ranks": _rank_many(first)}
    if category is Category.STRAIGHT_FLUSH:
        if first == 14:
            return gettext("royal flush")
        return gettext("straight flush, %(high)s") % {"high": _rank_high(first)}
    return gettext("five of a kind, %(ranks)s") % {"ranks": _rank_many(first)}


def describe_foul(foul: Foul, values: tuple[int | None, int | None, int | None]) -> str:
    """Why a board fouled, in the active language, from the engine's `Foul` and the rows' values:
    "middle, pair of eights, is weaker than top, pair of queens" or "bottom has 4 of 5 cards"."""
    top, middle, bottom = values
    if foul.above == "top" and top is not None and middle is not None:
        return gettext("middle, %(middle)s, is weaker than top, %(top)s") % {
            "middle": describe_row(middle),
            "top": describe_row(top),
        }
    if foul.above == "middle" and middle is not None and bottom is not None:
        return gettext("bottom, %(bottom)s, is weaker than middle, %(middle)s") % {
            "bottom": describe_row(bottom),
            "middle": describe_row(middle),
        }
    short = {
        "top": gettext("top has %(cards)s of 3 cards"),
        "middle": gettext("middle has %(cards)s of 5 cards"),
        "bottom": gettext("bottom has %(cards)s of 5 cards"),
    }
    return short[foul.row] % {"cards": foul.cards}
