"""The payout form of a main event warns when it would pay more places than players advance
to Day 2 (festival.md, "Places"): a warning, not a refusal."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import Client

from vpt.events.entries import register_player
from vpt.events.models import Event
from vpt.festival.creation import create_main_event
from vpt.festival.selectors import players_advancing
from vpt.festival.services import end_day, start_day2


@pytest.mark.django_db
def test_the_payout_form_warns_when_it_pays_more_places_than_advance(client_as_director: Client, director: Any) -> None:
    main = create_main_event(
        slug="m",
        name="Main",
        flights=["1A", "1B"],
        actor=director,
        advance={"kind": "survivors"},
        buy_in=Decimal("100"),
        fee=Decimal("10"),
    )
    for slug, names in (("m-1a", ["Ana", "Ben"]), ("m-1b", ["Cid", "Dee"])):
        flight = Event.objects.get(slug=slug)
        for name in names:
            register_player(flight, name=name, actor=director)
        end_day(flight, actor=director)
    assert players_advancing(main) == 4
    url = f"/floor/events/{main.slug}/payouts/"
    response = client_as_director.post(url, {"percentages": "40, 25, 15, 12, 8", "unit": "1.00"})
    assert response.status_code == 200
    assert "only 4 players advance to Day 2" in response.content.decode()
    main.payout_structure.refresh_from_db()
    assert len(main.payout_structure.percentages) == 5  # saved: a warning, not a refusal
    assert "only 4 players advance" in client_as_director.get(url).content.decode()

    response = client_as_director.post(url, {"percentages": "50, 30, 20", "unit": "1.00"})
    assert response.status_code == 302  # within the players advancing: saved, no warning
    start_day2(main, seed=1, actor=director)
    assert players_advancing(main) == 4
    assert "advance to Day 2" not in client_as_director.get(url).content.decode()


@pytest.mark.django_db
def test_a_plain_event_gets_no_warning(client_as_director: Client, event: Event) -> None:
    response = client_as_director.post(f"/floor/events/{event.slug}/payouts/", {"percentages": "40, 30, 20, 10"})
    assert "advance to Day 2" not in response.content.decode()
