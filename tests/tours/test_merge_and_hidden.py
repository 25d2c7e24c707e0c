"""Where people meet the tour: a merge and its undo move a duplicate's points and back; a
hidden person's name is on no public page or JSON."""

from __future__ import annotations

import random
import re
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader
from tour_events import build_finished_event, make_people, make_tour

from vpt.events.models import Player
from vpt.people.models import Person
from vpt.people.names import fold_name
from vpt.people.services import merge_people, set_person_hidden, undo_merge
from vpt.tours.selectors import leaderboard_data, tour_leaderboard

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def test_a_merge_and_its_undo(director: User, rng: random.Random) -> None:
    people = make_people(12)
    spring = build_finished_event("spring", people, rng, day=1)
    summer = build_finished_event("summer", people, rng, day=2)
    tour = make_tour("vpt", {"multiplier": 10, "min_entries": 10, "min_events": 2}, [spring, summer])
    truth = leaderboard_data(tour_leaderboard(tour))
    # Summer's director registered Person 003 as someone new: a duplicate.
    original = people[3]
    duplicate = Person.objects.create(name="Person 3", folded_name=fold_name("Person 3"))
    Player.objects.filter(event=summer.event, person=original).update(person=duplicate)
    with_duplicate = leaderboard_data(tour_leaderboard(tour))
    assert with_duplicate != truth and len(with_duplicate["rows"]) == 13

    merge_people(duplicate, into=original, actor=director)
    assert leaderboard_data(tour_leaderboard(tour)) == truth

    undo_merge(duplicate, actor=director)
    assert leaderboard_data(tour_leaderboard(tour)) == with_duplicate


def test_a_hidden_persons_name_is_on_no_public_page(client: Client, director: User) -> None:
    from vpt.tours.event_simulation import simulate_event

    event = simulate_event(players=6, hands=40, seed=9, actor=director, slug="spring", reentry=False)
    tour = make_tour("vpt", {"multiplier": 10}, [])
    tour.tour_events.create(event=event)
    hidden = Person.objects.get(folded_name="carla")
    set_person_hidden(hidden, hidden=True, actor=director)
    visible = Person.objects.get(folded_name="ana")
    player = Player.objects.get(event=event, person=hidden)
    tables = sorted(set(event.tables.values_list("number", flat=True)))

    urls = [
        "/standings/spring/",
        "/standings/spring/?q=car",
        "/api/events/spring/standings",
        *[f"/standings/spring/tables/{n}/?all=1" for n in tables],
        "/standings/spring/payouts/",
        "/standings/spring/clock/",
        "/standings/spring/clock.json",
        "/api/events/spring/hands",
        "/api/events/spring/results",
        "/tours/vpt/",
        "/tours/vpt/?screen=big",
        "/tours/vpt/leaderboard.csv",
        "/api/tours/vpt/leaderboard",
        f"/people/{hidden.pk}/",
        f"/api/people/{hidden.pk}/stats",
        f"/people/{visible.pk}/",
        f"/api/people/{visible.pk}/stats",
    ]
    table_ids = list(event.tables.values_list("pk", flat=True))
    pdfs = ["/slips/events/spring/results.pdf", *[f"/slips/tables/{pk}/history.pdf" for pk in table_ids]]
    for url in urls + pdfs:
        response = client.get(url)
        assert response.status_code == 200, url
        body = pdf_text(response.content) if url.endswith(".pdf") else response.content.decode()
        assert not re.search(r"\bCarla\b", body), url
    assert "Hidden player" in pdf_text(client.get("/slips/events/spring/results.pdf").content)
    assert any("Hidden player" in pdf_text(client.get(url).content) for url in pdfs[1:])
    # The hidden person's own player page is not public at all.
    assert client.get(f"/standings/spring/players/{player.pk}/").status_code == 404
    assert "Hidden player" in client.get("/api/events/spring/hands").content.decode()
    assert "Hidden player" in client.get("/tours/vpt/").content.decode()
    spanish = client.get("/api/tours/vpt/leaderboard", headers={"Accept-Language": "es"}).json()
    assert "Jugador oculto" in [row["name"] for row in spanish["rows"]]
    assert f"/people/{hidden.pk}/" not in client.get("/tours/vpt/").content.decode()
    assert f"/people/{hidden.pk}/" not in client.get(f"/people/{visible.pk}/").content.decode()


def test_hiding_refreshes_the_cached_public_pages_of_their_events(client: Client, director: User) -> None:
    from vpt.tours.event_simulation import simulate_event

    simulate_event(players=4, hands=4, seed=2, actor=director, slug="spring", reentry=False)
    before = client.get("/api/events/spring/standings")
    assert "Carla" in before.content.decode()
    staff = Client()
    staff.force_login(director)
    carla = Person.objects.get(folded_name="carla")

    assert staff.post(f"/floor/people/{carla.pk}/visibility/", {"hidden": "1"}).status_code == 302

    after = client.get("/api/events/spring/standings", headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200 and "Carla" not in after.content.decode()
    assert "Hidden player" in after.content.decode()
