"""A public table page and a player page cost the same at 10 and at 500 hands (the newest
hands, older ones a link away), and they are keyed on the table's or the player's own
version: a hand at another table leaves them unchanged (304).

The 500 hands are 10 recorded through `record_hand` and bulk copies of them
(`factories.repeat_hands`): what the pages read at scale, in a few inserts."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from factories import repeat_hands

from vpt.events.models import Entry, Event
from vpt.tables.models import Table
from vpt.tours.event_simulation import simulate_event

HTMX = {"HX-Request": "true"}


def render(url: str) -> tuple[int, str]:
    """Queries and HTML of an uncached render of ``url``."""
    cache.clear()
    with CaptureQueriesContext(connection) as context:
        response = Client().get(url)
    assert response.status_code == 200
    return len(context.captured_queries), response.content.decode()


def pages(event: Event) -> tuple[str, str]:
    table = Table.objects.get(event=event, number=1)
    player_id = Entry.objects.filter(seat__table=table).values_list("player_id", flat=True).first()
    return f"/standings/{event.slug}/tables/1/", f"/standings/{event.slug}/players/{player_id}/"


@pytest.mark.django_db
def test_a_table_page_and_a_player_page_cost_the_same_at_10_and_500_hands() -> None:
    short = simulate_event(players=3, hands=10, seed=1, starting_stack=10**7, reentry=False, slug="ten")
    long = simulate_event(players=3, hands=10, seed=1, starting_stack=10**7, reentry=False, slug="five-hundred")
    repeat_hands(Table.objects.get(event=long, number=1), until=500)  # 490 copies, in bulk
    assert Table.objects.get(event=long, number=1).hands.count() == 500

    for at_10, at_500 in zip(pages(short), pages(long), strict=True):
        (queries_10, html_10), (queries_500, html_500) = render(at_10), render(at_500)
        assert queries_500 == queries_10
        assert html_500.count('class="hand-card') == html_10.count('class="hand-card') == 10
        assert "data-older-hands" in html_500 and "data-older-hands" not in html_10

    older = render(pages(long)[0] + "?upto=490")[1]
    assert re.findall(r'id="hand-(\d+)"', older) == [str(n) for n in range(490, 480, -1)]
    assert 'href="?upto=480"' in older and "data-newest-hands" in older and "hx-get" not in older


@pytest.mark.django_db
def test_a_hand_at_another_table_leaves_a_table_page_and_a_player_page_unchanged(
    client: Client, played: Event, director: User, kit: Any
) -> None:
    table_url = "/standings/costa-open/tables/1/"
    ana = Entry.objects.get(player__name="Ana García")
    assert ana.seat.table.number == 1
    player_url = f"/standings/costa-open/players/{ana.player_id}/"
    table_tag = client.get(table_url, headers=HTMX)["ETag"]
    client.get(player_url)  # a full page: its first answer sets the CSRF cookie its ETag names
    player_tag = client.get(player_url)["ETag"]

    kit.play(Table.objects.get(event=played, number=2), [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL], director)
    assert client.get(table_url, headers={"If-None-Match": table_tag, **HTMX}).status_code == 304
    assert client.get(player_url, headers={"If-None-Match": player_tag}).status_code == 304

    kit.play(Table.objects.get(event=played, number=1), [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL], director)
    assert client.get(table_url, headers={"If-None-Match": table_tag, **HTMX}).status_code == 200
    assert client.get(player_url, headers={"If-None-Match": player_tag}).status_code == 200
