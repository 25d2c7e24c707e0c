"""Prize money: the pool, the payout structure, and deals at the final table.

prize pool      entries x (buy-in - fee): the fee is the part of each buy-in the house keeps,
                so a 110.00 buy-in with a 10.00 fee puts 100.00 per entry into the pool.
structure       the percentage of the pool paid to each place, first place first. The
                percentages are positive, never rise from one place to the next, and add up
                to exactly 100.
unit            amounts are rounded (ROUND_HALF_UP) to a multiple of this: 0.01, 1.00, 5.00...
remainder       what rounding leaves over (or takes too much), so the amounts add up to the
                pool exactly. The rule: the remainder goes to FIRST PLACE in a payout split,
                and to the BIGGEST STACK (the first one listed, on equal stacks) in a deal.
deal            the players left agree to split the prizes still to be won (places 1..n for n
                players) instead of playing on.
chip-chop       each player's share of those prizes is proportional to their chips.
chip-chop with floor   each player first gets the next place's prize (the smallest prize still
                to be won, place n), and the rest is split in proportion to chips.
ICM             the Independent Chip Model (Malmuth-Harville): a player wins with probability
                chips / chips in play; given the places already taken, each other player takes
                the next place with probability chips / chips of the players not yet placed.
                A player's equity is the sum over places of P(place) x prize. Computed exactly
                with fractions, then rounded once.

Money is Decimal throughout (never float); chips are int. Nothing here touches the database:
this module is the one place where prize money is split.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = [
    "CENT",
    "MAX_ICM_PLAYERS",
    "PayoutError",
    "chip_chop",
    "icm_deal",
    "icm_equities",
    "place_probabilities",
    "prize_pool",
    "split_pool",
    "validate_structure",
]

CENT = Decimal("0.01")
HUNDRED = Decimal("100")
# 2^n subsets are visited; 12 players is 4,096 subsets, instant. Deals happen at a final table.
MAX_ICM_PLAYERS = 12


class PayoutError(ValueError):
    """Invalid input for a payout calculation; ``code`` names the problem for forms and tests."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def _money(value: Decimal | int | str) -> Decimal:
    amount = Decimal(value)
    if not amount.is_finite():
        raise PayoutError(f"not an amount: {value!r}", code="not_a_number")
    return amount


def _check_unit(unit: Decimal) -> Decimal:
    unit = _money(unit)
    if unit <= 0 or unit != unit.quantize(CENT):
        raise PayoutError(f"the rounding unit must be a positive number of cents, not {unit}", code="bad_unit")
    return unit


def prize_pool(entries: int, buy_in: Decimal, fee: Decimal = Decimal("0")) -> Decimal:
    """The prize pool: every entry (re-entries included) pays the buy-in, less the house fee.

    >>> prize_pool(37, Decimal("110.00"), Decimal("10.00"))
    Decimal('3700.00')
    >>> prize_pool(0, Decimal("50"))
    Decimal('0.00')
    """
    buy_in, fee = _money(buy_in), _money(fee)
    if entries < 0:
        raise PayoutError("entries cannot be negative", code="negative_entries")
    if buy_in < 0 or fee < 0:
        raise PayoutError("buy-in and fee cannot be negative", code="negative_amount")
    if fee > buy_in:
        raise PayoutError("the fee cannot exceed the buy-in", code="fee_exceeds_buy_in")
    return (entries * (buy_in - fee)).quantize(CENT, rounding=ROUND_HALF_UP)


def validate_structure(percentages: Sequence[Decimal | int | str]) -> tuple[Decimal, ...]:
    """Check a payout structure and return it as Decimals.

    >>> validate_structure(["50", "30", "20"])
    (Decimal('50'), Decimal('30'), Decimal('20'))
    >>> validate_structure(["60", "30"])
    Traceback (most recent call last):
    ...
    vpt.events.payouts.PayoutError: the percentages add up to 90, not 100
    """
    values = tuple(_money(p) for p in percentages)
    if not values:
        raise PayoutError("at least one place must be paid", code="empty")
    if any(p <= 0 for p in values):
        raise PayoutError("every paid place needs a positive percentage", code="not_positive")
    if any(later > earlier for earlier, later in itertools.pairwise(values)):
        raise PayoutError("a place cannot pay more than the place above it", code="not_descending")
    total = sum(values, Decimal("0"))
    if total != HUNDRED:
        raise PayoutError(f"the percentages add up to {total.normalize():f}, not 100", code="not_100")
    return values


