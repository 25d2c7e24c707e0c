"""A correction or void after the event ended by a deal (issue 19): one that would put a player
back in or out, or change the chips of a player in the deal, is refused in the dry run and in
the apply, with nothing changed, until the deal is undone; one that changes neither leaves the
deal, the finished event and the places as they were."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FOULED, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.errors import Conflict
from vpt.events.entries import adjust_chips, register_player
from vpt.events.models import Deal, Entry, Event
from vpt.events.services import create_event
from vpt.money.deals import apply_deal, undo_deal
from vpt.money.payout_services import set_payout_structure
from vpt.rounds.corrections import apply_correction, apply_void, plan_correction, plan_void
from vpt.rounds.models import Hand
from vpt.rounds.services import record_hand
from vpt.seating.models import Seat
from vpt.seating.services import draw_seats
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db

Boards = dict[str, str]
RECORDED = {"Ana": JACKS, "Ben": ACES_FULL, "Dee": QUEENS_FOULED}
REVIVES_DEE = {"Ana": ACES_FULL, "Ben": QUEENS_FULL, "Dee": JACKS}
SWAPS_ANA_AND_BEN = {"Ana": ACES_FULL, "Ben": JACKS, "Dee": QUEENS_FOULED}


@dataclass
class Dealt:
    event: Event
    hand: Hand
    seats: dict[str, int]

    def boards(self, by_name: dict[str, Boards]) -> dict[int, Boards]:
        return {self.seats[name]: board for name, board in by_name.items()}


@pytest.fixture
def dealt(director: User) -> Dealt:
    """Dee (100 chips) fouls out in hand 1; Ana and Ben, left, make a chip-chop deal: the event
    has finished."""
    event = create_event(name="Final Cup", slug="final-cup", actor=director, buy_in=Decimal("100"), levels=[100])
    for name in ("Ana", "Ben", "Dee"):
        register_player(event, name=name, actor=director)
    set_payout_structure(event, percentages=["60", "40"], unit=Decimal("1.00"), actor=director)
    draw_seats(event, actor=director, seed=4)
    adjust_chips(Entry.objects.get(player__name="Dee"), amount=-9900, reason="short stack", actor=director)
    table = Table.objects.get(event=event)
    seats = {
        seat.entry.player.name: seat.number for seat in Seat.objects.filter(table=table).select_related("entry__player")
    }
    dealt = Dealt(event, Hand(), seats)
    dealt.hand = record_hand(table, hand_number=1, actor=director, boards=dealt.boards(RECORDED))
    assert Entry.objects.get(player__name="Dee").status == Entry.Status.ELIMINATED
    apply_deal(event, kind="chip-chop", tables_in_play=1, actor=director)
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    return dealt


def state(event: Event) -> tuple[object, ...]:
    entries = tuple(Entry.objects.filter(event=event).order_by("pk").values_list("stack", "status", "place"))
    hands = tuple(Hand.objects.filter(event=event).order_by("pk").values_list("status", "version"))
    shares = tuple(Deal.objects.get(event=event).shares.order_by("entry_id").values_list("entry_id", "amount", "place"))
    return Event.objects.get(pk=event.pk).status, entries, hands, shares


@pytest.mark.parametrize(
    ("boards", "named", "not_named"), [(REVIVES_DEE, ["Dee"], []), (SWAPS_ANA_AND_BEN, ["Ana", "Ben"], ["Dee"])]
)
def test_a_correction_that_changes_who_is_out_or_the_deals_chips_is_refused(
    director: User, dealt: Dealt, boards: dict[str, Boards], named: list[str], not_named: list[str]
) -> None:
    before = state(dealt.event)

    plan = plan_correction(dealt.hand, boards=dealt.boards(boards), actor=director)

    assert plan.refusal.startswith("The event ended with a deal, and this correction would change")
    assert plan.refusal.endswith("Undo the deal first, then correct the hand and make the deal again.")
    assert all(name in plan.refusal for name in named) and not any(name in plan.refusal for name in not_named)
    with pytest.raises(Conflict) as refused:
        apply_correction(dealt.hand, boards=dealt.boards(boards), actor=director, reason="misread", seen=plan.token)
    assert refused.value.code == "deal_made" and str(refused.value) == plan.refusal
    assert state(dealt.event) == before


def test_voiding_the_hand_that_put_a_player_out_before_the_deal_is_refused(director: User, dealt: Dealt) -> None:
    before = state(dealt.event)

    plan = plan_void(dealt.hand, actor=director)

    assert plan.refusal.startswith("The event ended with a deal, and voiding this hand would change")
    assert "Dee" in plan.refusal
    with pytest.raises(Conflict) as refused:
        apply_void(dealt.hand, actor=director, reason="wrong table", seen=plan.token)
    assert refused.value.code == "deal_made"
    assert state(dealt.event) == before


def test_a_correction_that_changes_nothing_of_the_deal_keeps_it_and_its_places(director: User, dealt: Dealt) -> None:
    status, entries, _hands, shares = state(dealt.event)

    plan = plan_correction(dealt.hand, boards=dealt.boards(RECORDED), actor=director)
    assert plan.refusal == "" and plan.report.places == [] and plan.report.stacks == []
    apply_correction(dealt.hand, boards=dealt.boards(RECORDED), actor=director, reason="note", seen=plan.token)

    after = state(dealt.event)
    assert (after[0], after[1], after[3]) == (status, entries, shares)  # still finished by the deal, same places
    assert Hand.objects.get(pk=dealt.hand.pk).version == 2


def test_after_undoing_the_deal_the_correction_is_made(director: User, dealt: Dealt) -> None:
    undo_deal(dealt.event, actor=director)

    plan = plan_correction(dealt.hand, boards=dealt.boards(REVIVES_DEE), actor=director)
    assert plan.refusal == ""
    apply_correction(dealt.hand, boards=dealt.boards(REVIVES_DEE), actor=director, reason="misread", seen=plan.token)

    assert Entry.objects.get(player__name="Dee").status == Entry.Status.ACTIVE
    assert Event.objects.get(pk=dealt.event.pk).status == Event.Status.RUNNING


def test_the_pages_show_the_refusal_with_the_differences_and_no_confirm(
    client_as_director: Client, dealt: Dealt
) -> None:
    data = {"reason": "misread", "action": "dry_run"}
    for seat, board in dealt.boards(REVIVES_DEE).items():
        data.update({f"s{seat}-{row}": cards for row, cards in board.items()})
    before = state(dealt.event)

    page = client_as_director.post(reverse("floor:hand-correct", args=[dealt.hand.pk]), data).content.decode()

    assert "Differences (nothing saved yet)" in page
    assert "The event ended with a deal, and this correction would change" in page
    assert "data-confirm" not in page and 'href="/floor/events/final-cup/deal/"' in page
    confirmed = client_as_director.post(
        reverse("floor:hand-correct", args=[dealt.hand.pk]), {**data, "action": "confirm"}
    )
    assert confirmed.status_code == 200 and state(dealt.event) == before

    void_url = reverse("floor:hand-void", args=[dealt.hand.pk])
    void = client_as_director.get(void_url).content.decode()
    assert "voiding this hand would change" in void and "data-confirm" not in void
    posted = client_as_director.post(void_url, {"reason": "wrong table", "plan": "anything"})
    assert posted.status_code == 200 and state(dealt.event) == before
