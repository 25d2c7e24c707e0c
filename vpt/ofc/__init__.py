"""The OFC rules engine: pure Python, no Django.

Parse cards, score boards, settle hands in chips, for every variant the rule sets describe.
Everything the rest of VPT Director uses is named here.
"""

from .autoplay import autoplay_board, most_cards_dealt
from .button import button_after_hand, effective_button, next_button, payment_seats, position_label
from .cards import JOKER, Card, CardFace, card_face, deck, format_cards, parse_card, parse_cards
from .contract import MAX_CHIPS, HandRequest, hand_json, read_hand, score_json
from .errors import MESSAGES, InvalidHand, cut
from .hands import Category, RowHand, category_of, describe, rank_of, row_hand, row_value
from .json_text import MAX_INPUT_BYTES, load_hand_json, score_text, too_big
from .rulesets import PRESETS, RuleSet, get_ruleset
from .scoring import (
    ROW_SIZES,
    ROWS,
    Board,
    BoardComparison,
    BoardResult,
    Foul,
    RowVerdict,
    Verdict,
    compare_boards,
    foul_of,
    points_between,
    royalty,
    score_board,
)
from .settlement import Exchange, Settlement, paid_short, payer_and_payee, payment_order, settle
from .showdown import HandResult, PlayerHand, score_hand

__all__ = [
    "JOKER",
    "MAX_CHIPS",
    "MAX_INPUT_BYTES",
    "MESSAGES",
    "PRESETS",
    "ROWS",
    "ROW_SIZES",
    "Board",
    "BoardComparison",
    "BoardResult",
    "Card",
    "CardFace",
    "Category",
    "Exchange",
    "Foul",
    "HandRequest",
    "HandResult",
    "InvalidHand",
    "PlayerHand",
    "RowHand",
    "RowVerdict",
    "RuleSet",
    "Settlement",
    "Verdict",
    "autoplay_board",
    "button_after_hand",
    "card_face",
    "category_of",
    "compare_boards",
    "cut",
    "deck",
    "describe",
    "effective_button",
    "format_cards",
    "foul_of",
    "get_ruleset",
    "hand_json",
    "load_hand_json",
    "most_cards_dealt",
    "next_button",
    "paid_short",
    "parse_card",
    "parse_cards",
    "payer_and_payee",
    "payment_order",
    "payment_seats",
    "points_between",
    "position_label",
    "rank_of",
    "read_hand",
    "row_hand",
    "row_value",
    "royalty",
    "score_board",
    "score_hand",
    "score_json",
    "score_text",
    "settle",
    "too_big",
]
