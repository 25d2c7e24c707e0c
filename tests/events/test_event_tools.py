"""The director's event tools in `vpt.events`: permissions, CSRF, clock controls, payout editor
and deal calculator (moved from the standings app, issue 9)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from factories import make_event

from vpt.events.models import Clock, Entry, Event, PayoutStructure
from vpt.events.services import create_event
from vpt.money.payout_services import set_payout_structure
from vpt.rounds.clock import start_clock
from vpt.seating.models import Seat

TOOL_PAGES = ["clock/", "payouts/", "deal/"]
ACTIONS = ["start", "pause", "resume", "adjust"]
LEVELS = [
    {"chips_per_point": 100, "minutes": 20},
    {"chips_per_point": 200, "minutes": 20},
    {"chips_per_point": 100, "minutes": 10, "is_break": True},
    {"chips_per_point": 300, "minutes": 20},
]


@pytest.fixture
def event(director: User) -> Event:
    """Six players at two tables (seed 11), buy-in 110 with a 10 fee, no hands yet."""
    players = ["Ana García", "Ben", "Cid", "Dora", "Eva", "Félix"]
    event = make_event(
        director, players, name="Costa Open", levels=LEVELS, buy_in="100.00", fee="10.00", venue="Casino Costa"
    )
    return Event.objects.select_related("current_level").get(pk=event.pk)


@pytest.mark.parametrize("path", TOOL_PAGES)
def test_tool_pages_need_a_director(client: Client, event: Event, dealer_user: User, director: User, path: str) -> None:
    url = f"/floor/events/costa-open/{path}"

    assert client.get(url).status_code == 302
    assert client.get(url)["Location"].startswith("/floor/accounts/login/")
    client.force_login(dealer_user)
    assert client.get(url).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize(
    "path", [*[f"/floor/events/costa-open/{page}" for page in TOOL_PAGES], "/floor/seating/costa-open/balancing/"]
)
def test_tool_pages_keep_the_directors_menu(client: Client, event: Event, director: User, path: str) -> None:
    client.force_login(director)

    page = client.get(path).content.decode()

    assert 'class="floor-nav"' in page and 'class="event-nav"' not in page
    for tool in (
        "/floor/events/costa-open/clock/",
        "/floor/events/costa-open/payouts/",
        "/floor/seating/costa-open/balancing/",
    ):
        assert f'href="{tool}"' in page


@pytest.mark.parametrize("action", ACTIONS)
def test_clock_controls_need_a_director(client: Client, event: Event, dealer_user: User, action: str) -> None:
    url = f"/floor/events/costa-open/clock/{action}/"

    assert client.post(url).status_code == 302
    client.force_login(dealer_user)
    assert client.post(url, {"minutes": 1}).status_code == 403
    assert not Clock.objects.filter(event=event, started_at__isnull=False).exists()


def test_clock_controls_need_the_csrf_token(event: Event, director: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)

    refused = client.post("/floor/events/costa-open/clock/start/")
    page = client.get("/floor/events/costa-open/clock/").content.decode()
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    accepted = client.post("/floor/events/costa-open/clock/start/", {"csrfmiddlewaretoken": token})

    assert refused.status_code == 403
    assert accepted.status_code == 302 and accepted["Location"] == "/floor/events/costa-open/clock/"
    assert Clock.objects.get(event=event).started_at is not None


def test_controls_are_get_only_or_post_only(client_as_director: Client, event: Event) -> None:
    assert client_as_director.get("/floor/events/costa-open/clock/start/").status_code == 405
    assert client_as_director.post("/floor/events/costa-open/clock/").status_code == 405
    assert client_as_director.post("/floor/events/costa-open/clock/explode/").status_code == 404


def test_start_pause_resume_through_htmx(client_as_director: Client, event: Event) -> None:
    htmx = {"hx-request": "true"}
    page = client_as_director.get("/floor/events/costa-open/clock/").content.decode()
    assert 'hx-post="/floor/events/costa-open/clock/start/"' in page
    assert 'action="/floor/events/costa-open/clock/start/"' in page
    assert 'href="/standings/costa-open/clock/"' in page  # the public display

    started = client_as_director.post("/floor/events/costa-open/clock/start/", headers=htmx)
    paused = client_as_director.post("/floor/events/costa-open/clock/pause/", headers=htmx)
    twice = client_as_director.post("/floor/events/costa-open/clock/pause/", headers=htmx)
    resumed = client_as_director.post("/floor/events/costa-open/clock/resume/")

    assert started.status_code == 200
    assert started.content.decode().lstrip().startswith('<section id="clock-controls" data-clock')
    assert ">Pause</button>" in started.content.decode()
    assert ">Resume</button>" in paused.content.decode()
    assert twice.status_code == 409 and "The clock is already paused." in twice.content.decode()
    assert resumed.status_code == 302
    assert Clock.objects.get(event=event).paused_at is None


def test_adjust_form(client_as_director: Client, event: Event, director: User) -> None:
    start_clock(event, actor=director)

    empty = client_as_director.post("/floor/events/costa-open/clock/adjust/", {"minutes": ""})
    more = client_as_director.post("/floor/events/costa-open/clock/adjust/", {"minutes": "2"})
    level = client_as_director.post("/floor/events/costa-open/clock/adjust/", {"level": "4"})

    assert empty.status_code == 422 and "Give minutes or seconds" in empty.content.decode()
    assert more.status_code == 302 and level.status_code == 302
    clock = Clock.objects.get(event=event)
    assert clock.level_number == 4
    assert Event.objects.get(pk=event.pk).current_level.number == 4


def test_an_event_without_levels_has_no_clock_controls(client_as_director: Client, director: User) -> None:
    create_event(name="Bare", slug="bare", actor=director, levels=[])

    assert client_as_director.get("/floor/events/bare/clock/").status_code == 404


# Payout structure and deal


def test_payout_editor_saves_and_refuses(client_as_director: Client, event: Event) -> None:
    saved = client_as_director.post("/floor/events/costa-open/payouts/", {"percentages": "50, 30, 20", "unit": "5.00"})
    bad = client_as_director.post("/floor/events/costa-open/payouts/", {"percentages": "60, 30", "unit": "5.00"})
    page = client_as_director.get("/floor/events/costa-open/payouts/?saved=1").content.decode()

    assert saved.status_code == 302 and saved["Location"] == "/floor/events/costa-open/payouts/?saved=1"
    assert PayoutStructure.objects.get(event=event).percentages == ["50", "30", "20"]
    assert bad.status_code == 422 and "must add up to exactly 100" in bad.content.decode()
    assert "Payout structure saved." in page and "50, 30, 20" in page
    assert [a.split("<")[0] for a in page.split("data-amount>")[1:]] == ["300.00", "180.00", "120.00"]


def test_deal_calculator_adds_up(client_as_director: Client, event: Event, director: User) -> None:
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1"), actor=director)
    Entry.objects.filter(event=event, player__name__in=["Dora", "Eva", "Félix"]).update(
        status=Entry.Status.ELIMINATED, stack=0
    )
    Seat.objects.filter(entry__player__name__in=["Dora", "Eva", "Félix"]).update(entry=None)
    for name, stack in [("Ana García", 23000), ("Ben", 4000), ("Cid", 33000)]:
        Entry.objects.filter(event=event, player__name=name).update(stack=stack)

    page = client_as_director.get("/floor/events/costa-open/deal/?unit=1.00").content.decode()

    table = page.split('id="deal-table"')[1].split("</table>")[0]
    rows = [row for row in table.split("<tbody>")[1].split("</tbody>")[0].split("<tr") if row.strip()]
    assert len(rows) == 3
    assert [row.split("<td>")[1].split("<")[0] for row in rows] == ["Cid", "Ana García", "Ben"]  # by chips
    columns = list(
        zip(*[[cell.split("<")[0] for cell in row.split('<td class="num">')[2:]] for row in rows], strict=True)
    )
    for column in columns:  # chip-chop, with floor, ICM
        assert sum(Decimal(amount) for amount in column) == Decimal("600.00")
    assert "Chip-chop with floor" in page and "ICM" in page


def test_event_page_links_to_the_tools(client_as_director: Client, event: Event) -> None:
    page = client_as_director.get("/floor/events/costa-open/").content.decode()

    for url in (
        "/floor/events/costa-open/clock/",
        "/floor/events/costa-open/payouts/",
        "/floor/events/costa-open/deal/",
        "/floor/seating/costa-open/balancing/",
    ):
        assert f'href="{url}"' in page
