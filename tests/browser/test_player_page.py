"""A player's own page on a phone (390×844): the seat in large type; the director breaks that
table; within one poll the page shows the move banner with the new table and seat, which stays
until the player taps "I'm seated"."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, expect

from vpt.events.audit import bump_version
from vpt.events.entries import register_player
from vpt.events.models import Entry
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.events.services import create_event
from vpt.seating.models import Seat
from vpt.seating.services import break_table, draw_seats
from vpt.tables.models import Table

PHONE = {"width": 390, "height": 844}


def test_a_moved_player_sees_the_move_within_one_poll(browser: Browser, live_server: object, director: User) -> None:
    event = create_event(name="Move Open", slug="move-open", actor=director, levels=[100, 200])
    for name in ["Ana", "Ben", "Cid", "Dora", "Eva", "Félix"]:
        register_player(event, name=name, actor=director)
    draw_seats(event, actor=director, seed=11)
    issue_player_links(event, actor=director)
    one, two = (Table.objects.get(event=event, number=number) for number in (1, 2))
    # Table 1 keeps one player, table 2 two: table 2 breaks into table 1's free seats.
    for seat in [*Seat.objects.filter(table=one).order_by("number")[:2], Seat.objects.filter(table=two).first()]:
        Entry.objects.filter(pk=seat.entry_id).update(status=Entry.Status.ELIMINATED, stack=0)
        Seat.objects.filter(pk=seat.pk).update(entry=None)
    bump_version(event.pk)
    mine = Seat.objects.filter(table=two, entry__isnull=False).order_by("number").first()
    assert mine is not None
    entry = mine.occupant
    url = reverse("public:me", args=[live_player_tokens([entry])[entry.pk]])

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    # The phone's vibrator, as the page sees it: each call is kept.
    page.add_init_script(
        "window.__buzzes = []; navigator.vibrate = function (p) { window.__buzzes.push(p); return true; };"
    )
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    try:
        page.clock.install()
        page.goto(f"{live_server}{url}")
        expect(page.locator("[data-my-seat] [data-table]")).to_have_text("2")
        expect(page.locator("[data-my-seat] [data-seat]")).to_have_text(str(mine.number))
        expect(page.locator("[data-move-banner]")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        break_table(two, actor=director)
        new = Seat.objects.get(entry=entry)
        page.clock.run_for(5000)  # one poll
        banner = page.locator("[data-move-banner]")
        expect(banner).to_contain_text(f"Move: table 2 seat {mine.number} → table 1 seat {new.number}")
        expect(page.locator("[data-my-seat] [data-table]")).to_have_text("1")
        expect(page.locator("[data-my-seat] [data-seat]")).to_have_text(str(new.number))
        assert page.evaluate("window.__buzzes.length") == 1  # the phone vibrated

        page.clock.run_for(5000)  # the banner stays, poll after poll, and buzzes once per move
        expect(banner).to_be_visible()
        assert page.evaluate("window.__buzzes.length") == 1
        page.get_by_role("button", name="I'm seated").click()
        expect(banner).to_have_count(0)
        page.clock.run_for(5000)
        expect(banner).to_have_count(0)
        expect(page.locator("h1")).to_have_text(re.compile(entry.player.name))
        assert problems == []  # no script refused by the Content Security Policy, no error
    finally:
        context.close()
