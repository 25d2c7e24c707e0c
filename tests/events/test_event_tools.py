"""The director's event tools: permissions, CSRF, clock controls, payout editor, deal, balancing."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from vpt.events.models import Clock, Entry, Event, PayoutStructure
from vpt.events.services import set_payout_structure, start_clock
from vpt.seating.models import Seat

DIRECTOR_PAGES = ["director/clock/", "director/payouts/", "director/deal/", "director/balancing/"]
ACTIONS = ["start", "pause", "resume", "adjust"]


@pytest.mark.parametrize("path", DIRECTOR_PAGES)
def test_director_pages_need_a_director(client: Client, event: Event, dealer_user: User, director: User,
                                        path: str) -> None:
    url = f"/standings/costa-open/{path}"

    assert client.get(url).status_code == 302
    assert client.get(url)["Location"].startswith("/accounts/login/")
    client.force_login(dealer_user)
    assert client.get(url).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("action", ACTIONS)
def test_clock_controls_need_a_director(client: Client, event: Event, dealer_user: User, action: str) -> None:
    url = f"/standings/costa-open/director/clock/{action}/"

    assert client.post(url).status_code == 302
    client.force_login(dealer_user)
    assert client.post(url, {"minutes": 1}).status_code == 403
    assert not Clock.objects.filter(event=event, started_at__isnull=False).exists()


def test_clock_controls_need_the_csrf_token(event: Event, director: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)

    refused = client.post("/standings/costa-open/director/clock/start/")
    page = client.get("/standings/costa-open/director/clock/").content.decode()
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    accepted = client.post("/standings/costa-open/director/clock/start/", {"csrfmiddlewaretoken": token})

    assert refused.status_code == 403
    assert accepted.status_code == 302
    assert Clock.objects.get(event=event).started_at is not None


def test_controls_are_get_only_or_post_only(client_as_director: Client, event: Event) -> None:
    assert client_as_director.get("/standings/costa-open/director/clock/start/").status_code == 405
    assert client_as_director.post("/standings/costa-open/clock/").status_code == 405
    assert client_as_director.post("/standings/costa-open/director/clock/explode/").status_code == 404


def test_start_pause_resume_through_htmx(client_as_director: Client, event: Event) -> None:
    htmx = {"hx-request": "true"}
    page = client_as_director.get("/standings/costa-open/director/clock/").content.decode()
    assert 'hx-post="/standings/costa-open/director/clock/start/"' in page
    assert 'action="/standings/costa-open/director/clock/start/"' in page

    started = client_as_director.post("/standings/costa-open/director/clock/start/", headers=htmx)
    paused = client_as_director.post("/standings/costa-open/director/clock/pause/", headers=htmx)
    twice = client_as_director.post("/standings/costa-open/director/clock/pause/", headers=htmx)
    resumed = client_as_director.post("/standings/costa-open/director/clock/resume/")

    assert started.status_code == 200
    assert started.content.decode().lstrip().startswith('<section id="clock-controls">')
    assert ">Pause</button>" in started.content.decode()
    assert ">Resume</button>" in paused.content.decode()
    assert twice.status_code == 409 and "The clock is already paused." in twice.content.decode()
    assert resumed.status_code == 302
    assert Clock.objects.get(event=event).paused_at is None


def test_adjust_form(client_as_director: Client, event: Event, director: User) -> None:
    start_clock(event, actor=director)

    empty = client_as_director.post("/standings/costa-open/director/clock/adjust/", {"minutes": ""})
    more = client_as_director.post("/standings/costa-open/director/clock/adjust/", {"minutes": "2"})
    level = client_as_director.post("/standings/costa-open/director/clock/adjust/", {"level": "4"})

    assert empty.status_code == 422 and "Give minutes or seconds" in empty.content.decode()
    assert more.status_code == 302 and level.status_code == 302
    clock = Clock.objects.get(event=event)
    assert clock.level_number == 4
    assert Event.objects.get(pk=event.pk).current_level.number == 4


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


# Payout structure, deal, balancing


def test_payout_editor_saves_and_refuses(client_as_director: Client, event: Event) -> None:
    saved = client_as_director.post("/standings/costa-open/director/payouts/",
                                    {"percentages": "50, 30, 20", "unit": "5.00"})
    bad = client_as_director.post("/standings/costa-open/director/payouts/",
                                  {"percentages": "60, 30", "unit": "5.00"})
    page = client_as_director.get("/standings/costa-open/director/payouts/?saved=1").content.decode()

    assert saved.status_code == 302
    assert PayoutStructure.objects.get(event=event).percentages == ["50", "30", "20"]
    assert bad.status_code == 422 and "must add up to exactly 100" in bad.content.decode()
    assert "Payout structure saved." in page and "50, 30, 20" in page
    assert [a.split("<")[0] for a in page.split("data-amount>")[1:]] == ["300.00", "180.00", "120.00"]


def test_deal_calculator_adds_up(client_as_director: Client, played: Event, director: User) -> None:
    set_payout_structure(played, percentages=["50", "30", "20"], unit=Decimal("1"), actor=director)
    Entry.objects.filter(event=played, player__name__in=["Dora", "Eva", "Félix"]).update(
        status=Entry.Status.ELIMINATED, stack=0)
    Seat.objects.filter(entry__player__name__in=["Dora", "Eva", "Félix"]).update(entry=None)

    page = client_as_director.get("/standings/costa-open/director/deal/?unit=1.00").content.decode()

    table = page.split('id="deal-table"')[1].split("</table>")[0]
    rows = [row for row in table.split("<tbody>")[1].split("</tbody>")[0].split("<tr>") if row.strip()]
    assert len(rows) == 3
    columns = list(zip(*[[cell.split("<")[0] for cell in row.split('<td class="num">')[2:]] for row in rows]))
    for column in columns:  # chip-chop, with floor, ICM
        assert sum(Decimal(amount) for amount in column) == Decimal("600.00")
    assert "Chip-chop with floor" in page and "ICM" in page


def test_balancing_page_suggests_moves(client_as_director: Client, event: Event) -> None:
    balanced = client_as_director.get("/standings/costa-open/director/balancing/").content.decode()
    # Two players leave table 2 and one table 1: three are left, the final table.
    seats = Seat.objects.filter(table__event=event, entry__isnull=False).order_by("number")
    gone = list(seats.filter(table__number=2))[:2] + list(seats.filter(table__number=1))[:1]
    Entry.objects.filter(pk__in=[seat.entry_id for seat in gone]).update(status=Entry.Status.ELIMINATED, stack=0)
    Seat.objects.filter(pk__in=[seat.pk for seat in gone]).update(entry=None)

    page = client_as_director.get("/standings/costa-open/director/balancing/").content.decode()

    assert "The tables are balanced: nothing to do." in balanced
    assert "Final table: everyone plays at table 1." in page
    assert "Break these tables:</strong> 2" in page
    assert "→ table 1 seat" in page and "now" in page


def test_director_links_only_for_staff(client: Client, event: Event, director: User) -> None:
    public = client.get("/standings/costa-open/").content.decode()
    client.force_login(director)
    staff = client.get("/standings/costa-open/").content.decode()

    assert "/director/clock/" not in public
    assert "/director/clock/" in staff


def test_an_event_without_levels_has_no_clock(client: Client, director: User) -> None:
    from vpt.events.services import create_event

    create_event(name="Bare", slug="bare", actor=director, levels=[])

    assert client.get("/standings/bare/clock/").status_code == 404
    assert client.get("/standings/bare/").status_code == 200
