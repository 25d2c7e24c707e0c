"""A main event played end to end: three flights, Day 2 and the results (issue 28)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command

from vpt.errors import Conflict
from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.festival.redraw import snake_tables
from vpt.festival.selectors import advancing_entries, end_of_day, going_on, withdrawals
from vpt.money.prizes import event_prizes
from vpt.money.results import main_event_results, results_json
from vpt.seating.models import Seat
from vpt.seating.services import table_sizes
from vpt.tours.event_simulation import simulation_actor

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def check_chips(capsys: Any, slug: str) -> str:
    capsys.readouterr()
    call_command("check_chips", event=slug)
    out: str = capsys.readouterr().out
    assert out.startswith(f"OK {slug}")
    return out


def play_flights(capsys: Any, slug: str, seeds: list[int], players: int) -> list[Event]:
    flights = []
    for seed in seeds:
        call_command("simulate_event", flight_of=slug, players=players, seed=seed, finish=True)
        flight = Event.objects.get(slug=capsys.readouterr().out.strip().splitlines()[-1])
        assert flight.status == Event.Status.FINISHED
        report = end_of_day(flight)
        assert report.chips_in_play == report.chips_expected
        assert report.chips_in_play == sum(Entry.objects.filter(event=flight).values_list("starting_stack", flat=True))
        assert report.advance is not None and 1 <= len(report.rows) <= report.advance
        # The advancing players hold no place in their flight; everyone out holds one.
        assert all(row.entry.place is None for row in report.rows)
        assert not Entry.objects.filter(event=flight, status=Entry.Status.ELIMINATED, place__isnull=True).exists()
        assert "advancing" in check_chips(capsys, flight.slug)
        flights.append(flight)
    return flights


def check_day2(capsys: Any, main: Event) -> None:
    ranked = going_on(main)
    call_command("start_day2", main.slug, seed=5)
    day2 = list(Entry.objects.filter(event=main).order_by("id"))
    assert [(e.starting_stack, e.flight_id) for e in day2] == [(e.stack, e.event_id) for e in ranked]
    assert [e.stack for e in day2] == sorted((e.stack for e in day2), reverse=True)
    # The snake: 1st stack to table 1 ... Tth to T, (T+1)th to T, ...
    tables = len(table_sizes(len(day2), main.seats_per_table))
    assert tables >= 2, "the snake turns"
    seats = dict(Seat.objects.filter(table__event=main, entry__isnull=False).values_list("entry_id", "table__number"))
    assert [seats[e.pk] for e in day2] == snake_tables(len(day2), tables)
    check_chips(capsys, main.slug)

    call_command("simulate_event", event=main.slug, seed=7, finish=True)
    main.refresh_from_db()
    assert main.status == Event.Status.FINISHED
    check_chips(capsys, main.slug)

    results = main_event_results(main)
    prizes = event_prizes(main)
    flights_buy_ins = sum(Entry.objects.filter(event__main_event=main).values_list("buy_in", flat=True))
    assert (
        prizes.pool.total == flights_buy_ins == Decimal("100.00") * Entry.objects.filter(event__main_event=main).count()
    )
    assert results.prize_total == prizes.pool.total
    n = len(day2)
    placed = [row for row in results.rows if row.place is not None]
    day2_rows = [row for row in placed if row.place <= n]
    assert sorted(row.place for row in day2_rows)[0] == 1 and len(day2_rows) == n
    block = [row for row in placed if row.place > n]
    assert {row.place for row in block} == {n + 1}
    assert all(row.prize == 0 for row in block)
    not_reentered = [r for r in results.rows if r.status != "re-entered"]
    assert len(placed) == len(not_reentered)
    data = results_json(results)
    assert {row["flight"] for row in data["rows"]} <= {f.slug for f in main.flights.all()}
    assert sum(Decimal(row["prize"]) for row in data["rows"]) == prizes.pool.total


def test_a_main_event_under_best_stack(capsys: Any) -> None:
    call_command("create_main_event", "fest", name="Festival Main", flights="1A,1B,1C", advance="0.4")
    capsys.readouterr()
    main = Event.objects.get(slug="fest")
    assert [f.slug for f in main.flights.order_by("id")] == ["fest-1a", "fest-1b", "fest-1c"]
    play_flights(capsys, "fest", [1, 2, 3], players=8)

    out = withdrawals(main)
    assert out, "someone advanced from two flights"
    entries = {e.pk: e for e in advancing_entries(main)}
    for withdrawn, kept in out.items():
        assert entries[withdrawn].player.person_id == entries[kept].player.person_id
        assert entries[withdrawn].stack <= entries[kept].stack
    report = end_of_day(entries[next(iter(out))].event)
    assert any(row.withdrawn for row in report.rows)

    check_day2(capsys, main)
    withdrawn_rows = [row for row in main_event_results(main).rows if row.status == "withdrawn"]
    assert {row.entry_id for row in withdrawn_rows} == set(out)
    people = list(Entry.objects.filter(event=main).values_list("player__person_id", flat=True))
    assert len(people) == len(set(people))


def test_a_main_event_under_first_stack(capsys: Any) -> None:
    call_command("create_main_event", "solo", name="Solo Main", flights="1A,1B", advance="0.5", policy="first_stack")
    capsys.readouterr()
    main = Event.objects.get(slug="solo")
    play_flights(capsys, "solo", [1], players=8)
    advanced = Entry.objects.filter(event__slug="solo-1a", status=Entry.Status.ACTIVE).select_related("player").first()
    assert advanced is not None
    with pytest.raises(Conflict, match="advanced from Day 1A"):
        register_player(Event.objects.get(slug="solo-1b"), name=advanced.player.name, actor=simulation_actor())
    assert not Entry.objects.filter(event__slug="solo-1b").exists()

    play_flights(capsys, "solo", [2], players=8)
    assert withdrawals(main) == {}
    people = [e.player.person_id for e in advancing_entries(main)]
    assert len(people) == len(set(people))
    check_day2(capsys, main)
