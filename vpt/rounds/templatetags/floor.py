"""Template helpers of the dealer's and director's pages: ``{{ "Qs Qh 2c"|card_faces }}``."""

from __future__ import annotations

from django import template

from vpt.ofc import CardFace, InvalidHand, card_face, parse_cards, position_label

register = template.Library()


@register.filter
def card_faces(text: str) -> list[CardFace]:
    """The cards of a row's text as the engine's faces (bad text: no cards)."""
    try:
        return [card_face(card) for card in parse_cards(text or "")]
    except InvalidHand:
        return []


@register.filter(name="position_label")
def position_label_filter(index: int) -> str:
    """P1, P2...: the payment position (0 is left of the button), by the engine's rule."""
    return position_label(int(index))
