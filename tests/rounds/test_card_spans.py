"""A row of cards on a page (`{% card_spans %}`): the same markup every page drew before, each
card named for screen readers in the reader's language."""

from django.template import Context, Template
from django.utils import translation

from vpt.ofc import card_face

ROW = Template("{% load vpt_cards %}{% card_spans cards %}")


def draw(*cards: str) -> str:
    return ROW.render(Context({"cards": [card_face(card) for card in cards]}))


def test_each_card_is_a_named_face() -> None:
    assert draw("Qh", "Ts") == (
        '<span class="card suit-hearts red" role="img" aria-label="queen of hearts">Q♥</span>'
        '<span class="card suit-spades" role="img" aria-label="ten of spades">10♠</span>'
    )


def test_the_names_follow_the_active_language_card_after_card() -> None:
    english = draw("Qh")
    with translation.override("es"):
        spanish = draw("Qh")
    assert 'aria-label="reina de corazones"' in spanish
    assert draw("Qh") == english  # the Spanish markup made meanwhile is not served in English


def test_no_cards_draw_nothing() -> None:
    assert draw() == ""
