"""The big screen (issue 19, part 6): the clock and the room's numbers with no header links,
updating itself through conditional GETs and writing nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from factories import make_event

from vpt.audit.models import AuditEntry
from vpt.events.models import Entry, Event
from vpt.events.services import update_event
from vpt.money.payout_services import set_payout_structure


@pytest.fixture
def screen_event(director: User) -> Event:
    event = make_event(director, ["Ana", "Ben", "Cid", "Dora", "Eva", "Fay"], name="Screen Open", seed=3)
    update_event(event, actor=director, buy_in=Decimal("100"), fee=Decimal("10"))
    set_payout_structure(event, percentages=["60", "40"], unit=Decimal("1"), actor=director)
    Entry.objects.filter(player__name="Fay").update(status=Entry.Status.ELIMINATED, stack=0, place=6)
    Entry.objects.filter(player__name="Ana").update(stack=20000)
    return Event.objects.get(pk=event.pk)


def test_the_screen_shows_the_room_numbers_and_no_header_links(client: Client, screen_event: Event) -> None:
    page = client.get("/standings/screen-open/screen/").content.decode()

    assert "Log in" not in page and "set_language" not in page and "/i18n/" not in page
    assert "<dd data-players-left>5</dd>" in page and "<dd data-entries>6</dd>" in page
    assert "<dd data-average>12,000</dd>" in page  # 60,000 chips among 5
    assert "<dd data-pool>600.00</dd>" in page
    assert '<td class="num">1</td><td class="num">360.00</td>' in page
    assert "data-clock" in page and 'data-url="/standings/screen-open/clock.json"' in page
    assert "data-rotate" not in page
    assert "data-rotate" in client.get("/standings/screen-open/screen/?rotate=1").content.decode()


def test_the_panel_answers_304_until_the_event_changes_and_the_screen_writes_nothing(
    client: Client, director: User, screen_event: Event
) -> None:
    audits = AuditEntry.objects.count()
    poll = {"HTTP_HX_REQUEST": "true"}  # what htmx sends
    first = client.get("/standings/screen-open/screen/panel/", **poll)
    same = client.get("/standings/screen-open/screen/panel/", HTTP_IF_NONE_MATCH=first["ETag"], **poll)
    update_event(screen_event, actor=director, added_money=Decimal("50"))
    moved = client.get("/standings/screen-open/screen/panel/", HTTP_IF_NONE_MATCH=first["ETag"], **poll)

    assert first.status_code == 200 and same.status_code == 304
    assert moved.status_code == 200 and "<dd data-pool>650.00</dd>" in moved.content.decode()
    assert AuditEntry.objects.count() == audits + 1  # only the director's change


def test_the_screen_and_the_standings_show_one_average_stack(client: Client, screen_event: Event) -> None:
    """60,002 chips among 5 is 12,000.4; 60,003 is 12,000.6: both pages round it the same way."""
    Entry.objects.filter(player__name="Ben").update(stack=10003)
    screen = client.get("/standings/screen-open/screen/").content.decode()
    standings = client.get("/standings/screen-open/").content.decode()

    assert "<dd data-average>12,001</dd>" in screen
    assert "12,001" in standings and "12,000" not in standings


def test_after_a_deal_the_screen_and_payouts_show_what_each_player_won(client: Client, director: User) -> None:
    """A deal replaces the structure's amounts for its players: the TV must not show the winner
    beside the structure's first prize, nor the payouts page beside a prize she did not get."""
    import re

    from vpt.events.entries import adjust_chips
    from vpt.money.deals import apply_deal

    event = make_event(director, ["Ana", "Ben", "Cid"], name="Deal Screen", buy_in="100.00", levels=[100])
    set_payout_structure(event, percentages=["50", "30", "20"], unit=Decimal("1.00"), actor=director)
    ana, cid = (Entry.objects.get(event=event, player__name=name) for name in ["Ana", "Cid"])
    adjust_chips(ana, amount=5000, reason="test stacks", actor=director)
    adjust_chips(cid, amount=-5000, reason="test stacks", actor=director)
    apply_deal(event, kind="chip-chop", tables_in_play=1, actor=director)  # 150 / 100 / 50 instead of 150 / 90 / 60

    def text(url: str) -> str:
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(url).content.decode()))

    panel = text("/standings/deal-screen/screen/panel/")
    payouts = text("/standings/deal-screen/payouts/")

    assert "1 Ana 150.00 2 Ben 100.00 3 Cid 50.00" in panel  # the results: place, name, prize
    assert "90.00" not in panel and "60.00" not in panel
    assert "2 30 90.00 Ben · deal: 100.00" in payouts
