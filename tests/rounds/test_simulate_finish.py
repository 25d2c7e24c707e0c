"""`simulate_event` with money, played to the end, or to a deal (issue 19, part 5)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from vpt.events.models import Deal, Entry, Event, PayoutStructure
from vpt.money.prizes import event_prizes


def simulate(capsys: Any, **options: Any) -> Event:
    call_command("simulate_event", **options)
    return Event.objects.get(slug=capsys.readouterr().out.strip().splitlines()[-1])


@pytest.mark.django_db
def test_the_simulated_event_has_money_and_the_default_payouts(capsys: Any) -> None:
    event = simulate(capsys, players=8, hands=3, seed=2, buy_in=Decimal("50"), fee=Decimal("5"))

    assert (event.buy_in, event.fee) == (Decimal("50.00"), Decimal("5.00"))
    assert PayoutStructure.objects.get(event=event).percentages == ["50", "30", "20"]
    assert event_prizes(event).pool.total == Decimal("400.00")


@pytest.mark.slow
@pytest.mark.django_db
def test_finish_plays_on_until_one_player_is_left(capsys: Any) -> None:
    event = simulate(capsys, players=10, hands=1, seed=4, finish=True)

    assert event.status == Event.Status.FINISHED
    winner = Entry.objects.get(event=event, status=Entry.Status.ACTIVE)
    assert winner.place == 1 and winner.stack == sum(
        Entry.objects.filter(event=event).values_list("starting_stack", flat=True)
    )
    prizes = event_prizes(event)
    assert prizes.prize_of(winner.pk) == prizes.amounts[0]
    assert sum(prizes.by_entry.values(), Decimal(0)) == prizes.pool.total
    assert not Deal.objects.exists()


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["icm", "chip-chop"])
def test_finish_with_a_deal_stops_at_three_players_at_one_table(capsys: Any, kind: str) -> None:
    event = simulate(capsys, players=10, hands=1, seed=3, finish=True, deal=kind)

    deal = Deal.objects.get(event=event)
    assert deal.kind == kind and deal.shares.count() == 3
    assert event.status == Event.Status.FINISHED
    assert Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).count() == 3
    prizes = event_prizes(event)
    assert sum(prizes.by_entry.values(), Decimal(0)) == prizes.pool.total == Decimal("1000.00")


@pytest.mark.django_db
def test_a_deal_needs_finish(capsys: Any) -> None:
    with pytest.raises(CommandError) as refused:
        call_command("simulate_event", players=6, hands=1, seed=1, deal="icm")

    assert str(refused.value) == "--deal needs --finish"
    assert not Event.objects.exists()
