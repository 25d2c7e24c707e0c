"""The leaderboard and a career are cached per version: the same answer from the cache in a
few queries, 304 while nothing changed, and a new answer once an event, the tour or a person
changes."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from tour_events import build_finished_event, make_people, make_tour

from vpt.people.services import set_person_hidden
from vpt.tours.services import update_tour

pytestmark = pytest.mark.django_db


def test_the_cached_leaderboard_costs_three_queries_and_moves_with_its_versions(
    client: Client, director: User, rng: random.Random
) -> None:
    people = make_people(12)
    built = build_finished_event("spring", people, rng, ties=0)
    tour = make_tour("vpt", {"multiplier": 10}, [built])
    url = "/api/tours/vpt/leaderboard"
    first = client.get(url)
    with CaptureQueriesContext(connection) as cached:
        again = client.get(url)
    assert again.content == first.content and len(cached) == 3
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304

    update_tour(tour, rule={"multiplier": 20}, actor=director)
    doubled = client.get(url)
    assert doubled["ETag"] != first["ETag"]
    assert doubled.json()["rows"][0]["points"] == "207.92"

    winner = next(p for p in people if built.results[p.pk][0] == 1)
    set_person_hidden(winner, hidden=True, actor=director)
    assert client.get(url).json()["rows"][0]["name"] == "Hidden player"

    built.event.version += 1  # a hand recorded, a place changed: any state change of the event
    built.event.save(update_fields=["version"])
    assert client.get(url, headers={"If-None-Match": doubled["ETag"]}).status_code == 200


def test_a_cached_career_costs_a_few_queries(client: Client, rng: random.Random) -> None:
    people = make_people(12)
    make_tour("vpt", {"multiplier": 10}, [build_finished_event("spring", people, rng, ties=0)])
    url = f"/api/people/{people[0].pk}/stats"
    first = client.get(url)
    with CaptureQueriesContext(connection) as cached:
        again = client.get(url)
    assert again.content == first.content and len(cached) == 5
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    assert first.json()["events"][0]["points"] is not None