def _round_to_unit(amount: Fraction, unit: Decimal) -> Decimal:
    """``amount`` rounded half up to a multiple of ``unit`` (exact: no float on the way)."""
    units = amount / Fraction(unit)
    whole, part = divmod(units.numerator, units.denominator)
    if 2 * part >= units.denominator:  # half up; amounts here are never negative
        whole += 1
    return (whole * unit).quantize(CENT)


def _allocate(total: Decimal, shares: Sequence[Fraction], unit: Decimal, remainder_to: int) -> tuple[Decimal, ...]:
    """Round each exact share to the unit; give what is left over (+ or -) to ``remainder_to``."""
    amounts = [_round_to_unit(share, unit) for share in shares]
    amounts[remainder_to] += total - sum(amounts, Decimal("0"))
    if amounts[remainder_to] < 0:
        raise PayoutError("the rounding unit is too large for these amounts", code="unit_too_large")
    return tuple(amount.quantize(CENT) for amount in amounts)


def split_pool(
    pool: Decimal, percentages: Sequence[Decimal | int | str], *, unit: Decimal = Decimal("1.00")
) -> tuple[Decimal, ...]:
    """The amount for each paid place, first place first, adding up to ``pool`` exactly.

    Each place gets its percentage of the pool rounded half up to a multiple of ``unit``; the
    remainder (positive or negative) goes to first place.

    >>> split_pool(Decimal("1000.00"), [50, 30, 20], unit=Decimal("5.00"))
    (Decimal('500.00'), Decimal('300.00'), Decimal('200.00'))
    >>> split_pool(Decimal("1234.00"), [50, 30, 20], unit=Decimal("5.00"))
    (Decimal('619.00'), Decimal('370.00'), Decimal('245.00'))
    """
    pool = _money(pool).quantize(CENT, rounding=ROUND_HALF_UP)
    unit = _check_unit(unit)
    if pool < 0:
        raise PayoutError("the prize pool cannot be negative", code="negative_amount")
    values = validate_structure(percentages)
    shares = [Fraction(pool) * Fraction(p) / 100 for p in values]
    return _allocate(pool, shares, unit, remainder_to=0)


def _deal_input(stacks: Sequence[int], prizes: Sequence[Decimal | int | str]) -> tuple[list[int], list[Decimal]]:
    chips = [int(s) for s in stacks]
    if len(chips) < 2:
        raise PayoutError("a deal needs at least two players", code="too_few_players")
    if any(c <= 0 for c in chips):
        raise PayoutError("every player in a deal needs chips", code="not_positive")
    amounts = [_money(p) for p in prizes]
    if len(amounts) > len(chips):
        raise PayoutError("more prizes than players left", code="too_many_prizes")
    if any(a < 0 for a in amounts):
        raise PayoutError("prizes cannot be negative", code="negative_amount")
    amounts += [Decimal("0.00")] * (len(chips) - len(amounts))
    if any(later > earlier for earlier, later in itertools.pairwise(amounts)):
        raise PayoutError("a place cannot pay more than the place above it", code="not_descending")
    return chips, amounts


def _biggest_stack(chips: Sequence[int]) -> int:
    return max(range(len(chips)), key=lambda i: (chips[i], -i))


