"""The whole level structure in one form (issue 19, part 7): add, remove, reorder and insert a
break after any level in one save; a warning when chips per point falls."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from vpt.audit.models import AuditEntry
from vpt.events.models import Event, Level, PayoutStructure, StructureTemplate
from vpt.events.services import create_event, update_event
from vpt.events.structure import LevelSpec, advance_level, set_structure
from vpt.money.payout_services import set_payout_structure

LEVELS = [{"chips_per_point": cpp, "minutes": 20} for cpp in (100, 200, 300, 400, 500)]


@pytest.fixture
def event(director: User) -> Event:
    return create_event(name="Structure Cup", slug="structure-cup", actor=director, levels=LEVELS)


def structure(event: Event) -> list[tuple[int, int, int | None, bool]]:
    return [
        (lv.number, lv.chips_per_point, lv.minutes, lv.is_break)
        for lv in Level.objects.filter(event=event).order_by("number")
    ]


def rows(levels: list[tuple[int, int, bool, bool, bool]]) -> dict[str, str]:
    """The editor's POST: (order, chips per point, break, break after, remove) per row."""
    data = {"level-TOTAL_FORMS": str(len(levels)), "level-INITIAL_FORMS": "4", "break_minutes": "15"}
    for index, (order, cpp, is_break, after, remove) in enumerate(levels):
        data.update({f"level-{index}-order": str(order), f"level-{index}-chips_per_point": str(cpp)})
        data[f"level-{index}-minutes"] = "20"
        for name, value in (("is_break", is_break), ("break_after", after), ("remove", remove)):
            if value:
                data[f"level-{index}-{name}"] = "on"
    return data


def test_one_save_inserts_a_break_after_level_3_moves_and_removes(client_as_director: Client, event: Event) -> None:
    # Level 1 is in force: levels 2..5 are in the form.
    data = rows(
        [
            (1, 200, False, False, False),
            (2, 300, False, True, False),  # level 3: a break after it
            (3, 400, False, False, True),  # removed
            (4, 500, False, False, False),
            (2, 250, False, False, False),  # a new level, placed second
        ]
    )

    response = client_as_director.post("/floor/events/structure-cup/structure/", data)

    assert response.status_code == 302
    assert structure(event) == [
        (1, 100, 20, False),
        (2, 200, 20, False),
        (3, 300, 20, False),
        (4, 300, 15, True),  # a break keeps the chips per point of the level before it
        (5, 250, 20, False),
        (6, 500, 20, False),
    ]


def test_the_break_lands_right_after_level_3(client_as_director: Client, event: Event) -> None:
    data = rows(
        [
            (1, 200, False, False, False),
            (2, 300, False, True, False),
            (3, 400, False, False, False),
            (4, 500, False, False, False),
        ]
    )

    client_as_director.post("/floor/events/structure-cup/structure/", data)

    assert structure(event) == [
        (1, 100, 20, False),
        (2, 200, 20, False),
        (3, 300, 20, False),
        (4, 300, 15, True),
        (5, 400, 20, False),
        (6, 500, 20, False),
    ]
    assert AuditEntry.objects.filter(action="events.structure_set").get().summary == (
        "Level structure saved: 5 levels from level 2"
    )


def test_a_falling_chips_per_point_is_saved_with_a_warning(client_as_director: Client, event: Event) -> None:
    data = rows(
        [
            (1, 200, False, False, False),
            (2, 50, False, False, False),
            (3, 400, False, False, False),
            (4, 500, False, False, False),
        ]
    )

    page = client_as_director.post("/floor/events/structure-cup/structure/", data, follow=True).content.decode()

    assert "Level 3: chips per point falls from 200 to 50." in page
    assert structure(event)[2] == (3, 50, 20, False)


def test_levels_in_force_stay_and_bad_rows_change_nothing(
    client_as_director: Client, director: User, event: Event
) -> None:
    advance_level(event, actor=director)  # level 2 in force: levels 1 and 2 are history
    set_structure(event, levels=[LevelSpec(300, 20), LevelSpec(1, 10, is_break=True)], actor=director)
    before = structure(event)
    bad = {
        "level-TOTAL_FORMS": "1",
        "level-INITIAL_FORMS": "1",
        "break_minutes": "15",
        "level-0-order": "1",
        "level-0-minutes": "20",
    }

    response = client_as_director.post("/floor/events/structure-cup/structure/", bad)

    assert before == [(1, 100, 20, False), (2, 200, 20, False), (3, 300, 20, False), (4, 300, 10, True)]
    assert response.status_code == 422 and "Give the chips per point." in response.content.decode()
    assert structure(event) == before


def form_data(name: str, slug: str, start_from: str) -> dict[str, str]:
    return {
        "name": name,
        "slug": slug,
        "variant": "progressive",
        "starting_stack": "10000",
        "seats_per_table": "3",
        "buy_in": "100",
        "fee": "10",
        "max_entries": "1",
        "language": "en",
        "slip_format": "a6",
        "start_from": start_from,
    }


def shape(event: Event) -> tuple[object, ...]:
    payouts = PayoutStructure.objects.get(event=event)
    return (event.variant, event.rule_overrides, structure(event), payouts.percentages, payouts.unit)


def test_a_structure_saved_as_a_template_starts_a_new_event(
    client_as_director: Client, director: User, event: Event
) -> None:
    update_event(event, actor=director, variant="classic", rule_overrides={"scoop_bonus": 4}, seats_per_table=4)
    set_payout_structure(event, percentages=["60", "40"], unit=Decimal("5"), actor=director)
    set_structure(
        event, levels=[LevelSpec(200, 20), LevelSpec(1, 10, is_break=True), LevelSpec(400, 15)], actor=director
    )

    saved = client_as_director.post("/floor/events/structure-cup/structure/template/", {"name": "Sunday classic"})
    template = StructureTemplate.objects.get()
    created = client_as_director.post(
        "/floor/events/new/", form_data("Next Sunday", "next-sunday", f"template:{template.pk}")
    )
    copied = client_as_director.post("/floor/events/new/", form_data("Copy", "copy-cup", f"event:{event.pk}"))

    assert saved.status_code == 302 and created.status_code == 302 and copied.status_code == 302
    original = shape(Event.objects.get(pk=event.pk))
    assert original == (
        "classic",
        {"scoop_bonus": 4},
        [(1, 100, 20, False), (2, 200, 20, False), (3, 200, 10, True), (4, 400, 15, False)],
        ["60", "40"],
        Decimal("5.00"),
    )
    assert shape(Event.objects.get(slug="next-sunday")) == original
    assert shape(Event.objects.get(slug="copy-cup")) == original
    assert AuditEntry.objects.filter(action="events.structure_template_saved").get().summary == (
        "Structure saved as the template Sunday classic"
    )


def test_a_template_name_is_taken_once(client_as_director: Client, event: Event) -> None:
    client_as_director.post("/floor/events/structure-cup/structure/template/", {"name": "Weekly"})
    again = client_as_director.post("/floor/events/structure-cup/structure/template/", {"name": "Weekly"}, follow=True)

    assert "A template called Weekly already exists." in again.content.decode()
    assert StructureTemplate.objects.count() == 1
