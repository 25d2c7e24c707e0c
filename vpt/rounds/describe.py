"""Row descriptions in the reader's language ("pair of queens", "pareja de reinas").

The engine describes a row in plain English for the JSON contract (``vpt.ofc.describe``); the
web pages describe the same row *value* through gettext instead, from the category and ranks
the engine reads out of it (``vpt.ofc.row_hand``). In English both say the same words.

Spanish needs a whole phrase for "<rank> high" ("al as", "a la jota"), so that phrase is one
translatable string per rank rather than a rank word glued into a sentence.

The words are looked up once per language, not per call: a page of 100 hands names some 4,000
cards and 1,800 rows. The rank and suit words are tables filled the first time a language asks
(`_words`), and a row's description is kept per (language, value) (`_describe_row`): a row value
is an int with a few thousand distinct hands, so the cache stays small. Both are emptied when
the languages or the catalogues' paths change (tests' ``override_settings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.translation import get_language, gettext, ngettext, pgettext

from vpt.ofc import CardFace, Category, Foul, row_hand

__all__ = ["card_name", "describe_foul", "describe_row", "rank_name", "suit_names"]

_RANK_KEYS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_RANKS = range(2, 15)


@dataclass(frozen=True)
class _Words:
    """One language's card words."""

    one: dict[int, str]  # "queen"
    many: dict[int, str]  # "queens"
    high: dict[int, str]  # "queen high"
    suits: dict[str, str]  # "hearts", by suit key
    cards: dict[tuple[str, str], str]  # "queen of hearts", by (rank key, suit key)
    joker: str


def _build_words() -> _Words:
    """The card words in the active language (every msgid spelled out for makemessages)."""
    one = dict(
        zip(
            _RANKS,
            (
                pgettext("card rank", "two"),
                pgettext("card rank", "three"),
                pgettext("card rank", "four"),
                pgettext("card rank", "five"),
                pgettext("card rank", "six"),
                pgettext("card rank", "seven"),
                pgettext("card rank", "eight"),
                pgettext("card rank", "nine"),
                pgettext("card rank", "ten"),
                pgettext("card rank", "jack"),
                pgettext("card rank", "queen"),
                pgettext("card rank", "king"),
                pgettext("card rank", "ace"),
            ),
            strict=True,
        )
    )
    many = dict(
        zip(
            _RANKS,
            (
                pgettext("card ranks", "twos"),
                pgettext("card ranks", "threes"),
                pgettext("card ranks", "fours"),
                pgettext("card ranks", "fives"),
                pgettext("card ranks", "sixes"),
                pgettext("card ranks", "sevens"),
                pgettext("card ranks", "eights"),
                pgettext("card ranks", "nines"),
                pgettext("card ranks", "tens"),
                pgettext("card ranks", "jacks"),
                pgettext("card ranks", "queens"),
                pgettext("card ranks", "kings"),
                pgettext("card ranks", "aces"),
            ),
            strict=True,
        )
    )
    high = dict(
        zip(
            _RANKS,
            (
                pgettext("highest card", "two high"),
                pgettext("highest card", "three high"),
                pgettext("highest card", "four high"),
                pgettext("highest card", "five high"),
                pgettext("highest card", "six high"),
                pgettext("highest card", "seven high"),
                pgettext("highest card", "eight high"),
                pgettext("highest card", "nine high"),
                pgettext("highest card", "ten high"),
                pgettext("highest card", "jack high"),
                pgettext("highest card", "queen high"),
                pgettext("highest card", "king high"),
                pgettext("highest card", "ace high"),
            ),
            strict=True,
        )
    )
    suits = {
        "spades": pgettext("card suit", "spades"),
        "hearts": pgettext("card suit", "hearts"),
        "diamonds": pgettext("card suit", "diamonds"),
        "clubs": pgettext("card suit", "clubs"),
    }
    card = gettext("%(rank)s of %(suit)s")
    cards = {
        (rank_key, suit_key): card % {"rank": one[rank], "suit": suit}
        for rank, rank_key in zip(_RANKS, _RANK_KEYS, strict=True)
        for suit_key, suit in suits.items()
    }
    return _Words(one, many, high, suits, cards, gettext("Joker"))


@cache
def _words_in(language: str | None) -> _Words:
    return _build_words()


def _words() -> _Words:
    return _words_in(get_language())


def rank_name(rank: int) -> str:
    """The translated name of one rank (2..14), as in "high card, ace"."""
    return _words().one[rank]


def suit_names() -> dict[str, str]:
    """The four suits' names by suit key ("hearts": "corazones"), in the active language."""
    return _words().suits


def card_name(face: CardFace) -> str:
    """A card's name read out, from the face's ``rank_key``/``suit_key`` ("queen of hearts",
    "reina de corazones"); the face's English ``name`` for a word with no translation."""
    words = _words()
    if face.joker:
        return words.joker
    return words.cards.get((face.rank_key, face.suit_key), face.name)


def describe_row(value: int | None, *, cards: int = 0, size: int = 0) -> str:
    """A row value in words, in the active language; ``None`` is a short row of ``cards``/``size``."""
    if value is not None:
        return _describe_row(get_language(), value, 0, 0)
    return _describe_row(get_language(), None, cards, size if cards else 0)


@lru_cache(maxsize=20_000)
def _describe_row(language: str | None, value: int | None, cards: int, size: int) -> str:
    """`describe_row` in ``language`` (the active one, the key of the cache)."""
    if value is None:
        if not cards:
            return gettext("empty")
        return ngettext("unfinished: %(cards)d of %(size)d card", "unfinished: %(cards)d of %(size)d cards", size) % {
            "cards": cards,
            "size": size,
        }
    words = _words()
    hand = row_hand(value)
    category, first = hand.category, hand.ranks[0]
    second = hand.ranks[1] if len(hand.ranks) > 1 else 0
    if category is Category.HIGH_CARD:
        return gettext("high card, %(rank)s") % {"rank": words.one[first]}
    if category is Category.PAIR:
        return gettext("pair of %(ranks)s") % {"ranks": words.many[first]}
    if category is Category.TWO_PAIR:
        return gettext("two pair, %(high)s and %(low)s") % {"high": words.many[first], "low": words.many[second]}
    if category is Category.TRIPS:
        return gettext("three of a kind, %(ranks)s") % {"ranks": words.many[first]}
    if category is Category.STRAIGHT:
        return gettext("straight, %(high)s") % {"high": words.high[first]}
    if category is Category.FLUSH:
        return gettext("flush, %(high)s") % {"high": words.high[first]}
    if category is Category.FULL_HOUSE:
        return gettext("full house, %(trips)s full of %(pair)s") % {
            "trips": words.many[first],
            "pair": words.many[second],
        }
    if category is Category.QUADS:
        return gettext("four of a kind, %(ranks)s") % {"ranks": words.many[first]}
    if category is Category.STRAIGHT_FLUSH:
        if first == 14:
            return gettext("royal flush")
        return gettext("straight flush, %(high)s") % {"high": words.high[first]}
    return gettext("five of a kind, %(ranks)s") % {"ranks": words.many[first]}


@receiver(setting_changed)
def _forget_words(*, setting: str, **kwargs: Any) -> None:
    """Other languages or catalogues: the words are looked up again."""
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "INSTALLED_APPS"}:
        _words_in.cache_clear()
        _describe_row.cache_clear()


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
