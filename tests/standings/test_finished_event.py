"""A finished event (by a deal here) on every public page: the places and prizes of the one
results source, "Finished" instead of a clock, and no payout row that nobody wins."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from factories import make_event

from vpt.events.entries import adjust_chips
from vpt.events.models import Entry, Event
from vpt.money.deals import apply_deal
from vpt.money.payout_services import set_payout_structure
from vpt.money.selectors import event_payouts

pytestmark = pytest.mark.django_db


def text(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def dealt(director: User) -> Event:
    """Ana 15,000, Ben and Cid 7,500 each; an ICM deal places them 1, 2, 2 (pool 300.00)."""
    event = make_event(director, ["Ana", "Ben", "Cid"], name="Deal Cup", buy_in=Decimal("100"), fee=Decimal("10"))
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1.00"), actor=director)
    for name, chips in (("Ana", 5000), ("Ben", -2500), ("Cid", -2500)):
        adjust_chips(Entry.objects.get(player__name=name), amount=chips, reason="stacks", actor=director)
    event.refresh_from_db()
    apply_deal(event, kind="icm", tables_in_play=1, actor=director)
    return Event.objects.get(pk=event.pk)


def test_the_clock_says_finished(client: Client, dealt: Event) -> None:
    data = client.get("/standings/deal-cup/clock.json").json()
    assert data["finished"] is True and data["time_text"] == "Finished"
    assert data["state_text"] == "" and data["level_text"] == "" and data["seconds_left"] is None
    page = text(client.get("/standings/deal-cup/clock/"))
    assert "Finished" in page and "The clock has not started" not in page and "Level 1" not in page


def test_the_standings_show_places_and_prizes(client: Client, dealt: Event) -> None:
    page = text(client.get("/standings/deal-cup/"))
    assert "Results: deal (ICM) Place Name Prize 1 Ana 115.00 2 Ben 92.50 2 Cid 92.50" in page
    assert "Players left" not in page and "Players still in" not in page


def test_the_players_page_shows_the_place_and_prize(client: Client, dealt: Event) -> None:
    ben = Entry.objects.get(player__name="Ben")
    page = text(client.get(f"/standings/deal-cup/players/{ben.player_id}/"))
    assert "finished 2nd · prize 92.50" in page
    assert "7,500 chips" not in page


def test_the_big_screen_panel(client: Client, dealt: Event) -> None:
    panel = text(client.get("/standings/deal-cup/screen/panel/"))
    assert "Results: deal (ICM) 1 Ana 115.00 2 Ben 92.50 2 Cid 92.50" in panel
    assert "Players left" not in panel and "Average stack" not in panel


def test_no_payout_row_that_nobody_wins(dealt: Event) -> None:
    rows = event_payouts(dealt, public=True)["rows"]
    assert [(row["place"], row["name"]) for row in rows] == [(1, "Ana"), (2, "Ben, Cid")]
