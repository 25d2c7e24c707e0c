"""The main event's director page: its flights, the pool, *Start Day 2* and the Day 2 seats."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from vpt.audit.models import AuditEntry
from vpt.events.models import Entry, Event

pytestmark = pytest.mark.django_db


def _play(capsys: Any, slug: str, seeds: list[int]) -> list[Event]:
    flights = []
    for seed in seeds:
        call_command("simulate_event", flight_of=slug, players=8, seed=seed, finish=True)
        flights.append(Event.objects.get(slug=capsys.readouterr().out.strip().splitlines()[-1]))
    return flights


@pytest.fixture
def main(capsys: Any) -> Event:
    call_command("create_main_event", "fest", name="Festival Main", flights="1A,1B", advance="0.4")
    capsys.readouterr()
    return Event.objects.get(slug="fest")


def test_the_page_lists_the_flights_and_refuses_day2_while_one_runs(client_as_director: Client, main: Event) -> None:
    url = reverse("floor:flights", args=["fest"])
    html = client_as_director.get(url).content.decode()
    assert "Flights and Day 2" in html and "fest-1a" in html and "fest-1b" in html
    assert reverse("floor:end-of-day", args=["fest-1a"]) in html
    assert "data-start-day2" in html

    response = client_as_director.post(url, {"seed": "7", "level": ""}, follow=True)
    assert "These flights have not ended yet" in response.content.decode()
    assert not Entry.objects.filter(event=main).exists()


def test_bad_input_is_named_and_changes_nothing(client_as_director: Client, main: Event) -> None:
    response = client_as_director.post(reverse("floor:flights", args=["fest"]), {"seed": "x"}, follow=True)
    assert "Seed: Enter a whole number" in response.content.decode()
    assert not Entry.objects.filter(event=main).exists()


def test_start_day2_seats_the_advancing_stacks(capsys: Any, client_as_director: Client, main: Event) -> None:
    _play(capsys, "fest", [1, 2])
    url = reverse("floor:flights", args=["fest"])
    response = client_as_director.post(url, {"seed": "5", "level": ""}, follow=True)
    html = response.content.decode()
    assert "Day 2 started at" in html and "data-day2-seats" in html
    assert reverse("floor:day2-seat-list", args=["fest"]) in html
    assert Entry.objects.filter(event=main).exists()
    assert AuditEntry.objects.filter(action="festival.day2_started").exists()
    again = client_as_director.post(url, {"seed": "5"}, follow=True).content.decode()
    assert "has already started" in again

    pdf = client_as_director.get(reverse("floor:day2-seat-list", args=["fest"]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_linked_from_the_event_pages_and_for_directors_only(
    client: Client, client_as_director: Client, main: Event
) -> None:
    flights = reverse("floor:flights", args=["fest"])
    assert flights in client_as_director.get(reverse("floor:detail", args=["fest"])).content.decode()
    assert flights in client_as_director.get(reverse("floor:detail", args=["fest-1a"])).content.decode()
    assert client_as_director.get(reverse("floor:flights", args=["fest-1a"])).status_code == 404
    es = client_as_director.get(flights, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Vuelos y día 2" in es
    client.logout()
    assert client.get(flights).status_code == 302
