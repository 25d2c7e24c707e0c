"""No traceback from a director's form: every money field and every typed JSON is bounded
(digits, size, nesting) before any arithmetic or parsing; each answers a message on its field."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from vpt.events.models import Event
from vpt.tours.models import Tour

pytestmark = pytest.mark.django_db

HUGE = ["1e30", "9" * 400, "1E+999999999", "-1e30"]
NEW_EVENT = {
    "name": "Bounds Open",
    "slug": "bounds-open",
    "variant": "progressive",
    "starting_stack": "10000",
    "seats_per_table": "3",
    "buy_in": "0",
    "fee": "0",
    "reentry_buy_in": "0",
    "reentry_fee": "0",
    "language": "en",
    "slip_format": "a6",
    "max_entries": "1",
}
MONEY_FIELDS = ("buy_in", "fee", "reentry_buy_in", "reentry_fee", "added_money", "guarantee")


def field_errors(response) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    return {name: list(errors) for name, errors in response.context["form"].errors.items()}


@pytest.mark.parametrize("field", MONEY_FIELDS)
@pytest.mark.parametrize("typed", HUGE)
def test_an_event_money_field_refuses_a_huge_amount(client_as_director: Client, field: str, typed: str) -> None:
    response = client_as_director.post(reverse("floor:create"), {**NEW_EVENT, field: typed})
    assert response.status_code in (200, 400, 422)
    errors = field_errors(response)
    assert list(errors) == [field], errors
    assert not Event.objects.filter(slug="bounds-open").exists()


@pytest.mark.parametrize("typed", ["1" * 400, "9" * 30])
def test_integer_fields_refuse_what_no_column_holds(client_as_director: Client, typed: str) -> None:
    response = client_as_director.post(reverse("floor:create"), {**NEW_EVENT, "starting_stack": typed})
    assert response.status_code in (200, 400, 422)
    assert list(field_errors(response)) == ["starting_stack"]


@pytest.mark.parametrize(
    "overrides",
    ["[" * 5000 + "]" * 5000, '{"scoop_bonus": ' + "9" * 5000 + "}", '{"a": "' + "x" * 20000 + '"}'],
)
def test_rule_overrides_are_bounded(client_as_director: Client, overrides: str) -> None:
    response = client_as_director.post(reverse("floor:create"), {**NEW_EVENT, "rule_overrides": overrides})
    assert response.status_code in (200, 400, 422)
    assert list(field_errors(response)) == ["rule_overrides"]


@pytest.mark.parametrize("typed", ["1e999999999", "9" * 400 + ", 0", "1e30"])
def test_payout_percentages_refuse_huge_numbers(client_as_director: Client, event: Event, typed: str) -> None:
    response = client_as_director.post(
        reverse("floor:payout-editor", args=[event.slug]), {"percentages": typed, "unit": "1.00"}
    )
    assert response.status_code in (200, 400, 422)
    assert "percentages" in field_errors(response)


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("[" * 5000 + "]" * 5000, "The points rule is too big: At most 4,000 characters, not 10,000."),
        ("[" * 1000 + "]" * 1000, "The points rule is too big: Lists and objects nested at most 4 deep."),
        ('{"table": ' + "[" * 50 + "]" * 50 + "}", "Lists and objects nested at most 4 deep."),
        ('{"multiplier": ' + "9" * 5000 + "}", "At most 4,000 characters"),
        ('{"multiplier": 1e400}', "multiplier must be a number."),
        ('{"multiplier": 1e30}', "multiplier must be at most 1,000,000."),
        ('{"min_events": 100000000000000000000}', "min_events must be at most 1,000,000."),
        ('{"formula": "table", "table": [' + ",".join(["1"] * 1500) + "]}", "table: at most 1,000 places."),
    ],
)
def test_a_points_rule_is_bounded_in_nesting_and_size(client_as_director: Client, rule: str, message: str) -> None:
    response = client_as_director.post(reverse("floor:tours"), {"name": "Bounds Tour", "rule": rule})
    assert response.status_code in (200, 400, 422)
    errors = field_errors(response)
    assert list(errors) == ["rule"], errors
    assert message in errors["rule"][0]
    assert not Tour.objects.exists()