def chip_chop(
    stacks: Sequence[int], prizes: Sequence[Decimal | int | str], *, floor: bool = False, unit: Decimal = CENT
) -> tuple[Decimal, ...]:
    """Split the prizes still to be won in proportion to chips, one amount per stack.

    ``prizes`` are the prizes of places 1..n for the n players left (missing places pay 0).
    With ``floor``, everyone is first guaranteed the next place's prize (place n). Amounts are
    rounded half up to ``unit``; the remainder goes to the biggest stack.

    >>> chip_chop([5000, 3000, 2000], ["500", "300", "200"])
    (Decimal('500.00'), Decimal('300.00'), Decimal('200.00'))
    >>> chip_chop([5000, 3000, 2000], ["500", "300", "200"], floor=True)
    (Decimal('400.00'), Decimal('320.00'), Decimal('280.00'))
    """
    chips, amounts = _deal_input(stacks, prizes)
    unit = _check_unit(unit)
    total = sum(amounts, Decimal("0"))
    in_play = sum(chips)
    guaranteed = Fraction(amounts[-1]) if floor else Fraction(0)
    rest = Fraction(total) - guaranteed * len(chips)
    shares = [guaranteed + rest * Fraction(c, in_play) for c in chips]
    return _allocate(total, shares, unit, remainder_to=_biggest_stack(chips))


def place_probabilities(stacks: Sequence[int], places: int | None = None) -> tuple[tuple[Fraction, ...], ...]:
    """Malmuth-Harville: ``result[i][k]`` is the probability that player i finishes in place k+1.

    Dynamic programming over the set of players already placed (the chance of the next place
    depends only on who is left), so 2^n states instead of n! finishing orders.

    >>> [str(p) for p in place_probabilities([1, 1])[0]]
    ['1/2', '1/2']
    """
    chips = [int(s) for s in stacks]
    n = len(chips)
    if n > MAX_ICM_PLAYERS:
        raise PayoutError(f"ICM is limited to {MAX_ICM_PLAYERS} players", code="too_many_players")
    if any(c <= 0 for c in chips):
        raise PayoutError("every player needs chips", code="not_positive")
    places = n if places is None else min(places, n)
    result = [[Fraction(0)] * places for _ in range(n)]
    in_play = sum(chips)
    # reach[mask]: probability that exactly the players in `mask` took places 1..popcount(mask).
    reach: dict[int, Fraction] = {0: Fraction(1)}
    for place in range(places):
        following: dict[int, Fraction] = {}
        for mask, p in reach.items():
            left = in_play - sum(chips[i] for i in range(n) if mask >> i & 1)
            for i in range(n):
                if mask >> i & 1:
                    continue
                q = p * Fraction(chips[i], left)
                result[i][place] += q
                following[mask | 1 << i] = following.get(mask | 1 << i, Fraction(0)) + q
        reach = following
    return tuple(tuple(row) for row in result)


def icm_equities(stacks: Sequence[int], prizes: Sequence[Decimal | int | str]) -> tuple[Fraction, ...]:
    """Each player's exact ICM equity (Malmuth-Harville) in the prizes still to be won.

    Wikipedia's example ("Independent Chip Model", section Model): 50%, 30% and 20% of the
    chips, prizes 70 and 30, give about 45, 32 and 23:

    >>> [round(float(e), 2) for e in icm_equities([50, 30, 20], [70, 30])]
    [45.18, 32.25, 22.57]
    """
    chips, amounts = _deal_input(stacks, prizes)
    paid = sum(1 for a in amounts if a > 0)
    probabilities = place_probabilities(chips, places=paid)
    return tuple(sum((p * Fraction(amounts[k]) for k, p in enumerate(row)), Fraction(0)) for row in probabilities)


def icm_deal(
    stacks: Sequence[int], prizes: Sequence[Decimal | int | str], *, unit: Decimal = CENT
) -> tuple[Decimal, ...]:
    """ICM equities rounded half up to ``unit``, the remainder to the biggest stack.

    >>> icm_deal([5000, 3000, 2000], ["500", "300", "200"])
    (Decimal('383.93'), Decimal('327.50'), Decimal('288.57'))
    """
    chips, amounts = _deal_input(stacks, prizes)
    unit = _check_unit(unit)
    total = sum(amounts, Decimal("0"))
    return _allocate(total, icm_equities(chips, amounts), unit, remainder_to=_biggest_stack(chips))
