"""Row strength on one scale for 3- and 5-card rows, jokers, descriptions (ofc-rules.md "The board",
"Joker Ultimate")."""

import pytest

from vpt.ofc import Category, category_of, describe, parse_cards, rank_of, row_value


def value(text: str) -> int:
    return row_value(parse_cards(text))


# One row per category, weakest first.
LADDER = [
    ("Kd 9c 7h 4s 2d", Category.HIGH_CARD),
    ("Kd Kc 7h 4s 2d", Category.PAIR),
    ("Kd Kc 7h 7s 2d", Category.TWO_PAIR),
    ("Kd Kc Kh 7s 2d", Category.TRIPS),
    ("As 2d 3c 4h 5s", Category.STRAIGHT),
    ("2h 5h 9h Jh Ah", Category.FLUSH),
    ("Kd Kc Kh 7s 7d", Category.FULL_HOUSE),
    ("Kd Kc Kh Ks 2d", Category.QUADS),
    ("As 2s 3s 4s 5s", Category.STRAIGHT_FLUSH),
]


def test_category_order() -> None:
    values = [value(text) for text, _ in LADDER]
    assert [category_of(v) for v in values] == [category for _, category in LADDER]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert list(Category) == sorted(Category)
    assert Category.FIVE_OF_A_KIND > Category.STRAIGHT_FLUSH


def test_top_row_categories() -> None:
    assert category_of(value("Ad Kc 2h")) is Category.HIGH_CARD
    assert category_of(value("Ad Ac 2h")) is Category.PAIR
    assert category_of(value("2d 2c 2h")) is Category.TRIPS
    # No straights or flushes in three cards.
    assert category_of(value("Qh Kh Ah")) is Category.HIGH_CARD


def test_wheel_is_the_lowest_straight() -> None:
    wheel, six_high, broadway = value("Ad 2c 3h 4s 5d"), value("2c 3h 4s 5d 6c"), value("Ts Jd Qc Kh As")
    assert category_of(wheel) is Category.STRAIGHT and rank_of(wheel) == 5
    assert wheel < six_high < broadway
    assert wheel > value("Ad Ac Ah Kd Qs")  # still above any trips
    steel = value("As 2s 3s 4s 5s")
    assert category_of(steel) is Category.STRAIGHT_FLUSH and steel < value("2h 3h 4h 5h 6h")
    # Not a straight: no wrapping around the ace.
    assert category_of(value("Qd Kc Ah 2s 3d")) is Category.HIGH_CARD


def test_kickers_decide_within_a_category() -> None:
    assert value("Kd Kc 9h 4s 2d") > value("Kd Kc 8h 7s 6d")
    assert value("Kd Kc 9h 4s 3d") > value("Kh Ks 9d 4c 2h")
    assert value("Kd Kc 9h 9s 2d") > value("Qd Qc Jh Js Ad")
    assert value("3d 3c 3h 2s 2d") > value("2d 2c 2h As Ad")
    assert value("Ah Kh Qh Jh 9h") > value("Ah Kh Qh Jh 8h") > value("Kc Qc Jc Tc 8c")
    assert value("Qs Qh 5c") > value("Qd Qc 4h")


@pytest.mark.parametrize(
    ("top", "middle", "top_is_stronger"),
    [
        ("Qs Qh Ac", "Qd Qc Kh 3s 2d", True),  # spec: top Q-Q-A over middle Q-Q-K-x-x fouls
        ("Qs Qh 5c", "Qd Qc 5h 4s 3d", False),  # spec: top Q-Q-5 under middle Q-Q-5-4-3 does not
        ("Qs Qh 5c", "Qd Qc 5h 4s 2d", False),  # the missing kickers count lowest
        ("Qs Qh 6c", "Qd Qc 5h 4s 3d", True),
        ("Ks Qh 5c", "Kd Qc 5h 4s 3d", False),
        ("Ks Qh 6c", "Kd Qc 5h 4s 3d", True),
        ("2s 2h 2c", "As Ad Kh Kc Qs", True),  # trips over two pair
        ("As Ah Ac", "2s 3d 4h 5c 6s", False),  # a straight beats any top
        ("As Ah Kc", "Ks Kd Qh Jc 9s", True),
    ],
)
def test_three_against_five(top: str, middle: str, top_is_stronger: bool) -> None:
    assert (value(top) > value(middle)) is top_is_stronger


