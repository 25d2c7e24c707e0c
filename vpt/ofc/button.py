"""The button and the payment order, from seat numbers.

Seats are numbered clockwise. The *button* is a seat number; the *effective button* is the
button seat if someone sits there, otherwise the nearest occupied seat before it (the button
never skips a player). *Payment order* starts left of the button (the next occupied seat
clockwise) and ends on the button. After a hand the button moves to the next occupied seat
clockwise, except that it *holds* when anyone at the table plays Fantasyland next hand: the
Fantasyland hand continues the previous one (``ofc-rules.md``, "Button, deal and payment order").
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["button_after_hand", "effective_button", "next_button", "payment_seats", "position_label"]


def effective_button(occupied: Sequence[int], button: int | None) -> int:
    """The occupied seat that has the button: ``button`` itself, or the nearest occupied seat
    before it. With no button yet, the highest occupied seat. ``occupied`` must not be empty.

    >>> effective_button([1, 3], 2)
    1
    >>> effective_button([2, 3], 1)
    3
    >>> effective_button([1, 2, 3], None)
    3
    """
    seats = sorted(occupied)
    if button is None:
        return seats[-1]
    if button in seats:
        return button
    before = [seat for seat in seats if seat < button]
    return before[-1] if before else seats[-1]


def payment_seats(occupied: Sequence[int], button: int | None) -> list[int]:
    """The occupied seats in payment order: left of the (effective) button first, the button last.

    >>> payment_seats([1, 2, 3], 2)
    [3, 1, 2]
    >>> payment_seats([1, 3, 4], 2)
    [3, 4, 1]
    """
    seats = sorted(occupied)
    start = seats.index(effective_button(seats, button)) + 1
    return seats[start:] + seats[:start]


def position_label(index: int) -> str:
    """The payment-order label of a 0-based position: P1 is left of the button.

    >>> position_label(0), position_label(2)
    ('P1', 'P3')
    """
    return f"P{index + 1}"


def next_button(occupied: Sequence[int], button: int | None) -> int:
    """The seat the button moves to: the next occupied seat clockwise after ``button``.

    >>> next_button([1, 2, 3], 3), next_button([1, 3], 2)
    (1, 3)
    """
    return payment_seats(occupied, button)[0]


def button_after_hand(occupied: Sequence[int], button: int, *, fantasyland_next: bool) -> int:
    """The button seat for the next hand.

    ``occupied`` are the seats still taken after the hand (players eliminated in it gone),
    ``button`` the seat that had the button in it, and ``fantasyland_next`` whether any player
    still at the table plays Fantasyland next hand. The button holds on ``button`` when
    ``fantasyland_next`` (even if that seat has just emptied: the next hand keeps the payment
    order, :func:`effective_button` naming the player before it), and when nobody is left;
    otherwise it moves to the next occupied seat clockwise.

    >>> button_after_hand([1, 2, 3], 3, fantasyland_next=False)
    1
    >>> button_after_hand([1, 2, 3], 3, fantasyland_next=True)
    3

    The button player (seat 3) is eliminated; the button moves past the empty seat, or holds:

    >>> button_after_hand([1, 2], 3, fantasyland_next=False), button_after_hand([1, 2], 3, fantasyland_next=True)
    (1, 3)
    """
    if fantasyland_next or not occupied:
        return button
    return next_button(occupied, button)
