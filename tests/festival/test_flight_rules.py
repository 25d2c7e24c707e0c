"""The rules of flights: the advance number, the snake, the tie block, the end of a day and the
bag check (issue 28)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from vpt.errors import Conflict, ServiceError
from vpt.events.entries import adjust_chips, register_player
from vpt.events.flights import advance_number, players_to_finish_at
from vpt.events.models import Entry, Event
from vpt.events.places import assign_places, finish_if_decided
from vpt.festival.creation import create_main_event, parse_advance
from vpt.festival.redraw import redraw, snake_tables
from vpt.festival.selectors import end_of_day, withdrawals
from vpt.festival.services import end_day, record_bag_count, start_day2
from vpt.money.prizes import event_prizes
from vpt.money.results import main_event_results


@pytest.mark.parametrize(
    ("rule", "entries", "expected"),
    [
        ({"kind": "fraction", "value": 0.15}, 100, 15),
        ({"kind": "fraction", "value": 0.15}, 101, 16),
        ({"kind": "fraction", "value": 0.15}, 150, 23),
        ({"kind": "fraction", "value": 0.15}, 7, 2),
        ({"kind": "fraction", "value": 0.1}, 3, 2),
        ({"kind": "survivors"}, 40, None),
    ],
)
def test_the_advance_number(rule: dict[str, Any], entries: int, expected: int | None) -> None:
    assert advance_number(rule, entries) == expected


def test_the_advance_option_refuses_nonsense() -> None:
    assert parse_advance("0.2") == {"kind": "fraction", "value": 0.2}
    for text in ("1.5", "0", "half"):
        with pytest.raises(ServiceError, match="between 0 and 1"):
            parse_advance(text)


def test_the_snake() -> None:
    assert snake_tables(7, 3) == [1, 2, 3, 3, 2, 1, 1]
    assert snake_tables(12, 4) == [1, 2, 3, 4, 4, 3, 2, 1, 1, 2, 3, 4]
    assert snake_tables(2, 1) == [1, 1]


def test_the_redraw_is_the_seeds() -> None:
    ranked = list(range(100, 112))
    first = redraw(ranked, tables=4, seats_per_table=3, seed=9)
    assert first == redraw(ranked, tables=4, seats_per_table=3, seed=9)
    places, buttons = first
    assert [places[entry][0] for entry in ranked] == snake_tables(12, 4)
    assert sorted(places.values()) == [(t, s) for t in range(1, 5) for s in range(1, 4)]
    assert set(buttons) == {1, 2, 3, 4}


@pytest.fixture
def main(director: Any) -> Event:
    return create_main_event(
        slug="m", name="Main", flights=["1A", "1B"], actor=director, buy_in=Decimal("100"), fee=Decimal("10")
    )


def test_a_flight_finishes_at_its_advance_number(main: Event, director: Any) -> None:
    flight = Event.objects.get(slug="m-1a")
    for name in ("Ana", "Ben", "Cid", "Dora", "Eva", "Fede", "Gil"):
        register_player(flight, name=name, actor=director)
    assert players_to_finish_at(flight) == 2
    assert players_to_finish_at(main) == 1
    entry = Entry.objects.filter(event=flight).first()
    assert entry is not None and (entry.buy_in, entry.fee) == (Decimal("100.00"), Decimal("10.00"))
    assert event_prizes(flight).pool.total == event_prizes(main).pool.total == Decimal("700.00")
    assert event_prizes(flight).by_entry == {}


def test_end_of_day_bag_check_withdrawal_and_the_tie_block(main: Event, director: Any) -> None:
    one, two = Event.objects.get(slug="m-1a"), Event.objects.get(slug="m-1b")
    for name in ("Ana", "Ben", "Cid"):
        register_player(one, name=name, actor=director)
    for name in ("Ana", "Dora"):
        register_player(two, name=name, actor=director)
    ana_two = Entry.objects.get(event=two, player__name="Ana")
    adjust_chips(ana_two, amount=500, reason="a test", actor=director)
    with pytest.raises(ServiceError, match="no bag"):
        record_bag_count(ana_two, counted=10000, actor=director)

    end_day(one, actor=director)
    with pytest.raises(Conflict, match="already ended"):
        end_day(one, actor=director)
    with pytest.raises(Conflict, match="not ended yet"):
        start_day2(main, seed=1, actor=director)
    end_day(two, actor=director)
    one.refresh_from_db()
    assert one.status == Event.Status.FINISHED
    assert not Entry.objects.filter(event=one, place__isnull=False).exists()

    ana_one = Entry.objects.get(event=one, player__name="Ana")
    count = record_bag_count(ana_one, counted=9900, actor=director)
    assert count.differs
    ana_one.refresh_from_db()
    assert ana_one.stack == 10000  # the system's stack stands
    report = end_of_day(one)
    row = next(row for row in report.rows if row.entry.pk == ana_one.pk)
    assert row.bag_count == 9900 and row.count_differs and row.withdrawn and row.kept_entry_id == ana_two.pk
    assert report.chips_in_play == report.chips_expected == 30000
    assert withdrawals(main) == {ana_one.pk: ana_two.pk}

    start_day2(main, seed=1, actor=director)
    with pytest.raises(Conflict, match="already started"):
        start_day2(main, seed=1, actor=director)
    day2 = list(Entry.objects.filter(event=main).order_by("id").values_list("player__name", "stack", "flight__slug"))
    assert day2[0] == ("Ana", 10500, "m-1b")
    assert sorted(name for name, _stack, _flight in day2) == ["Ana", "Ben", "Cid", "Dora"]
    ana_one.refresh_from_db()
    assert ana_one.withdrawn

    results = main_event_results(main)
    rows = {(row.name, row.flight): row for row in results.rows}
    assert rows[("Ana", "m-1a")].status == "withdrawn" and rows[("Ana", "m-1a")].place == 5
    assert rows[("Ana", "m-1b")].status == "in" and rows[("Ana", "m-1b")].place is None
    assert len(results.rows) == 5
    assert results.prizes.pool.total == Decimal("500.00")


def test_a_flight_ended_early_stays_ended_when_a_correction_revives_a_player(main: Event, director: Any) -> None:
    """The director ended the day with four players in (more than its advance number); then a
    correction of the hand that put Eva out gives her chips back. The flight stays ended and
    Eva advances with the others, placeless; nothing reopens play the next morning."""
    flight = Event.objects.get(slug="m-1a")
    for name in ("Ana", "Ben", "Cid", "Dora", "Eva", "Fede", "Gil"):
        register_player(flight, name=name, actor=director)
    out = Entry.objects.filter(event=flight, player__name__in=["Eva", "Fede", "Gil"])
    out.update(status=Entry.Status.ELIMINATED)
    assign_places(flight, eliminations=None)
    flight = end_day(flight, actor=director)

    eva = Entry.objects.get(event=flight, player__name="Eva")
    Entry.objects.filter(pk=eva.pk).update(status=Entry.Status.ACTIVE)  # what the correction writes
    assign_places(flight, eliminations=None)
    finish_if_decided(flight, actor=director)

    flight.refresh_from_db()
    eva.refresh_from_db()
    assert flight.status == Event.Status.FINISHED
    assert eva.place is None
    assert sorted(row.entry.player.name for row in end_of_day(flight).rows) == ["Ana", "Ben", "Cid", "Dora", "Eva"]
