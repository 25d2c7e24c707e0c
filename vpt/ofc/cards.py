"""Cards as dealers write them.

A *card* is a rank and a suit (``"Qs"``, ``"10h"``, ``"A♥"``); a *joker* (``"JK"``) is a wild
card with neither. Text round-trips: ``str(Card.parse("10h")) == "Th"``. Every card value is
interned, so cards compare and hash cheaply and the evaluator can key tables on them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InvalidHand

__all__ = [
    "JOKER",
    "RANKS",
    "SUITS",
    "Card",
    "CardFace",
    "card_face",
    "deck",
    "format_cards",
    "parse_card",
    "parse_cards",
]

RANKS = "23456789TJQKA"
SUITS = "shdc"
_RANK_NAMES = {symbol: value for value, symbol in enumerate(RANKS, start=2)}
_RANK_NAMES["10"] = 10
_SUIT_NAMES = {
    "s": "s",
    "h": "h",
    "d": "d",
    "c": "c",
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "♤": "s",
    "♡": "h",
    "♢": "d",
    "♧": "c",
}
JOKER_RANK = 0


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` is 2..14 (ace high), 0 for a joker; ``suit`` is one of ``shdc`` or ``""``.

    >>> Card.parse("10h")
    Card('Th')
    >>> Card.parse("JK").is_joker
    True
    """

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card; raises :class:`InvalidHand` naming the text.

        >>> str(Card.parse("q♠"))
        'Qs'
        """
        return parse_card(text)

    def __str__(self) -> str:
        return "JK" if self.is_joker else RANKS[self.rank - 2] + self.suit

    def __repr__(self) -> str:
        return f"Card('{self}')"


_CARDS: dict[str, Card] = {}


def _intern_all() -> None:
    for rank_symbol, rank in _RANK_NAMES.items():
        for suit_symbol, suit in _SUIT_NAMES.items():
            card = _CARDS.setdefault(RANKS[rank - 2] + suit, Card(rank, suit))
            _CARDS[(rank_symbol + suit_symbol).upper()] = card
    _CARDS["JK"] = Card(JOKER_RANK, "")


_intern_all()
JOKER = _CARDS["JK"]


def parse_card(text: str) -> Card:
    """The card ``text`` names (rank ``2-9 T J Q K A`` or ``10``, suit ``shdc`` or a symbol).

    >>> parse_card("Td") is parse_card("10D")
    True
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    vpt.ofc.errors.InvalidHand: unknown card "1x"
    """
    card = _CARDS.get(text)  # as typed most often ("Qs"): no normalising
    if card is None:
        # Phone keyboards send a suit symbol with an emoji variation selector after it (Q♥️).
        card = _CARDS.get(text.replace("\ufe0f", "").upper())
    if card is None:
        raise InvalidHand("unknown_card", card=text)
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas.

    >>> parse_cards("Qs Qh, 2c")
    (Card('Qs'), Card('Qh'), Card('2c'))
    """
    tokens = (text.replace(",", " ") if "," in text else text).split()
    try:
        return tuple(map(_CARDS.__getitem__, tokens))  # as typed most often: "Qs Qh 2c"
    except KeyError:
        return tuple([parse_card(token) for token in tokens])  # normalised, or the error named


def deck(jokers: int = 0) -> tuple[Card, ...]:
    """The 52 cards, plus ``jokers`` jokers (the same joker value twice: jokers are alike).

    >>> len(deck()), len(deck(jokers=2))
    (52, 54)
    """
    plain = tuple(_CARDS[r + s] for r in RANKS for s in SUITS)
    return plain + (JOKER,) * jokers


def format_cards(cards: Iterable[Card]) -> str:
    """``"Qs Qh 2c"``: the text a dealer would type.

    >>> format_cards(parse_cards("10h q♠ JK"))
    'Th Qs JK'
    """
    return " ".join(map(str, cards))


_SUIT_FACES = {"s": ("♠", "spades"), "h": ("♥", "hearts"), "d": ("♦", "diamonds"), "c": ("♣", "clubs")}
_RANK_KEYS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


@dataclass(frozen=True, slots=True)
class CardFace:
    """How a card is shown: on a page, a printed slip, or read out by a screen reader.

    ``text`` is the card as typed (``"Th"``), ``rank`` as printed (``"10"``, ``"Q"``; ``"JK"`` for a
    joker), ``suit`` its symbol (``♠ ♥ ♦ ♣``; ``""`` for a joker), ``red`` for hearts and
    diamonds. ``rank_key`` (``"ten"``, ``"queen"``, ``"joker"``) and ``suit_key`` (``"hearts"``, ``""``
    for a joker) are stable words a caller may translate; ``name`` is the English reading
    built from them (``"ten of hearts"``, ``"joker"``).
    """

    text: str
    rank: str
    suit: str
    red: bool
    joker: bool
    rank_key: str
    suit_key: str
    name: str


def card_face(card: Card | str) -> CardFace:
    """The face of ``card`` (a :class:`Card` or its text); unknown text raises :class:`InvalidHand`.

    >>> face = card_face("Qh")
    >>> face.rank + face.suit, face.red, face.name
    ('Q♥', True, 'queen of hearts')
    >>> card_face(parse_card("10s")).rank, card_face("JK").name
    ('10', 'joker')
    """
    if isinstance(card, str):
        card = parse_card(card)
    return _FACES[card]


def _face(card: Card) -> CardFace:
    if card.is_joker:
        return CardFace("JK", "JK", "", False, True, "joker", "", "joker")
    symbol, suit_key = _SUIT_FACES[card.suit]
    rank = "10" if card.rank == 10 else RANKS[card.rank - 2]
    rank_key = _RANK_KEYS[card.rank - 2]
    return CardFace(str(card), rank, symbol, card.suit in "hd", False, rank_key, suit_key, f"{rank_key} of {suit_key}")


_FACES = {card: _face(card) for card in set(_CARDS.values())}
