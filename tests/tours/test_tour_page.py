"""The director's tour page: each event's multiplier (validated, audited, in Spanish too), the
tour's final, *Issue final tickets* and *Scale the final's stacks*."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from tour_events import build_season

from vpt.audit.models import AuditEntry
from vpt.events.entries import register_player
from vpt.events.models import Entry, Event
from vpt.events.ticket_models import Ticket
from vpt.tours.models import Tour, TourEvent

pytestmark = pytest.mark.django_db


def test_each_event_shows_its_multiplier_and_the_director_changes_it(client_as_director: Client, director: Any) -> None:
    build_season(director)
    page = client_as_director.get("/floor/tours/vpt/").content.decode()
    assert 'name="multiplier"' in page and 'value="1.005"' in page and 'value="1"' in page
    assert page.count("data-multiplier-form") == 2

    for bad, why in (("0", "more than 0 and at most 10, not 0"), ("10.5", "not 10.5"), ("x", "Enter a number")):
        refused = client_as_director.post("/floor/tours/vpt/events/one/multiplier/", {"multiplier": bad})
        assert refused.status_code == 400 and why in refused.content.decode(), bad
    assert TourEvent.objects.get(event__slug="one").multiplier == Decimal(1)

    saved = client_as_director.post("/floor/tours/vpt/events/one/multiplier/", {"multiplier": "2"}, follow=True)

    assert TourEvent.objects.get(event__slug="one").multiplier == Decimal(2)
    assert "The points of One count × 2." in saved.content.decode()
    client_as_director.post("/floor/tours/vpt/events/two/multiplier/", {"multiplier": "10"})
    assert 'value="10"' in client_as_director.get("/floor/tours/vpt/").content.decode()  # not 1E+1
    assert AuditEntry.objects.filter(action="tours.event_multiplier_changed").count() == 3  # the season's, these two
    assert client_as_director.post("/floor/tours/vpt/events/final/multiplier/", {"multiplier": "2"}).status_code == 404


def test_the_multiplier_in_spanish(client_as_director: Client, director: Any) -> None:
    build_season(director)
    headers = {"Accept-Language": "es"}
    page = client_as_director.get("/floor/tours/vpt/", headers=headers).content.decode()
    assert "Multiplicador" in page and "La final del circuito" in page
    refused = client_as_director.post("/floor/tours/vpt/events/one/multiplier/", {"multiplier": "11"}, headers=headers)
    assert "Un multiplicador debe ser mayor que 0 y como máximo 10, no 11." in refused.content.decode()


def test_the_final_from_the_page_tickets_and_stacks(client_as_director: Client, director: Any) -> None:
    _tour, final, people = build_season(director)
    refused = client_as_director.post("/floor/tours/vpt/final/", {"final_event": final.pk, "final_seats": ""})
    assert refused.status_code == 400 and "Give the number of seats in the final." in refused.content.decode()
    saved = client_as_director.post(
        "/floor/tours/vpt/final/",
        {"final_event": final.pk, "final_seats": "3", "final_base_stack": "", "final_chips_per_point": "5"},
    )
    assert saved.status_code == 302
    tour = Tour.objects.get(slug="vpt")
    assert (tour.final_event_id, tour.final_seats, tour.final_chips_per_point) == (final.pk, 3, Decimal("5.00"))
    page = client_as_director.get("/floor/tours/vpt/").content.decode()
    assert page.count("data-final-seat>") == 3 and "3 seats in Final" in page
    # The final cannot be one of the tour's events: they are not offered.
    final_form = page.split("data-final-form")[1].split("</form>")[0]
    assert f'<option value="{final.pk}" selected>' in final_form
    assert f'<option value="{Event.objects.get(slug="one").pk}"' not in final_form

    issued = client_as_director.post("/floor/tours/vpt/final/tickets/", follow=True).content.decode()
    assert "3 tickets issued." in issued
    again = client_as_director.post("/floor/tours/vpt/final/tickets/", follow=True).content.decode()
    assert "Nobody new: every seat" in again and Ticket.objects.count() == 3

    register_player(final, name="Ben", person=people["Ben"], actor=director)
    scaled = client_as_director.post("/floor/tours/vpt/final/stacks/", follow=True).content.decode()
    assert "1 starting stack scaled." in scaled
    assert Entry.objects.get(event=final).starting_stack == 10853
    assert "10,853" in scaled


def test_tickets_wait_for_the_last_event(client_as_director: Client, director: Any) -> None:
    _tour, final, _people = build_season(director)
    client_as_director.post("/floor/tours/vpt/final/", {"final_event": final.pk, "final_seats": "2"})
    Event.objects.filter(slug="two").update(status=Event.Status.RUNNING)
    page = client_as_director.get("/floor/tours/vpt/").content.decode()
    assert "data-final-waiting" in page
    refused = client_as_director.post("/floor/tours/vpt/final/tickets/", follow=True).content.decode()
    assert "Not every event of the tour has finished" in refused
    assert not Ticket.objects.exists()
