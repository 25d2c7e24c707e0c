"""Cards on pages: ``{% card_picker %}`` (the tap-to-enter deck of
``templates/components/_card_picker.html``), ``{{ card|card_label }}``, a card's name for screen
readers in the active language, and ``{% card_spans cards %}``, a row of cards as small faces.
Faces are the engine's :func:`vpt.ofc.card_face`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from vpt.ofc import CardFace, card_face, deck
from vpt.rounds.describe import card_name, suit_names

register = template.Library()

_RANK_KEYS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


@register.filter
def card_label(face: CardFace | Any) -> str:
    """A card's name read out, translated from the face's ``rank_key``/``suit_key``
    ("queen of hearts", "reina de corazones"); the face's English ``name`` for a word with no
    translation, the text itself for something that is not a face (the words:
    `vpt.rounds.describe.card_name`, looked up once per language)."""
    if not isinstance(face, CardFace):
        return str(getattr(face, "text", face))
    return card_name(face)


@register.simple_tag
def card_spans(cards: Iterable[CardFace]) -> SafeString:
    """``cards`` as the pages draw them: a ``<span class="card suit-…">`` each, its name for screen
    readers in ``aria-label``. A page of hands holds hundreds of cards, and each one's markup is
    the same every time in a language: made once per card and language, not per card drawn."""
    language = get_language()
    return mark_safe("".join(_card_span(language, card) for card in cards))


@lru_cache(maxsize=512)
def _card_span(language: str | None, card: CardFace) -> str:
    """One card's span in ``language`` (the active one: the key of the cache)."""
    red = " red" if card.red else ""
    return format_html(
        '<span class="card suit-{}{}" role="img" aria-label="{}">{}{}</span>',
        card.suit_key,
        red,
        card_name(card),
        card.rank,
        card.suit,
    )


@register.simple_tag
def card_picker(
    jokers: int = 0, jokers_source: str = "", jokers_when: str = "", show_jokers: bool | None = None
) -> SafeString:
    """The 52 cards by suit (aces first), plus ``jokers`` joker buttons
    (``templates/components/_card_picker.html``).

    ``jokers_source``/``jokers_when``: a CSS selector of a form control and the value for which
    the jokers show (the calculator's variant select and ``"joker-ultimate"``); ``show_jokers``
    is their state when the page is rendered (default: shown when there are any).
    """
    shown = bool(jokers) if show_jokers is None else bool(show_jokers)
    return _card_picker(get_language(), int(jokers), str(jokers_source), str(jokers_when), shown)


@lru_cache(maxsize=32)
def _card_picker(
    language: str | None, jokers: int, jokers_source: str, jokers_when: str, show_jokers: bool
) -> SafeString:
    """The picker's markup, the same on every page: made once per language and set of options
    (52 buttons were two thirds of the dealer page's template work)."""
    names = suit_names()
    faces = [card_face(card) for card in deck() if not card.is_joker]
    suits = []
    for suit_key in ("spades", "hearts", "diamonds", "clubs"):
        cards = sorted(
            (face for face in faces if face.suit_key == suit_key), key=lambda face: -_RANK_KEYS.index(face.rank_key)
        )
        suits.append({"suit": suit_key[0], "name": names[suit_key], "cards": cards})
    context = {
        "suits": suits,
        "jokers": range(jokers),
        "jokers_source": jokers_source,
        "jokers_when": jokers_when,
        "show_jokers": show_jokers,
    }
    return render_to_string("components/_card_picker.html", context)  # a SafeString
