"""A satellite played to its end: its seats won, tickets issued, the cash remainder paid
(festival.md, "Satellites and tickets"; issue 28)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from vpt.audit.models import AuditEntry
from vpt.events.models import Entry, Event, Ticket
from vpt.events.places import finish_if_decided
from vpt.events.satellite_tickets import sync_satellite_tickets
from vpt.money.prizes import event_prizes
from vpt.money.results import event_results_table, results_json
from vpt.tours.event_simulation import simulation_actor

pytestmark = [pytest.mark.django_db]


def last_line(capsys: Any) -> str:
    return str(capsys.readouterr().out.strip().splitlines()[-1])


def make_satellite(capsys: Any, *, seat_value: str = "330") -> Event:
    call_command("create_main_event", "main", name="Main", flights="1A", buy_in=Decimal("300"), fee=Decimal("30"))
    call_command("create_satellite", "sat", target="main", seat_value=Decimal(seat_value))
    satellite = Event.objects.get(slug=last_line(capsys))
    assert satellite.target is not None and satellite.target.slug == "main"
    return satellite


@pytest.mark.slow
def test_a_satellite_ends_with_its_seats_sharing_place_one(capsys: Any) -> None:
    satellite = make_satellite(capsys)
    assert satellite.seat_value == Decimal("330.00")
    call_command("simulate_event", satellite_of="main", players=10, seed=3, finish=True)
    assert last_line(capsys) == "sat"
    satellite.refresh_from_db()
    assert satellite.status == Event.Status.FINISHED
    entries = list(Entry.objects.filter(event=satellite))
    assert sum(entry.buy_in for entry in entries) == Decimal("1000.00") and len(entries) == 10
    still_in = [entry for entry in entries if entry.status == Entry.Status.ACTIVE]
    assert len(still_in) == 3 and all(entry.place == 1 for entry in still_in)
    winners = [entry for entry in entries if entry.place is not None and entry.place <= 3]
    assert len(winners) == 3

    tickets = list(Ticket.objects.filter(won_in=satellite))
    assert len(tickets) == 3
    assert {ticket.won_by_id for ticket in tickets} == {entry.pk for entry in winners}
    assert all(ticket.event.slug == "main" and ticket.value == Decimal("330.00") for ticket in tickets)
    assert all(ticket.status == Ticket.Status.ISSUED for ticket in tickets)
    assert {ticket.person_id for ticket in tickets} == {entry.player.person_id for entry in winners}
    assert AuditEntry.objects.filter(action="events.ticket_issued").count() == 3

    prizes = event_prizes(satellite)
    assert prizes.pool.total == Decimal("1000.00")
    fourth = [entry for entry in entries if entry.place == 4]
    assert len(fourth) == 1 and prizes.prize_of(fourth[0].pk) == Decimal("10.00")
    assert sum(prizes.by_entry.values(), Decimal("0")) == Decimal("10.00")

    data = results_json(event_results_table(satellite, public=True))
    marked = {row["entry_id"] for row in data["rows"] if row["ticket"]}
    assert marked == {entry.pk for entry in winners}
    assert [row["prize"] for row in data["rows"] if row["place"] == 4] == ["10.00"]

    capsys.readouterr()
    call_command("check_chips", event="sat")
    assert capsys.readouterr().out.startswith("OK sat")

    # Settling again (a correction that changes nothing) issues nothing twice.
    sync_satellite_tickets(satellite, actor=simulation_actor())
    finish_if_decided(satellite, actor=simulation_actor())
    assert Ticket.objects.filter(won_in=satellite).count() == 3


def test_reopening_withdraws_the_tickets_and_refinishing_gives_them_back(capsys: Any) -> None:
    satellite = make_satellite(capsys)
    from vpt.events.entries import register_player

    actor = simulation_actor()
    for name in ["Ana", "Bea", "Caro", "Dani", "Eli", "Fer", "Gus", "Hugo", "Iris", "Juan"]:
        register_player(satellite, name=name, actor=actor)
    entries = list(Entry.objects.filter(event=satellite).order_by("id"))
    assert sum(entry.buy_in for entry in entries) == Decimal("1000.00")
    out = entries[3:]
    Entry.objects.filter(pk__in=[entry.pk for entry in out]).update(status=Entry.Status.ELIMINATED)
    for place, entry in enumerate(reversed(out), start=4):
        Entry.objects.filter(pk=entry.pk).update(place=place)
    finish_if_decided(satellite, actor=actor)
    satellite.refresh_from_db()
    assert satellite.status == Event.Status.FINISHED
    assert sorted(Entry.objects.filter(event=satellite).values_list("place", flat=True)) == [
        1,
        1,
        1,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
    ]
    first = set(Ticket.objects.filter(won_in=satellite).values_list("pk", flat=True))
    assert len(first) == 3

    # A correction revives the 4th: the satellite runs again, its tickets are withdrawn.
    Entry.objects.filter(pk=out[-1].pk).update(status=Entry.Status.ACTIVE, place=None)
    finish_if_decided(satellite, actor=actor)
    satellite.refresh_from_db()
    assert satellite.status == Event.Status.RUNNING
    assert set(Ticket.objects.filter(won_in=satellite).values_list("status", flat=True)) == {Ticket.Status.CANCELLED}
    assert AuditEntry.objects.filter(action="events.ticket_withdrawn").count() == 3
    assert not any(row["ticket"] for row in results_json(event_results_table(satellite))["rows"])

    # Out again: the same three tickets come back, no new one.
    Entry.objects.filter(pk=out[-1].pk).update(status=Entry.Status.ELIMINATED, place=4)
    finish_if_decided(satellite, actor=actor)
    tickets = Ticket.objects.filter(won_in=satellite)
    assert set(tickets.values_list("pk", flat=True)) == first
    assert set(tickets.values_list("status", flat=True)) == {Ticket.Status.ISSUED}


def test_create_satellite_refuses_bad_input(capsys: Any) -> None:
    make_satellite(capsys)
    with pytest.raises(CommandError, match="no event with slug 'nope'"):
        call_command("create_satellite", "sat2", target="nope")
    with pytest.raises(CommandError, match="more than zero"):
        call_command("create_satellite", "sat2", target="main", seat_value=Decimal("0"))
    with pytest.raises(CommandError, match="itself a satellite"):
        call_command("create_satellite", "sat2", target="sat")
    with pytest.raises(CommandError, match="already exists"):
        call_command("create_satellite", "sat", target="main")
    assert not Event.objects.filter(slug="sat2").exists()


def finish_with(satellite: Event, active: int, out_places: list[int]) -> list[Entry]:
    from vpt.events.entries import register_player

    actor = simulation_actor()
    for index in range(active + len(out_places)):
        register_player(satellite, name=f"Player {index}", actor=actor)
    entries = list(Entry.objects.filter(event=satellite).order_by("id"))
    for entry, place in zip(entries[active:], out_places, strict=True):
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.ELIMINATED, place=place)
    finish_if_decided(satellite, actor=actor)
    return list(Entry.objects.filter(event=satellite).order_by("id"))


def test_out_in_one_hand_below_the_seats_the_usual_ranking_takes_the_last_seat(capsys: Any) -> None:
    satellite = make_satellite(capsys, seat_value="110")  # 600.00: 5 seats, 50.00 to 6th
    entries = finish_with(satellite, 3, [4, 5, 6])
    assert [entry.place for entry in entries] == [1, 1, 1, 4, 5, 6]
    winners = set(Ticket.objects.filter(won_in=satellite).values_list("won_by_id", flat=True))
    assert winners == {entry.pk for entry in entries[:5]}
    assert event_prizes(satellite).prize_of(entries[5].pk) == Decimal("50.00")


def test_a_tie_over_the_last_seat_wins_no_ticket_and_shares_the_cash(capsys: Any) -> None:
    satellite = make_satellite(capsys, seat_value="110")  # 600.00: 5 seats, 50.00 to 6th
    entries = finish_with(satellite, 3, [4, 5, 5])
    winners = set(Ticket.objects.filter(won_in=satellite).values_list("won_by_id", flat=True))
    assert winners == {entry.pk for entry in entries[:4]}
    prizes = event_prizes(satellite)
    assert [prizes.prize_of(entry.pk) for entry in entries[4:]] == [Decimal("25.00"), Decimal("25.00")]


def test_the_director_reopening_a_finished_satellite_withdraws_its_tickets(capsys: Any) -> None:
    from vpt.events.services import set_event_status

    satellite = make_satellite(capsys, seat_value="110")  # 600.00: 5 seats
    entries = finish_with(satellite, 3, [4, 5, 6])
    assert Ticket.objects.filter(won_in=satellite, status=Ticket.Status.ISSUED).count() == 5
    satellite = set_event_status(satellite, status=Event.Status.RUNNING, actor=simulation_actor())
    assert not Ticket.objects.filter(won_in=satellite, status=Ticket.Status.ISSUED).exists()
    assert Entry.objects.get(pk=entries[0].pk).place is None
    set_event_status(satellite, status=Event.Status.FINISHED, actor=simulation_actor())
    tickets = Ticket.objects.filter(won_in=satellite)
    assert tickets.count() == 5 and set(tickets.values_list("status", flat=True)) == {Ticket.Status.ISSUED}


def test_a_winner_without_a_person_gets_no_ticket(capsys: Any) -> None:
    from vpt.events.models import Player

    satellite = make_satellite(capsys, seat_value="110")  # 600.00: 5 seats
    entries = finish_with(satellite, 3, [4, 5, 6])
    Ticket.objects.filter(won_in=satellite).delete()
    Player.objects.filter(pk=entries[0].player_id).update(person=None)
    skipped = sync_satellite_tickets(satellite, actor=simulation_actor())
    assert [entry.pk for entry in skipped] == [entries[0].pk]
    assert Ticket.objects.filter(won_in=satellite).count() == 4