def test_equal_strength_is_an_equal_value() -> None:
    assert value("Qs Qh 5c") == value("Qd Qc 5h")
    assert value("Kd Kc 9h 4s 2d") == value("Kh Ks 9c 4d 2h")


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("As Ks Qs Js 9s", "Ah Kh Qh Jh 9h"),
        ("As Kd Qc Jh 9s", "Ac Kh Qd Js 9h"),
        ("Ts Js Qs Ks As", "Tc Jc Qc Kc Ac"),
        ("2s 2h 7c", "2d 2c 7h"),
        ("As 2d 3c 4h 5s", "Ah 2s 3d 4c 5h"),
    ],
)
def test_suits_never_break_ties(left: str, right: str) -> None:
    assert value(left) == value(right)


def test_row_of_the_wrong_length() -> None:
    with pytest.raises(ValueError, match="a row has 3 or 5 cards, not 4"):
        value("As Ks Qs Js")


# -- jokers (ofc-rules.md "Joker Ultimate") -----------------------------------------------------


def test_joker_is_the_best_card_not_in_its_own_row() -> None:
    # A top row with a pair of aces and a joker: the third ace.
    assert value("As Ah JK") == value("As Ah Ad")
    # Two jokers make trips of the natural card's rank.
    assert value("JK JK 7c") == value("7s 7h 7c")
    assert value("JK Kc 2d") == value("Kd Kc 2d")
    # Straight: the missing card, the highest it can be.
    assert value("9s Th Jd Qc JK") == value("9s Th Jd Qc Ks")
    assert value("2s 3h 4d 5c JK") == value("2s 3h 4d 5c 6s")


def test_joker_flush_is_the_highest_missing_card_of_that_suit() -> None:
    assert value("2h 5h 9h Jh JK") == value("2h 5h 9h Jh Ah")
    # The ace is in the row: the king is the highest missing heart.
    assert value("Ah 5h 9h Jh JK") == value("Ah 5h 9h Jh Kh")
    assert describe(value("Ah 5h 9h Jh JK")) == "flush, ace high"
    # A joker would rather make trips than a flush only when trips are stronger; they are not.
    assert category_of(value("Ah Ad 9h Jh JK")) is Category.TRIPS
    assert category_of(value("Ah 5h 9h Jh JK")) is Category.FLUSH


def test_joker_may_be_a_card_seen_elsewhere() -> None:
    # The same joker row means the same thing whatever is on other boards: only its own row counts.
    assert value("Th Jh Qh Kh JK") == value("Ts Js Qs Ks As")
    assert describe(value("Th Jh Qh Kh JK")) == "royal flush"
    assert describe(value("Ah Kh Qh Jh JK")) == "royal flush"


def test_five_of_a_kind_ranks_above_a_straight_flush() -> None:
    five = value("9s 9h 9d 9c JK")
    assert category_of(five) is Category.FIVE_OF_A_KIND and rank_of(five) == 9
    assert five > value("Ts Js Qs Ks As")
    assert value("9s 9h 9d JK JK") == five
    assert value("2s 2h 2d 2c JK") > value("Ts Js Qs Ks As")
    assert value("As Ah Ad Ac JK") > value("Ks Kh Kd Kc JK")
    assert describe(five) == "five of a kind, nines"


def test_two_jokers() -> None:
    assert value("JK JK Ac") == value("As Ah Ac")
    assert value("Ks Qs Js JK JK") == value("Ts Js Qs Ks As")
    assert value("2c 7d 9h JK JK") == value("2c 7d 9h 9s 9d")
    assert value("As Kd JK JK 2c") == value("As Ad Ah Kd 2c")


def test_natural_and_joker_made_hands_tie() -> None:
    assert value("As Ah Ad Kc Qc") == value("As Ah JK Kc Qc")
    assert value("Ts Js Qs Ks As") == value("Ts Js Qs Ks JK")
    assert value("Qs Qh 5c") == value("Qs JK 5c")
    assert value("2h 5h 9h Jh Ah") == value("2h 5h 9h Jh JK")


@pytest.mark.parametrize(
    ("row", "text"),
    [
        ("Ad Kc 2h", "high card, ace"),
        ("Qs Qh 2c", "pair of queens"),
        ("6s 6h 6c", "three of a kind, sixes"),
        ("Kd Kc 8h 8s 3d", "two pair, kings and eights"),
        ("Ad 2c 3h 4s 5d", "straight, five high"),
        ("2h 5h 9h Jh Ah", "flush, ace high"),
        ("Kd Kc Kh 7s 7d", "full house, kings full of sevens"),
        ("Td Tc Th Ts 2d", "four of a kind, tens"),
        ("5s 6s 7s 8s 9s", "straight flush, nine high"),
        ("Ts Js Qs Ks As", "royal flush"),
        ("3s 3h 3d 3c JK", "five of a kind, threes"),
    ],
)
def test_descriptions(row: str, text: str) -> None:
    assert describe(value(row)) == text
