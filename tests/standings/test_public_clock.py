"""The public clock display and its JSON, and the links to the director's tools (which live in
`vpt.events` and `vpt.seating` since issue 9) on the public pages."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from vpt.events.models import Event
from vpt.events.services import create_event
from vpt.rounds.clock import start_clock


def test_clock_display_and_json(client: Client, event: Event, director: User) -> None:
    before = client.get("/standings/costa-open/clock.json").json()
    start_clock(event, actor=director)

    page = client.get("/standings/costa-open/clock/").content.decode()
    data = client.get("/standings/costa-open/clock.json").json()
    spanish = client.get("/standings/costa-open/clock.json", headers={"accept-language": "es"}).json()

    assert before["started"] is False and before["state_text"] == "The clock has not started"
    assert data["running"] is True and data["level"]["number"] == 1
    assert 1190 <= data["seconds_left"] <= 1200
    assert data["level_text"] == "Level 1" and data["cpp_text"] == "100 chips per point"
    assert data["next_text"] == "Next: level 2, 200 chips per point"
    assert data["break_template"] == "Break in {time}" and 2390 <= data["seconds_to_break"] <= 2400
    assert spanish["level_text"] == "Nivel 1" and spanish["cpp_text"] == "100 fichas por punto"
    assert 'id="clock-data"' in page and "/static/js/clock.js" in page
    assert 'data-url="/standings/costa-open/clock.json"' in page
    assert ">20:00<" in page or ">19:59<" in page


def test_the_public_clock_is_get_only(client_as_director: Client, event: Event) -> None:
    assert client_as_director.post("/standings/costa-open/clock/").status_code == 405
    assert client_as_director.post("/standings/costa-open/clock.json").status_code == 405


def test_director_links_only_for_staff(client: Client, event: Event, director: User) -> None:
    public = client.get("/standings/costa-open/").content.decode()
    client.force_login(director)
    staff = client.get("/standings/costa-open/").content.decode()

    tools = [
        "/floor/events/costa-open/clock/",
        "/floor/events/costa-open/payouts/",
        "/floor/events/costa-open/deal/",
        "/floor/seating/costa-open/balancing/",
    ]
    assert not any(url in public for url in tools)
    assert all(f'href="{url}"' in staff for url in tools)


def test_the_old_tool_addresses_are_gone(client_as_director: Client, event: Event) -> None:
    for path in ("director/clock/", "director/payouts/", "director/deal/", "director/balancing/"):
        assert client_as_director.get(f"/standings/costa-open/{path}").status_code == 404


def test_an_event_without_levels_has_no_clock(client: Client, director: User) -> None:
    create_event(name="Bare", slug="bare", actor=director, levels=[])

    assert client.get("/standings/bare/clock/").status_code == 404
    assert client.get("/standings/bare/").status_code == 200
