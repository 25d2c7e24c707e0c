"""A tour's points rule is checked before anything is stored, shown in words, and edited by
the director; a bad rule gets a message naming the problem and changes nothing."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.services import create_event
from vpt.tours.models import Tour, TourEvent
from vpt.tours.rules import RuleError, parse_rule
from vpt.tours.services import add_event_to_tour, create_tour, update_tour
from vpt.tours.words import rule_words

BAD_RULES = [
    ({"formula": "gpi"}, "Unknown formula “gpi”: use “field” or “table”."),
    ({"multiplier": 10, "bonus": 1}, "Unknown setting: bonus."),
    ({"multiplier": -1}, "multiplier cannot be negative."),
    ({"best": 0}, "best must be at least 1."),
    ({"formula": "table", "table": [100, "seventy", 50]}, "table: place 2 is “seventy”, not a number of points"),
    ({"formula": "table", "table": [100, "70"]}, "table: place 2 is “70”, not a number of points"),
    ({"formula": "table"}, "The table formula needs a table"),
    ({"top_fraction": 0}, "top_fraction must be above 0 and at most 1."),
    ({"paid_only": "yes"}, "paid_only must be true or false."),
    ({"min_events": 2.5}, "min_events must be a whole number."),
    ([1, 2], "A points rule is a JSON object"),
]


@pytest.mark.parametrize(("rule", "message"), BAD_RULES)
def test_a_bad_rule_is_refused_with_a_message(rule: object, message: str) -> None:
    with pytest.raises(RuleError) as refused:
        parse_rule(rule)
    assert str(refused.value).startswith(message)


def test_missing_keys_take_the_defaults() -> None:
    rule = parse_rule({"formula": "table", "table": [100, 70.5], "best": 5})
    assert rule.table == (Decimal("100"), Decimal("70.5"))
    assert (rule.top_fraction, rule.paid_only, rule.participation, rule.min_entries) == (1, False, 0, 0)


def test_the_rule_in_words() -> None:
    words = rule_words(
        parse_rule(
            {
                "formula": "table",
                "table": [100, 70, 50],
                "table_base_entries": 20,
                "top_fraction": 0.25,
                "paid_only": True,
                "participation": 2,
                "best": 5,
                "min_entries": 10,
                "min_events": 3,
            }
        )
    )
    assert words == [
        "Points by place, first place first: 100, 70, 50; 0 past the table's end.",
        "Times entries ÷ 20: a bigger field gives more points.",
        "Only the top 25% of the field earns place points.",
        "Only places that won a prize earn place points.",
        "Everyone who plays an event adds 2 points.",
        "People sharing a place share the average of the places they cover.",
        "Each event's points are rounded to 2 decimals (half up) before they are added.",
        "An event counts with at least 10 entries.",
        "A total is the sum of the best 5 counting events.",
        "Qualified: at least 3 counting events played.",
        "Ranked by points (qualified first), then wins, then the best single event, then fewer events played; "
        "still equal: a shared rank.",
    ]


@pytest.mark.django_db
def test_services_refuse_a_bad_rule_and_change_nothing(director: User) -> None:
    tour = create_tour(slug="vpt", name="VPT 2026", rule={"multiplier": 10}, actor=director)
    with pytest.raises(ServiceError) as refused:
        update_tour(tour, rule={"best": 0}, actor=director)
    assert refused.value.code == "invalid_rule"
    tour.refresh_from_db()
    assert tour.rule["best"] is None and tour.version == 1
    assert AuditEntry.objects.filter(action__startswith="tours.").count() == 1


@pytest.mark.django_db
def test_an_event_belongs_to_one_tour_at_most(director: User) -> None:
    event = create_event(name="Spring", slug="spring", actor=director, levels=[100])
    first = create_tour(slug="one", name="One", actor=director)
    second = create_tour(slug="two", name="Two", actor=director)
    add_event_to_tour(first, event=event, actor=director)
    with pytest.raises(ServiceError) as refused:
        add_event_to_tour(second, event=event, actor=director)
    assert refused.value.code == "in_another_tour"
    assert list(TourEvent.objects.values_list("tour__slug", flat=True)) == ["one"]


@pytest.mark.django_db
def test_the_director_edits_the_rule_and_a_bad_one_is_a_field_error(client_as_director: Client, director: User) -> None:
    created = client_as_director.post("/floor/tours/", {"name": "VPT 2026", "rule": '{"multiplier": 5}'})
    assert created.status_code == 302
    tour = Tour.objects.get(slug="vpt-2026")
    assert tour.rule["multiplier"] == 5

    refused = client_as_director.post(
        "/floor/tours/vpt-2026/", {"name": "VPT 2026", "rule": json.dumps({"formula": "table", "table": [1, "x"]})}
    )
    assert refused.status_code == 400
    assert "table: place 2 is “x”, not a number of points of 0 or more." in refused.content.decode()
    not_json = client_as_director.post("/floor/tours/vpt-2026/", {"name": "VPT 2026", "rule": "{multiplier: 5"})
    assert "Not JSON" in not_json.content.decode()
    tour.refresh_from_db()
    assert tour.rule["multiplier"] == 5

    saved = client_as_director.post(
        "/floor/tours/vpt-2026/", {"name": "VPT", "rule": '{"formula": "table", "table": [10, 5], "best": 2}'}
    )
    assert saved.status_code == 302
    page = client_as_director.get("/floor/tours/vpt-2026/").content.decode()
    assert "Points by place, first place first: 10, 5; 0 past the table&#x27;s end." in page
    event = create_event(name="Spring", slug="spring", actor=director, levels=[100])
    assert client_as_director.post("/floor/tours/vpt-2026/events/", {"event": event.pk}).status_code == 302
    assert client_as_director.get("/tours/vpt-2026/").status_code == 200
