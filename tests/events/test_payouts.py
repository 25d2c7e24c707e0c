"""Prize pool, payout split and deal calculator (vpt.events.payouts): no database.

Published figures checked here:
- ICM: Wikipedia, "Independent Chip Model", section Model: players with 50%, 30% and 20% of
  the chips, prizes 70 and 30, have equities of about 45, 32 and 23 (exactly 1265/28, 129/4
  and 158/7).
- Chip-chop with floor: BetMGM poker help, "Deal making: chip payout": pool 570.00, next
  payout 57.00, stacks 15000/12000/10000/6000/500 -> 155.28/135.63/122.52/96.32/60.28 (their
  figures are rounded up to the cent; the exact shares are checked to within a cent).
Every ICM figure is also checked against an independent brute force over all finishing orders.
"""

import itertools
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vpt.events import payouts
from vpt.events.payouts import (
    PayoutError,
    chip_chop,
    icm_deal,
    icm_equities,
    place_probabilities,
    prize_pool,
    share_places,
    split_pool,
    validate_structure,
)


def brute_force_icm(stacks: list[int], prizes: list[Fraction]) -> list[Fraction]:
    """Malmuth-Harville by enumerating every finishing order (n! of them) with its probability."""
    equities = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        probability, left = Fraction(1), sum(stacks)
        for player in order:
            probability *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order):
            if place < len(prizes):
                equities[player] += probability * prizes[place]
    return equities


# Prize pool


def test_prize_pool_is_every_buy_in_plus_added_money_and_fees_stay_out() -> None:
    pool = prize_pool([Decimal("100.00")] * 12 + [Decimal("80.00")] * 3, added_money=Decimal("60"))

    assert pool.entries == 15
    assert pool.buy_ins == Decimal("1440.00")
    assert pool.total == Decimal("1500.00")
    assert pool.overlay == Decimal("0.00")
    assert pool.prices == ((12, Decimal("100.00")), (3, Decimal("80.00")))
    assert prize_pool([]).total == Decimal("0.00")


def test_a_guarantee_tops_the_pool_up_with_an_overlay() -> None:
    short = prize_pool([Decimal("100")] * 12, added_money=Decimal("50"), guarantee=Decimal("2000"))
    reached = prize_pool([Decimal("100")] * 25, guarantee=Decimal("2000"))

    assert (short.total, short.overlay) == (Decimal("2000.00"), Decimal("750.00"))
    assert (reached.total, reached.overlay) == (Decimal("2500.00"), Decimal("0.00"))


@pytest.mark.parametrize(
    ("buy_ins", "added", "guarantee", "code"),
    [
        (["-10"], "0", "0", "negative_amount"),
        (["10"], "-1", "0", "negative_amount"),
        (["10"], "0", "-1", "negative_guarantee"),
        (["NaN"], "0", "0", "not_a_number"),
    ],
)
def test_prize_pool_refuses_bad_input(buy_ins: list[str], added: str, guarantee: str, code: str) -> None:
    with pytest.raises(PayoutError) as error:
        prize_pool([Decimal(b) for b in buy_ins], added_money=Decimal(added), guarantee=Decimal(guarantee))

    assert error.value.code == code


def test_a_shared_place_splits_the_prizes_it_covers() -> None:
    amounts = [Decimal("500.00"), Decimal("300.00"), Decimal("200.00")]

    # Two share 2nd: they cover places 2 and 3, 250.00 each; a tie for 3rd past the paid places.
    assert share_places([(1, 1), (2, 2), (3, 2)], amounts) == {
        1: Decimal("500.00"),
        2: Decimal("250.00"),
        3: Decimal("250.00"),
    }
    assert share_places([(1, 1), (2, 2), (3, 3), (4, 3)], amounts) == {
        1: Decimal("500.00"),
        2: Decimal("300.00"),
        3: Decimal("100.00"),
        4: Decimal("100.00"),
    }
    # 100.00 three ways: the remainder cent to the first listed; nothing for the unplaced.
    assert share_places([(5, 1), (6, 1), (7, 1), (8, None)], [Decimal("60"), Decimal("40")]) == {
        5: Decimal("33.34"),
        6: Decimal("33.33"),
        7: Decimal("33.33"),
    }


# Structure and split


def test_structure_is_returned_as_decimals() -> None:
    assert validate_structure(["50", 30, Decimal("20")]) == (Decimal("50"), Decimal("30"), Decimal("20"))
    assert validate_structure(["33.34", "33.33", "33.33"]) == (Decimal("33.34"), Decimal("33.33"), Decimal("33.33"))


