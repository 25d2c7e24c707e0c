"""Prize money: the pool, the payout structure, and deals at the final table.

prize pool      the buy-ins of every entry (re-entries included) plus the money the house
                adds, and at least the guarantee: the house pays the shortfall (the overlay).
                Fees go to the house, never into the pool: a 100.00 buy-in with a 10.00 fee
                costs the player 110.00 and puts 100.00 into the pool.
structure       the percentage of the pool paid to each place, first place first. The
                percentages are positive, never rise from one place to the next, and add up
                to exactly 100.
unit            amounts are rounded (ROUND_HALF_UP) to a multiple of this: 0.01, 1.00, 5.00...
remainder       what rounding leaves over (or takes too much), so the amounts add up to the
                pool exactly. The rule: the remainder goes to FIRST PLACE in a payout split,
                and to the BIGGEST STACK (the first one listed, on equal stacks) in a deal.
shared place    entries out in the same hand with the same stack share a place: together
                they take the prizes of the places they cover, split equally (half up to the
                cent), the remainder to the first of them listed.
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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = [
    "CENT",
    "MAX_ICM_PLAYERS",
    "PayoutError",
    "PrizePool",
    "chip_chop",
    "default_percentages",
    "icm_deal",
    "icm_equities",
    "place_probabilities",
    "prize_pool",
    "share_places",
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


@dataclass(frozen=True, slots=True)
class PrizePool:
    """The prize pool and what makes it up.

    ``prices``: (how many entries, buy-in) for each buy-in paid, the most entries first, so the
    pool can be explained: "12 entries x 100.00 + 0.00 added = 1,200.00".
    """

    entries: int
    buy_ins: Decimal
    added_money: Decimal
    guarantee: Decimal
    overlay: Decimal
    total: Decimal
    prices: tuple[tuple[int, Decimal], ...]


def prize_pool(
    buy_ins: Sequence[Decimal], *, added_money: Decimal = Decimal("0"), guarantee: Decimal = Decimal("0")
) -> PrizePool:
    """The pool from each entry's buy-in (fees excluded), the added money and the guarantee.

    >>> pool = prize_pool([Decimal("100")] * 12, added_money=Decimal("50"), guarantee=Decimal("1500"))
    >>> pool.buy_ins, pool.overlay, pool.total
    (Decimal('1200.00'), Decimal('250.00'), Decimal('1500.00'))
    >>> prize_pool([]).total
    Decimal('0.00')
    """
    amounts = [_money(value) for value in buy_ins]
    added, floor = _money(added_money), _money(guarantee)
    if any(amount < 0 for amount in amounts) or added < 0:
        raise PayoutError("buy-ins and added money cannot be negative", code="negative_amount")
    if floor < 0:
        raise PayoutError("the guarantee cannot be negative", code="negative_guarantee")
    collected = (sum(amounts, Decimal("0")) + added).quantize(CENT, rounding=ROUND_HALF_UP)
    overlay = max(floor - collected, Decimal("0")).quantize(CENT)
    counts = Counter(amount.quantize(CENT) for amount in amounts)
    return PrizePool(
        entries=len(amounts),
        buy_ins=sum(amounts, Decimal("0")).quantize(CENT, rounding=ROUND_HALF_UP),
        added_money=added.quantize(CENT),
        guarantee=floor.quantize(CENT),
        overlay=overlay,
        total=collected + overlay,
        prices=_prices(counts),
    )


def _prices(counts: Counter[Decimal]) -> tuple[tuple[int, Decimal], ...]:
    return tuple((count, price) for price, count in sorted(counts.items(), key=lambda item: (-item[1], -item[0])))


# The project's default payout structure by field size: (most entries, percentages per place).
# About the top sixth of the field is paid; each place pays no more than the one above.
DEFAULT_STRUCTURES: tuple[tuple[int, tuple[str, ...]], ...] = (
    (10, ("50", "30", "20")),
    (20, ("40", "25", "16", "11", "8")),
    (40, ("32", "20", "14", "10", "8", "6", "5", "5")),
    (10**9, ("27", "17", "12", "9", "7", "6", "6", "6", "5", "5")),
)


def default_percentages(entries: int) -> tuple[str, ...]:
    """The project's default payout structure for a field of ``entries``.

    >>> default_percentages(9), len(default_percentages(30))
    (('50', '30', '20'), 8)
    """
    return next(percentages for most, percentages in DEFAULT_STRUCTURES if entries <= most)


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


def share_places(places: Sequence[tuple[int, int | None]], amounts: Sequence[Decimal]) -> dict[int, Decimal]:
    """Each placed key's prize from the amounts of places 1, 2, ... (``places``: (key, place)).

    Keys that share a place take the prizes of the places they cover together, split equally
    half up to the cent, the remainder to the first of them listed. Unplaced keys and places
    past the paid ones get nothing (they are left out).

    >>> share_places([(7, 1), (8, 2), (9, 2)], [Decimal("500"), Decimal("300"), Decimal("201")])
    {7: Decimal('500.00'), 8: Decimal('250.50'), 9: Decimal('250.50')}
    >>> share_places([(1, 1), (2, 2), (3, 2), (4, 2)], [Decimal("60"), Decimal("40")])
    {1: Decimal('60.00'), 2: Decimal('13.34'), 3: Decimal('13.33'), 4: Decimal('13.33')}
    """
    groups: dict[int, list[int]] = {}
    for key, place in places:
        if place is not None:
            groups.setdefault(place, []).append(key)
    prizes: dict[int, Decimal] = {}
    for place in sorted(groups):
        keys = groups[place]
        covered = sum(amounts[place - 1 : place - 1 + len(keys)], Decimal("0"))
        if covered <= 0:
            continue
        shares = [Fraction(covered) / len(keys)] * len(keys)
        for key, amount in zip(keys, _allocate(covered, shares, CENT, remainder_to=0), strict=True):
            prizes[key] = amount
    return prizes


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
