"""The OFC rules engine: pure Python, no Django.

Parse cards, score boards, settle hands in chips, for every variant the rule sets describe.
Everything the rest of VPT Director uses is named here.
"""

from .autoplay import autoplay_board, most_cards_dealt
from .cards import JOKER, Card, InvalidHand, deck, format_cards, parse_card, parse_cards
from .contract import HandRequest, hand_json, read_hand, score_json
from .hands import Category, category_of, describe, rank_of, row_value
from .rulesets import PRESETS, RuleSet, get_ruleset
from .scoring import ROW_SIZES, ROWS, Board, BoardResult, points_between, royalty, score_board
from .settlement import Exchange, Settlement, payment_order, settle
from .showdown import HandResult, PlayerHand, score_hand

__all__ = [
    "JOKER", "PRESETS", "ROWS", "ROW_SIZES",
    "Board", "BoardResult", "Card", "Category", "Exchange", "HandRequest", "HandResult",
    "InvalidHand", "PlayerHand", "RuleSet", "Settlement",
    "autoplay_board", "category_of", "deck", "describe", "format_cards", "get_ruleset",
    "hand_json", "most_cards_dealt", "parse_card", "parse_cards", "payment_order",
    "points_between", "rank_of", "read_hand", "royalty", "row_value", "score_board",
    "score_hand", "score_json", "settle",
]