@pytest.mark.parametrize(
    ("percentages", "code"),
    [
        ([], "empty"),
        (["60", "30"], "not_100"),
        (["50", "30", "20", "0"], "not_positive"),
        (["30", "50", "20"], "not_descending"),
        (["100.5", "-0.5"], "not_positive"),
    ],
)
def test_structure_refuses_bad_percentages(percentages: list[str], code: str) -> None:
    with pytest.raises(PayoutError) as error:
        validate_structure(percentages)

    assert error.value.code == code


def test_split_rounds_each_place_half_up_to_the_unit() -> None:
    # 617.00 / 370.20 / 246.80 -> 615 / 370 / 245 in fives; the 4.00 left goes to first place.
    assert split_pool(Decimal("1234.00"), [50, 30, 20], unit=Decimal("5.00")) == (
        Decimal("619.00"),
        Decimal("370.00"),
        Decimal("245.00"),
    )


def test_split_rounds_half_up_not_to_even() -> None:
    # 10% of 25.00 is 2.50: half up gives 3, banker's rounding would give 2.
    assert split_pool(Decimal("25.00"), [90, 10], unit=Decimal("1.00")) == (Decimal("22.00"), Decimal("3.00"))
    # 12.5% of 100.00 is 12.50; 4 x 12.50 -> 4 x 13.00 = 52.00: first place gives back 2.00.
    assert split_pool(Decimal("100.00"), ["50", "12.5", "12.5", "12.5", "12.5"], unit=Decimal("1.00")) == (
        Decimal("48.00"),
        Decimal("13.00"),
        Decimal("13.00"),
        Decimal("13.00"),
        Decimal("13.00"),
    )


def test_split_to_the_cent_gives_the_remainder_cent_to_first_place() -> None:
    assert split_pool(Decimal("100.00"), ["33.34", "33.33", "33.33"], unit=Decimal("0.01")) == (
        Decimal("33.34"),
        Decimal("33.33"),
        Decimal("33.33"),
    )
    assert split_pool(Decimal("10.00"), ["33.34", "33.33", "33.33"], unit=Decimal("0.01")) == (
        Decimal("3.34"),
        Decimal("3.33"),
        Decimal("3.33"),
    )
    # 1/3 each of 1.00: .33 x 3 = .99; the cent left goes to first place.
    assert split_pool(Decimal("1.00"), ["33.34", "33.33", "33.33"], unit=Decimal("0.01")) == (
        Decimal("0.34"),
        Decimal("0.33"),
        Decimal("0.33"),
    )


def test_split_of_an_empty_pool_is_all_zero() -> None:
    assert split_pool(Decimal("0"), [70, 30]) == (Decimal("0.00"), Decimal("0.00"))


@pytest.mark.parametrize("unit", ["0", "-5", "0.001"])
def test_split_refuses_a_bad_unit(unit: str) -> None:
    with pytest.raises(PayoutError) as error:
        split_pool(Decimal("100"), [100], unit=Decimal(unit))

    assert error.value.code == "bad_unit"


def test_split_refuses_a_unit_that_overdraws_first_place() -> None:
    # 15% of 10.00 is 1.50: in 2.00 units that is 2.00 for each of four places, 4.00 for first
    # place (40%): 12.00 in all, so first place gives back 2.00 and keeps 2.00.
    assert split_pool(Decimal("10.00"), [40, 15, 15, 15, 15], unit=Decimal("2.00")) == (
        Decimal("2.00"),
        Decimal("2.00"),
        Decimal("2.00"),
        Decimal("2.00"),
        Decimal("2.00"),
    )
    # In 3.00 units: 3.00 x 4 + 3.00 = 15.00, and first place would have to give back 5.00.
    with pytest.raises(PayoutError) as error:
        split_pool(Decimal("10.00"), [40, 15, 15, 15, 15], unit=Decimal("3.00"))

    assert error.value.code == "unit_too_large"


structures = st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=12).map(
    lambda weights: sorted(weights, reverse=True)
)


