"""Button and payment order from seat numbers (pure functions).

Seats are numbered clockwise. The *effective button* is the button seat if someone sits
there, otherwise the nearest occupied seat before it (the button never skips a player).
*Payment order* starts left of the button (the next occupied seat clockwise) and ends on
the button.
"""

from __future__ import annotations

from collections.abc import Sequence


def effective_button(occupied: Sequence[int], button: int | None) -> int:
    """>>> effective_button([1, 3], 2)
    1
    >>> effective_button([2, 3], 1)
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
    """>>> payment_seats([1, 2, 3], 2)
    [3, 1, 2]
    """
    seats = sorted(occupied)
    start = seats.index(effective_button(seats, button)) + 1
    return seats[start:] + seats[:start]


def next_button(occupied: Sequence[int], button: int | None) -> int:
    """The seat the button moves to: the next occupied seat clockwise.

    >>> next_button([1, 2, 3], 3), next_button([1, 3], 2)
    (1, 3)
    """
    return payment_seats(occupied, button)[0]
