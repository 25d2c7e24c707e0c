"""The tour final (festival.md, "Tour final"): set on the tour, tickets to the top `final_seats`
qualified persons (once: issuing again gives nobody a second), and the final's starting stacks
scaled by season points, base + round(points × chips per point of points), half up."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from tour_events import build_season

from vpt.audit.models import AuditEntry
from vpt.errors import Conflict, ServiceError
from vpt.events.entries import adjust_chips, register_player
from vpt.events.models import Entry, Event
from vpt.events.ticket_models import Ticket
from vpt.festival.creation import create_main_event
from vpt.rounds.models import Hand
from vpt.tables.models import Round, Table
from vpt.tours.final import final_plan
from vpt.tours.models import Tour
from vpt.tours.services import (
    add_event_to_tour,
    issue_final_tickets,
    scale_final_stacks,
    set_tour_event_multiplier,
    set_tour_final,
)

pytestmark = pytest.mark.django_db


def test_the_final_is_set_audited_and_bad_settings_change_nothing(director: Any) -> None:
    tour, final, _people = build_season(director)
    create_main_event(slug="main", name="Main", flights=["1A"], actor=director)
    refusals = [
        (Event.objects.get(slug="main"), 3, None, Decimal(0), "final_not_single"),
        (Event.objects.get(slug="main-1a"), 3, None, Decimal(0), "final_not_single"),
        (Event.objects.get(slug="one"), 3, None, Decimal(0), "final_in_tour"),
        (final, 0, None, Decimal(0), "invalid_final_seats"),
        (final, 3, 0, Decimal(0), "invalid_base_stack"),
        (final, 3, None, Decimal("-1"), "invalid_chips_per_point"),
        (final, 3, None, Decimal("1.234"), "invalid_chips_per_point"),
    ]
    for event, seats, base, per_point, code in refusals:
        with pytest.raises(ServiceError) as refused:
            set_tour_final(tour, event=event, seats=seats, base_stack=base, chips_per_point=per_point, actor=director)
        assert refused.value.code == code
    assert Tour.objects.get(pk=tour.pk).final_event_id is None

    tour = set_tour_final(tour, event=final, seats=3, chips_per_point=Decimal("5"), actor=director)

    tour.refresh_from_db()
    assert (tour.final_event, tour.final_seats, tour.final_base_stack, tour.final_chips_per_point) == (
        final,
        3,
        None,
        Decimal("5.00"),
    )
    entry = AuditEntry.objects.get(action="tours.final_set")
    assert entry.after == {"event": "final", "seats": 3, "base_stack": None, "chips_per_point": "5.00"}
    with pytest.raises(ServiceError, match="the final of this tour") as refused:
        add_event_to_tour(tour, event=final, actor=director)
    assert refused.value.code == "final_in_tour"


def test_tickets_go_to_the_top_qualified_once(director: Any) -> None:
    tour, final, people = build_season(director)
    with pytest.raises(ServiceError) as refused:
        issue_final_tickets(tour, actor=director)
    assert refused.value.code == "no_final"
    tour = set_tour_final(tour, event=final, seats=3, chips_per_point=Decimal("5"), actor=director)
    Event.objects.filter(slug="two").update(status=Event.Status.RUNNING)
    with pytest.raises(Conflict) as waiting:
        issue_final_tickets(tour, actor=director)
    assert waiting.value.code == "tour_not_final" and not Ticket.objects.exists()
    Event.objects.filter(slug="two").update(status=Event.Status.FINISHED)

    first = issue_final_tickets(tour, actor=director)

    assert [ticket.person.name for ticket in first.issued] == ["Ben", "Ana", "Dan"]  # Cid is 4th
    assert first.held == 0 and first.tied_at_cut is False
    fields = ("person__name", "event__slug", "value", "source", "status")
    tickets = list(Ticket.objects.order_by("id").values_list(*fields))
    assert tickets == [(name, "final", Decimal("220.00"), "tour:vpt", "issued") for name in ("Ben", "Ana", "Dan")]

    again = issue_final_tickets(tour, actor=director)

    assert again.issued == [] and again.held == 3
    assert Ticket.objects.count() == 3
    assert AuditEntry.objects.filter(action="tours.final_tickets_issued").count() == 1
    assert AuditEntry.objects.filter(action="events.ticket_issued").count() == 3
    plan = final_plan(tour)
    assert plan is not None
    assert [(seat.rank, seat.name, str(seat.points), seat.ticket is not None) for seat in plan.seats] == [
        (1, "Ben", "170.50", True),
        (2, "Ana", "170.35", True),
        (3, "Dan", "90.25", True),
    ]
    # A ticket the cash desk has used, or cancelled, still counts: nobody gets a second.
    Ticket.objects.filter(person=people["Dan"]).update(status=Ticket.Status.CANCELLED)
    assert issue_final_tickets(tour, actor=director).issued == []


def test_a_rank_shared_at_the_last_seat_is_said(director: Any) -> None:
    tour, final, _people = build_season(director)
    set_tour_event_multiplier(tour, event=Event.objects.get(slug="two"), multiplier=Decimal(1), actor=director)
    # At x1: Ana and Ben 170 (rank 1, shared), Cid and Dan 90 (rank 3, shared: equal wins, best event, events).
    set_tour_final(tour, event=final, seats=3, actor=director)

    issued = issue_final_tickets(tour, actor=director)

    assert issued.tied_at_cut is True
    assert [ticket.person.name for ticket in issued.issued] == ["Ana", "Ben", "Cid"]  # the leaderboard's order


def test_the_final_stacks_follow_the_formula_rounded_half_up(director: Any) -> None:
    """Base 10,000 (the final's starting stack), 5 chips a point of points:
    Ben 170.50 × 5 = 852.5 → 853 (half up; half even would give 852): 10,853;
    Ana 170.35 × 5 = 851.75 → 852: 10,852;  Dan 90.25 × 5 = 451.25 → 451: 10,451;
    Cid 90.20 × 5 = 451: 10,451;  Fay 30.15 × 5 = 150.75 → 151: 10,151;  Eva 30 × 5 = 150: 10,150;
    Zoe, no points: 10,000; Eva's re-entry: the base, 10,000."""
    tour, final, people = build_season(director)
    tour = set_tour_final(tour, event=final, seats=3, chips_per_point=Decimal("5"), actor=director)
    for name in ("Ben", "Ana", "Dan", "Cid", "Fay", "Eva"):
        register_player(final, name=name, person=people[name], actor=director)
    register_player(final, name="Zoe", actor=director)
    dan = Entry.objects.get(event=final, player__name="Dan")
    adjust_chips(dan, amount=500, reason="a late seat's chips", actor=director)

    changed = scale_final_stacks(tour, actor=director)

    stacks = dict(Entry.objects.filter(event=final).values_list("player__name", "starting_stack"))
    assert stacks == {
        "Ben": 10853,
        "Ana": 10852,
        "Dan": 10451,
        "Cid": 10451,
        "Fay": 10151,
        "Eva": 10150,
        "Zoe": 10000,
    }
    assert len(changed) == 6
    dan.refresh_from_db()
    assert dan.stack == 10451 + 500  # the adjustment stays
    audit = AuditEntry.objects.get(action="tours.final_stacks_scaled")
    assert audit.event_id == final.pk and audit.after[str(dan.pk)] == 10451
    assert scale_final_stacks(tour, actor=director) == []  # scaled already: nothing changes
    call_command("check_chips", event="final")  # every stack is its starting stack and adjustments

    eva = Entry.objects.get(event=final, player__name="Eva")
    Entry.objects.filter(pk=eva.pk).update(status=Entry.Status.ELIMINATED, stack=0)
    Entry.objects.create(event=final, player=eva.player, number=2, starting_stack=10000, stack=10000)
    set_tour_final(tour, event=final, seats=3, base_stack=12000, chips_per_point=Decimal("5"), actor=director)
    scale_final_stacks(tour, actor=director)
    stacks = dict(Entry.objects.filter(event=final, status="active").values_list("player__name", "starting_stack"))
    assert (stacks["Ben"], stacks["Zoe"], stacks["Eva"]) == (12853, 12000, 12000)  # the re-entry: the base

    table = Table.objects.create(event=final, number=1)
    first = Round.objects.create(table=table, number=1)
    Hand.objects.create(event=final, table=table, number=1, round=first, chips_per_point=1, button_seat=1)
    with pytest.raises(Conflict) as started:
        scale_final_stacks(tour, actor=director)
    assert started.value.code == "final_started"


def test_create_tour_sets_the_final(director: Any) -> None:
    _tour, final, _people = build_season(director)
    with pytest.raises(CommandError, match="needs --final-seats"):
        call_command("create_tour", "vpt", "--name", "VPT", "--final-event", "final")
    with pytest.raises(CommandError, match="need --final-event"):
        call_command("create_tour", "vpt", "--name", "VPT", "--final-seats", "8")
    with pytest.raises(CommandError, match="is an event of this tour"):
        call_command("create_tour", "vpt", "--name", "VPT", "--final-event", "one", "--final-seats", "8")
    assert Tour.objects.get(slug="vpt").final_event_id is None

    out = io.StringIO()
    call_command(
        "create_tour",
        "vpt",
        "--name",
        "VPT",
        "--final-event",
        "final",
        "--final-seats",
        "8",
        "--final-base-stack",
        "20000",
        "--final-chips-per-point",
        "2.5",
        stdout=out,
    )

    tour = Tour.objects.get(slug="vpt")
    assert (tour.final_event, tour.final_seats, tour.final_base_stack, tour.final_chips_per_point) == (
        final,
        8,
        20000,
        Decimal("2.50"),
    )
    assert "final final: 8 seats, stack 20000 + points x 2.50" in out.getvalue()