@settings(deadline=None)  # no test may depend on the machine's speed (issue 13)
@given(
    cents=st.integers(min_value=0, max_value=10**9),
    weights=structures,
    unit=st.sampled_from(["0.01", "0.50", "1.00", "5.00", "25.00"]),
)
def test_split_always_adds_up_to_the_pool(cents: int, weights: list[int], unit: str) -> None:
    total = sum(weights)
    # Turn the weights into percentages with two decimals that add up to exactly 100.
    percentages = [Decimal(w * 10000 // total) / 100 for w in weights]
    percentages[0] += Decimal(100) - sum(percentages)
    if any(later > earlier for earlier, later in itertools.pairwise(percentages)):
        return
    pool = Decimal(cents) / 100
    try:
        amounts = split_pool(pool, percentages, unit=Decimal(unit))
    except PayoutError as error:
        assert error.code == "unit_too_large"
        return

    assert sum(amounts) == pool
    assert all(a >= 0 and a == a.quantize(Decimal("0.01")) for a in amounts)
    # Every place but the first is a whole number of units, within half a unit of its share.
    for amount, percentage in zip(amounts[1:], percentages[1:]):
        assert amount % Decimal(unit) == 0
        assert abs(amount - pool * percentage / 100) <= Decimal(unit) / 2


# Deals: chip-chop


def test_chip_chop_is_proportional_to_chips() -> None:
    assert chip_chop([5000, 3000, 2000], ["500", "300", "200"]) == (
        Decimal("500.00"),
        Decimal("300.00"),
        Decimal("200.00"),
    )
    # 1000 x 1/3 = 333.33 each; the cent left goes to the biggest stack, the first on a tie.
    assert chip_chop([100, 100, 100], ["600", "300", "100"]) == (
        Decimal("333.34"),
        Decimal("333.33"),
        Decimal("333.33"),
    )
    assert chip_chop([100, 200, 200], ["600", "300", "100"]) == (
        Decimal("200.00"),
        Decimal("400.00"),
        Decimal("400.00"),
    )


def test_chip_chop_with_floor_guarantees_the_next_places_prize() -> None:
    # Everyone gets 200 (3rd prize); the 400 left is split 50/30/20.
    assert chip_chop([5000, 3000, 2000], ["500", "300", "200"], floor=True) == (
        Decimal("400.00"),
        Decimal("320.00"),
        Decimal("280.00"),
    )
    # A tiny stack still gets at least the floor.
    amounts = chip_chop([99_000, 1_000], ["700", "300"], floor=True)
    assert amounts == (Decimal("696.00"), Decimal("304.00"))


def test_chip_chop_with_floor_matches_the_published_example() -> None:
    stacks = [15000, 12000, 10000, 6000, 500]
    prizes = ["200.00", "140.00", "100.00", "73.00", "57.00"]  # pool 570.00, next place 57.00
    published = [Decimal("155.28"), Decimal("135.63"), Decimal("122.52"), Decimal("96.32"), Decimal("60.28")]

    amounts = chip_chop(stacks, prizes, floor=True)

    exact = [Fraction(57) + Fraction(570 - 5 * 57) * Fraction(s, sum(stacks)) for s in stacks]
    assert all(abs(Fraction(p) - e) < Fraction(1, 100) for p, e in zip(published, exact))
    assert amounts == (Decimal("155.27"), Decimal("135.62"), Decimal("122.52"), Decimal("96.31"), Decimal("60.28"))
    assert sum(amounts) == Decimal("570.00")


def test_chip_chop_rounds_to_a_unit_and_still_adds_up() -> None:
    amounts = chip_chop([7, 5, 3], ["700", "500", "299.99"], unit=Decimal("5.00"))

    # 699.995 / 499.997 / 299.998 -> 700, 500, 300 (1500.00): the biggest stack gives back .01.
    assert amounts == (Decimal("699.99"), Decimal("500.00"), Decimal("300.00"))
    assert sum(amounts) == Decimal("1499.99")


@pytest.mark.parametrize(
    ("stacks", "prizes", "code"),
    [
        ([100], ["10"], "too_few_players"),
        ([100, 0], ["10"], "not_positive"),
        ([100, 50], ["10", "5", "1"], "too_many_prizes"),
        ([100, 50], ["5", "10"], "not_descending"),
        ([100, 50], ["-5"], "negative_amount"),
    ],
)
def test_deals_refuse_bad_input(stacks: list[int], prizes: list[str], code: str) -> None:
    for deal in (chip_chop, icm_deal):
        with pytest.raises(PayoutError) as error:
            deal(stacks, prizes)

        assert error.value.code == code


# Deals: ICM (Malmuth-Harville)


def test_icm_matches_the_wikipedia_example() -> None:
    equities = icm_equities([50, 30, 20], [70, 30])

    assert equities == (Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7))
    assert [round(float(e)) for e in equities] == [45, 32, 23]  # as published
    assert equities == tuple(brute_force_icm([50, 30, 20], [Fraction(70), Fraction(30)]))


def test_icm_three_handed_50_30_20_by_hand() -> None:
    # Stacks 5000/3000/2000, prizes 50/30/20 (percent of the pool). By hand:
    # A: 1st 1/2; 2nd 3/10*5/7 + 2/10*5/8 = 19/56; 3rd 9/56 -> 25 + 570/56 + 180/56 = 38.3929
    # B: 1st 3/10; 2nd 1/2*3/5 + 2/10*3/8 = 3/8; 3rd 13/40 -> 15 + 11.25 + 6.5 = 32.75
    # C: 1st 1/5; 2nd 1/2*2/5 + 3/10*2/7 = 2/7; 3rd 18/35 -> 10 + 60/7 + 72/7 = 28.8571
    # (The figures 38.43/32.24/29.33 sometimes quoted for this example are not Malmuth-Harville:
    # the brute force below agrees with the hand computation, not with them.)
    equities = icm_equities([5000, 3000, 2000], [50, 30, 20])

    assert equities == (Fraction(2150, 56), Fraction(131, 4), Fraction(202, 7))
    assert equities == tuple(brute_force_icm([5000, 3000, 2000], [Fraction(50), Fraction(30), Fraction(20)]))
    assert icm_deal([5000, 3000, 2000], ["50", "30", "20"]) == (Decimal("38.39"), Decimal("32.75"), Decimal("28.86"))
    assert icm_deal([5000, 3000, 2000], ["5000", "3000", "2000"], unit=Decimal("5.00")) == (
        Decimal("3840.00"),
        Decimal("3275.00"),
        Decimal("2885.00"),
    )


def test_icm_place_probabilities_are_a_distribution() -> None:
    probabilities = place_probabilities([5000, 3000, 2000])

    assert probabilities[0] == (Fraction(1, 2), Fraction(19, 56), Fraction(9, 56))
    assert all(sum(row) == 1 for row in probabilities)
    assert all(sum(column) == 1 for column in zip(*probabilities))


def test_icm_equal_stacks_split_equally_and_leftover_cents_go_to_the_first() -> None:
    assert icm_deal([10, 10, 10], ["500", "300", "200"]) == (
        Decimal("333.34"),
        Decimal("333.33"),
        Decimal("333.33"),
    )


def test_icm_pays_a_short_stack_more_than_chip_chop() -> None:
    stacks, prizes = [80_000, 15_000, 5_000], ["5000", "3000", "2000"]

    icm, chop = icm_deal(stacks, prizes), chip_chop(stacks, prizes)

    assert icm[2] > chop[2] and icm[0] < chop[0]
    assert sum(icm) == sum(chop) == Decimal("10000.00")


def test_icm_with_more_players_than_paid_places() -> None:
    stacks = [4000, 3000, 2000, 1000]
    prizes = ["650", "350"]  # 3rd and 4th get nothing

    equities = icm_equities(stacks, prizes)

    assert equities == tuple(brute_force_icm(stacks, [Fraction(650), Fraction(350)]))
    assert sum(icm_deal(stacks, prizes)) == Decimal("1000.00")


def test_icm_refuses_too_many_players() -> None:
    with pytest.raises(PayoutError) as error:
        place_probabilities([1] * (payouts.MAX_ICM_PLAYERS + 1))

    assert error.value.code == "too_many_players"


@settings(deadline=None)  # no test may depend on the machine's speed (issue 13)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=100_000), min_size=2, max_size=6),
    prizes=st.lists(st.integers(min_value=0, max_value=100_000), min_size=1, max_size=6),
)
def test_icm_agrees_with_brute_force_and_adds_up(stacks: list[int], prizes: list[int]) -> None:
    prizes = sorted(prizes, reverse=True)[: len(stacks)]
    cents = [Decimal(p) / 100 for p in prizes]

    equities = icm_equities(stacks, cents)
    amounts = icm_deal(stacks, cents)

    assert list(equities) == brute_force_icm(stacks, [Fraction(c) for c in cents])
    assert sum(equities) == sum(Fraction(c) for c in cents)
    assert sum(amounts) == sum(cents)
    # No one is more than a cent (the rounding) from their equity, except the biggest stack,
    # which absorbs the remainder of every other player's rounding.
    biggest = max(range(len(stacks)), key=lambda i: (stacks[i], -i))
    for i, (amount, equity) in enumerate(zip(amounts, equities)):
        limit = Fraction(len(stacks), 100) if i == biggest else Fraction(1, 200)
        assert abs(Fraction(amount) - equity) <= limit
