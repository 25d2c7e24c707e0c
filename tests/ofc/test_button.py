"""The button after a hand and the payment order from seat numbers (ofc-rules.md "Button, deal and
payment order": the button moves one seat clockwise after each hand, except it does not move when any
player at the table plays Fantasyland in the next hand)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from vpt.ofc import button_after_hand, effective_button, next_button, payment_seats


def test_effective_button_never_skips_a_player() -> None:
    assert effective_button([1, 2, 3], 2) == 2
    assert effective_button([1, 3], 2) == 1  # the seat before an empty button seat
    assert effective_button([2, 3], 1) == 3  # wrapping round the table
    assert effective_button([4, 7], None) == 7  # no button yet: the last seat


def test_payment_seats_start_left_of_the_button() -> None:
    # VPT rulebook, Payments: P1 (left of the button) vs P2, P1 vs P3 (the button), P2 vs P3.
    assert payment_seats([1, 2, 3], 3) == [1, 2, 3]
    assert payment_seats([1, 2, 3], 1) == [2, 3, 1]
    assert payment_seats([3, 1, 2], 2) == [3, 1, 2]
    assert payment_seats([2, 5, 7], 6) == [7, 2, 5]


def test_next_button_is_the_next_occupied_seat_clockwise() -> None:
    assert next_button([1, 2, 3], 1) == 2
    assert next_button([1, 2, 3], 3) == 1
    assert next_button([2, 5, 7], 5) == 7
    assert next_button([2, 5], 7) == 2


def test_button_moves_after_a_hand() -> None:
    assert button_after_hand([1, 2, 3], 3, fantasyland_next=False) == 1
    assert button_after_hand([1, 2, 3], 1, fantasyland_next=False) == 2


def test_button_holds_when_anyone_plays_fantasyland_next() -> None:
    assert button_after_hand([1, 2, 3], 3, fantasyland_next=True) == 3
    assert button_after_hand([1, 2, 3], 1, fantasyland_next=True) == 1


def test_button_player_eliminated() -> None:
    # Seat 3 had the button and is out: the button moves on to seat 1...
    assert button_after_hand([1, 2], 3, fantasyland_next=False) == 1
    # ...or holds on the empty seat 3 when a Fantasyland hand follows: seat 2 then has the
    # button and seat 1 stays P1, so the Fantasyland hand keeps the payment order.
    held = button_after_hand([1, 2], 3, fantasyland_next=True)
    assert held == 3
    assert effective_button([1, 2], held) == 2 and payment_seats([1, 2], held) == [1, 2]


def test_player_left_of_the_button_eliminated() -> None:
    # Seat 1 (P1) is out: the button passes its empty seat to the next player, seat 2.
    assert button_after_hand([2, 3], 3, fantasyland_next=False) == 2


def test_nobody_left_keeps_the_button() -> None:
    assert button_after_hand([], 3, fantasyland_next=False) == 3


@settings(max_examples=200, deadline=None)
@given(
    st.sets(st.integers(1, 9), min_size=2, max_size=4).flatmap(
        lambda seats: st.tuples(
            st.just(sorted(seats)),
            st.sampled_from(sorted(seats)),
            st.lists(st.booleans(), min_size=len(seats), max_size=len(seats)),
        )
    )
)
def test_without_fantasyland_the_button_goes_to_the_first_survivor_in_payment_order(
    case: tuple[list[int], int, list[bool]],
) -> None:
    # The rule as the printed slip states it: the next button is the first player in this hand's
    # payment order who is still in.
    seats, button, eliminated = case
    order = payment_seats(seats, button)
    survivors = [seat for seat, out in zip(seats, eliminated, strict=True) if not out]
    if not survivors:
        return
    assert button_after_hand(survivors, order[-1], fantasyland_next=False) == next(
        seat for seat in order if seat in survivors
    )
