"""`create_tour` and `simulate_event --tour`: a demo tour of three events in three commands,
the same people coming back."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from vpt.events.models import Player
from vpt.tours.models import Tour, TourEvent
from vpt.tours.selectors import leaderboard_data, tour_leaderboard

pytestmark = pytest.mark.django_db


def test_create_tour_then_simulated_events_of_the_same_people(tmp_path: Path) -> None:
    rule = tmp_path / "rule.json"
    rule.write_text(json.dumps({"formula": "table", "table": [10, 6, 4], "participation": 1, "min_events": 2}))
    out = io.StringIO()
    call_command("create_tour", "vpt-2026", "--name", "VPT 2026", "--rule", str(rule), stdout=out)
    assert out.getvalue().startswith("created tour vpt-2026")
    for seed in (1, 2, 3):
        call_command("simulate_event", players=9, hands=20, seed=seed, tour="vpt-2026", stdout=io.StringIO())

    tour = Tour.objects.get(slug="vpt-2026")
    assert TourEvent.objects.filter(tour=tour).count() == 3
    people = Player.objects.filter(event__in=TourEvent.objects.values("event")).values_list("person_id", flat=True)
    assert len(set(people)) < len(people)  # the same people played several events
    data = leaderboard_data(tour_leaderboard(tour))
    assert sum(row["events_played"] for row in data["rows"]) == 27
    assert all(row["qualified"] == (row["events_played"] >= 2) for row in data["rows"])

    call_command("create_tour", "vpt-2026", "--name", "VPT", stdout=io.StringIO())
    tour.refresh_from_db()
    assert tour.name == "VPT" and tour.rule["table"] == [10, 6, 4]


def test_a_bad_rule_file_changes_nothing(tmp_path: Path) -> None:
    rule = tmp_path / "rule.json"
    rule.write_text(json.dumps({"formula": "table", "table": [10, "six"]}))
    with pytest.raises(CommandError, match="table: place 2 is “six”"):
        call_command("create_tour", "vpt", "--name", "VPT", "--rule", str(rule))
    with pytest.raises(CommandError, match="no tour with slug 'nope'"):
        call_command("simulate_event", players=4, hands=0, seed=1, tour="nope")
    assert not Tour.objects.exists()


def test_the_demo_data_holds_a_small_tour(settings: object, tmp_path: Path, client: object) -> None:
    settings.DATA_DIR = tmp_path  # type: ignore[attr-defined]
    call_command("load_demo", stdout=io.StringIO())
    data = client.get("/api/tours/demo-tour/leaderboard").json()  # type: ignore[attr-defined]
    assert [event["slug"] for event in data["events"]] == ["demo-warm-up", "demo-open"]
    assert data["final"] is False
    assert sum(row["qualified"] for row in data["rows"]) == 4  # played both
    assert 'href="/tours/demo-tour/"' in client.get("/").content.decode()  # type: ignore[attr-defined]
