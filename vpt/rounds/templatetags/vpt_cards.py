"""``{% card_picker %}``: the tap-to-enter deck of ``templates/components/_card_picker.html``."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext, pgettext

from vpt.ofc.cards import RANKS
from vpt.rounds.describe import rank_name
from vpt.rounds.preview import card_face

register = template.Library()


def _suit_names() -> dict[str, str]:
    return {"s": pgettext("card suit", "spades"), "h": pgettext("card suit", "hearts"),
            "d": pgettext("card suit", "diamonds"), "c": pgettext("card suit", "clubs")}


@register.inclusion_tag("components/_card_picker.html")
def card_picker(jokers: int = 0, jokers_source: str = "", jokers_when: str = "",
                show_jokers: bool | None = None) -> dict[str, Any]:
    """The 52 cards by suit (aces first), plus ``jokers`` joker buttons.

    ``jokers_source``/``jokers_when``: a CSS selector of a form control and the value for which
    the jokers show (the calculator's variant select and ``"joker-ultimate"``); ``show_jokers``
    is their state when the page is rendered (default: shown when there are any).
    """
    names = _suit_names()
    suits = []
    for suit in "shdc":
        cards = []
        for rank in range(14, 1, -1):
            face = card_face(RANKS[rank - 2] + suit)
            face["label"] = gettext("%(rank)s of %(suit)s") % {"rank": rank_name(rank), "suit": names[suit]}
            cards.append(face)
        suits.append({"suit": suit, "name": names[suit], "cards": cards})
    return {
        "suits": suits,
        "jokers": range(jokers),
        "jokers_source": jokers_source,
        "jokers_when": jokers_when,
        "show_jokers": bool(jokers) if show_jokers is None else show_jokers,
    }
