"""Card text: parsing, round trips, errors, decks (ofc-rules.md "The board"; score-hand-json.md "Input")."""

import pytest

from vpt.ofc import (
    JOKER,
    Board,
    Card,
    CardFace,
    InvalidHand,
    PlayerHand,
    card_face,
    deck,
    format_cards,
    get_ruleset,
    parse_card,
    parse_cards,
    score_hand,
)
from vpt.ofc.cards import RANKS, SUITS


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", 14, "s"),
        ("Kh", 13, "h"),
        ("Qd", 12, "d"),
        ("Jc", 11, "c"),
        ("Ts", 10, "s"),
        ("10h", 10, "h"),
        ("10D", 10, "d"),
        ("9c", 9, "c"),
        ("2s", 2, "s"),
        ("as", 14, "s"),
        ("AS", 14, "s"),
        ("tH", 10, "h"),
        ("qC", 12, "c"),
        ("A♠", 14, "s"),
        ("K♥", 13, "h"),
        ("Q♥\ufe0f", 12, "h"),
        ("Q♦", 12, "d"),
        ("J♣", 11, "c"),
        ("10♥", 10, "h"),
        ("t♣", 10, "c"),
    ],
)
def test_parse(text: str, rank: int, suit: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card == Card(rank, suit)
    assert parse_card(text) is card  # interned


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10h", "Th"), ("as", "As"), ("q♠", "Qs"), ("2♣", "2c"), ("K♦", "Kd"), ("jk", "JK"), ("JK", "JK")],
)
def test_round_trip_to_canonical_text(text: str, canonical: str) -> None:
    card = Card.parse(text)
    assert str(card) == canonical
    assert Card.parse(str(card)) is card
    assert repr(card) == f"Card('{canonical}')"


def test_every_card_round_trips() -> None:
    for card in deck(jokers=2):
        assert Card.parse(str(card)) == card


def test_joker() -> None:
    assert Card.parse("JK") is JOKER
    assert JOKER.is_joker and not Card.parse("Jc").is_joker
    assert (JOKER.rank, JOKER.suit) == (0, "")


@pytest.mark.parametrize(
    "text", ["1x", "1s", "11h", "As ", "Ax", "A", "s", "", "ZZ", "10", "AsKs", "A♤♠", "JKs", "JOKER", "1"]
)
def test_unknown_card_names_the_text_in_quotes(text: str) -> None:
    with pytest.raises(InvalidHand) as caught:
        parse_card(text)
    assert caught.value.message == f'unknown card "{text}"'
    assert str(caught.value) == f'unknown card "{text}"'
    assert caught.value.where == ""


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert parse_cards("Qs Qh, 2c") == (Card(12, "s"), Card(12, "h"), Card(2, "c"))
    assert parse_cards("  Qs   10h\t2c\n") == (Card(12, "s"), Card(10, "h"), Card(2, "c"))
    assert parse_cards("") == ()


def test_parse_cards_error_names_the_bad_token() -> None:
    with pytest.raises(InvalidHand, match=r'^unknown card "Qx"$'):
        parse_cards("Qs Qx 2c")


def test_error_location_joins_outwards() -> None:
    error = InvalidHand("duplicate_card", field="middle", card="Kd").at(player=1)
    assert str(error) == "players[1].middle: duplicate card Kd"
    assert (error.message, error.where) == ("duplicate card Kd", "players[1].middle")
    assert (error.code, error.player, error.row, error.params) == ("duplicate_card", 1, "middle", {"card": "Kd"})
    assert str(InvalidHand("not_player_list", field="players").at(line=2)) == (
        "line 2: players: expected a list of 2 or 3 players"
    )
    assert isinstance(error, ValueError)


def test_every_error_code_has_its_english_message() -> None:
    with pytest.raises(KeyError):
        InvalidHand("no such code")
    assert InvalidHand("too_big", field="input", bytes=1_000_000).message == (
        "over 1 MB (1,000,000 bytes), and one hand is far smaller"
    )


def test_an_error_in_a_board_names_the_code_the_player_and_the_row() -> None:
    with pytest.raises(InvalidHand) as caught:
        score_hand(
            [
                PlayerHand("Ana", Board.parse(top="Qs Qh 2c", middle="", bottom="")),
                PlayerHand("Ben", Board.parse(top="Qs", middle="", bottom="")),
            ],
            get_ruleset("progressive"),
        )
    error = caught.value
    assert (error.code, error.player, error.row, error.params) == ("duplicate_card", 1, "top", {"card": "Qs"})


def test_decks() -> None:
    plain = deck()
    assert len(plain) == 52 and len(set(plain)) == 52
    assert {(card.rank, card.suit) for card in plain} == {(r, s) for r in range(2, 15) for s in SUITS}
    with_jokers = deck(jokers=2)
    assert len(with_jokers) == 54
    assert with_jokers[:52] == plain and with_jokers[52:] == (JOKER, JOKER)
    assert RANKS == "23456789TJQKA"


def test_format_cards() -> None:
    assert format_cards(parse_cards("10h q♠ 2c JK")) == "Th Qs 2c JK"
    assert format_cards(()) == ""


def test_cards_are_immutable_and_hashable() -> None:
    card = Card.parse("As")
    with pytest.raises(AttributeError):
        card.rank = 13  # type: ignore[misc]
    assert len({Card.parse("As"), Card(14, "s"), Card.parse("a♠")}) == 1


# -- faces: how pages, slips and screen readers show a card ---------------------------------------


@pytest.mark.parametrize(
    ("text", "face"),
    [
        ("Qh", CardFace("Qh", "Q", "♥", True, False, "queen", "hearts", "queen of hearts")),
        ("10s", CardFace("Ts", "10", "♠", False, False, "ten", "spades", "ten of spades")),
        ("td", CardFace("Td", "10", "♦", True, False, "ten", "diamonds", "ten of diamonds")),
        ("2♣", CardFace("2c", "2", "♣", False, False, "two", "clubs", "two of clubs")),
        ("A♥\ufe0f", CardFace("Ah", "A", "♥", True, False, "ace", "hearts", "ace of hearts")),
        ("jk", CardFace("JK", "JK", "", False, True, "joker", "", "joker")),
    ],
)
def test_card_face(text: str, face: CardFace) -> None:
    assert card_face(text) == face
    assert card_face(parse_card(text)) is card_face(text)


def test_every_card_has_a_face() -> None:
    faces = [card_face(card) for card in deck()]
    assert len({face.name for face in faces}) == 52
    assert {face.suit for face in faces} == {"♠", "♥", "♦", "♣"}
    assert sum(face.red for face in faces) == 26
    assert all(face.name == f"{face.rank_key} of {face.suit_key}" for face in faces)
    assert [face.rank for face in faces[::4]] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_card_face_of_unknown_text_names_it() -> None:
    with pytest.raises(InvalidHand, match=r'^unknown card "Qx"$'):
        card_face("Qx")
