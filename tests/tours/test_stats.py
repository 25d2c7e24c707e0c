"""A person's statistics equal an independent count over the hands JSON of their events; the
hands JSON has the spec's shape; careers read in a constant number of queries."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from built_once import shared_transaction
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from factories import make_director

from vpt.events.models import Player
from vpt.ofc import Board, compare_boards, get_ruleset, score_board
from vpt.people.models import Person
from vpt.rounds.corrections import apply_void
from vpt.rounds.models import Hand
from vpt.tours.event_simulation import simulate_event
from vpt.tours.stats import career_data, person_career

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # each test plays a tour of events


def rate(count: int, of: int) -> float:
    return round(count / of, 4) if of else 0


def independent_stats(hands_json: list[dict[str, Any]], person_id: int, variant: str) -> dict[str, Any]:
    """The spec's statistics counted straight from the hands JSON (the engine re-scores boards)."""
    rules = get_ruleset(variant)
    c: Counter[str] = Counter()
    for data in hands_json:
        for hand in data["hands"]:
            if hand["status"] == "void":
                continue
            players = hand["players"]
            mine = next((p for p in players if p["person_id"] == person_id), None)
            if mine is None:
                continue

            def scored(p: dict[str, Any]) -> Any:
                return score_board(
                    Board.parse(top=p["top"], middle=p["middle"], bottom=p["bottom"]), rules, p["fantasyland_cards"]
                )

            result = scored(mine)
            c["hands"] += 1
            c["fouls"] += mine["fouled"]
            if mine["fantasyland_cards"]:
                c["fl_hands"] += 1
                c["fl_stays"] += result.fantasyland_next_cards > 0
            else:
                c["outside"] += 1
                c["fl_entries"] += result.fantasyland_next_cards > 0
            c["royalties"] += 0 if mine["fouled"] else mine["royalties"]
            c["scoops"] += sum(
                compare_boards(result, scored(other), rules).rows_won == 3 for other in players if other is not mine
            )
            for exchange in hand["exchanges"]:
                if exchange["a"] == mine["name"]:
                    c["points"] += exchange["points"]
                    c["chips"] += exchange["chips_paid"]
                elif exchange["b"] == mine["name"]:
                    c["points"] -= exchange["points"]
                    c["chips"] -= exchange["chips_paid"]
    return {
        "hands": c["hands"],
        "fouls": c["fouls"],
        "foul_rate": rate(c["fouls"], c["hands"]),
        "fl_entries": c["fl_entries"],
        "fl_entry_rate": rate(c["fl_entries"], c["outside"]),
        "fl_hands": c["fl_hands"],
        "fl_stays": c["fl_stays"],
        "fl_stay_rate": rate(c["fl_stays"], c["fl_hands"]),
        "royalties": c["royalties"],
        "royalties_per_hand": rate(c["royalties"], c["hands"]),
        "scoops": c["scoops"],
        "points_net": c["points"],
        "chips_net": c["chips"],
    }


@pytest.fixture(scope="class")
def two_events(django_db_setup: None, django_db_blocker: Any) -> Iterator[list[str]]:
    """Two simulated events of the same seven people (the second with a void), built once for
    the class inside a transaction that is rolled back after its last test: each test's own
    transaction nests in it as a savepoint, so what a test writes is still undone after it."""
    with django_db_blocker.unblock(), shared_transaction():
        director = make_director("stats-director")
        first = simulate_event(players=7, hands=60, seed=3, actor=director, slug="spring", reentry=False)
        second = simulate_event(players=7, hands=60, seed=4, actor=director, slug="summer", reentry=False)
        hand = Hand.objects.filter(event=second).order_by("-number").first()
        assert hand is not None
        apply_void(hand, actor=director, reason="misdeal", seen=None)
        yield [first.slug, second.slug]


def all_hands(client: Client, slug: str) -> dict[str, Any]:
    """The event's hands JSON, every page of it."""
    url, hands = f"/api/events/{slug}/hands", []
    while url:
        page = client.get(url).json()
        hands += page["hands"]
        url = page["next"]
    return {"event": slug, "hands": hands}


class TestTwoEventsOfTheSamePeople:
    """Read-only tests of the statistics over one build of `two_events`."""

    def test_statistics_equal_an_independent_count_over_the_hands_json(
        self, client: Client, two_events: list[str]
    ) -> None:
        hands_json = [all_hands(client, slug) for slug in two_events]
        assert any(h["status"] == "void" for h in hands_json[1]["hands"])
        people = Person.objects.filter(pk__in=Player.objects.values("person_id"))
        assert people.count() == 7  # the same seven people played both events

        for person in people:
            stats = client.get(f"/api/people/{person.pk}/stats").json()
            assert stats["totals"] == independent_stats(hands_json, person.pk, "progressive")
            assert stats["by_event"]["spring"] == independent_stats(hands_json[:1], person.pk, "progressive")
        assert sum(client.get(f"/api/people/{p.pk}/stats").json()["totals"]["hands"] for p in people) == sum(
            len(hand["players"]) for data in hands_json for hand in data["hands"] if hand["status"] == "recorded"
        )

    def test_the_hands_json_has_the_spec_shape(self, client: Client, two_events: list[str]) -> None:
        data = client.get("/api/events/spring/hands").json()

        assert set(data) == {"event", "hands", "next"} and data["event"] == "spring"  # and a page's next
        hand = data["hands"][0]
        assert set(hand) == {"table", "number", "status", "level", "chips_per_point", "button", "players", "exchanges"}
        assert (hand["table"], hand["number"], hand["status"], hand["level"]) == (1, 1, "recorded", 1)
        assert set(hand["players"][0]) == {
            "seat",
            "name",
            "entry_id",
            "person_id",
            "fantasyland_cards",
            "top",
            "middle",
            "bottom",
            "fouled",
            "royalties",
            "stack_before",
            "stack_after",
        }
        assert set(hand["exchanges"][0]) == {"a", "b", "points", "chips_due", "chips_paid", "capped", "skipped"}
        keys = [(h["table"], h["number"]) for h in all_hands(client, "spring")["hands"]]
        assert keys == sorted(keys)

    def test_the_career_page_shows_events_statistics_and_head_to_head(
        self, client: Client, two_events: list[str]
    ) -> None:
        person = Person.objects.get(folded_name="ana")
        page = client.get(f"/people/{person.pk}/").content.decode()
        assert "<h1>Ana</h1>" in page and "Simulated progressive #3" in page and "Simulated progressive #4" in page
        assert "Head to head" in page and "Fantasyland stays" in page
        assert client.get("/people/999999/").status_code == 404
        player = Player.objects.get(event__slug="spring", person=person)
        assert f'href="/people/{person.pk}/"' in client.get(f"/standings/spring/players/{player.pk}/").content.decode()
        missing = client.get("/api/people/999999/stats")
        assert missing.status_code == 404 and missing.json() == {
            "error": "No person has the number 999999.",
            "code": "no_person",
        }


def test_a_career_costs_the_same_queries_for_more_events(director: User) -> None:
    simulate_event(players=4, hands=10, seed=5, actor=director, slug="one", reentry=False)
    person = Person.objects.get(folded_name="ana")
    with CaptureQueriesContext(connection) as one:
        career_data(person_career(person))
    simulate_event(players=4, hands=30, seed=6, actor=director, slug="two", reentry=False)
    simulate_event(players=4, hands=30, seed=7, actor=director, slug="three", reentry=False)
    with CaptureQueriesContext(connection) as three:
        data = career_data(person_career(person))
    assert len(data["events"]) == 3
    assert len(one) == len(three) == 9
