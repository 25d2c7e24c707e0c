"""The public side of registration by the players: the form on the event page (and the tour
page), the private page it leads to at once (registered / waitlisted, number N / cancelled, then
the entry's page after check-in), cancelling from it, the throttle, and the closed window."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from vpt.events.models import Event, Level, Registration
from vpt.events.registrations import check_in
from vpt.events.services import create_event
from vpt.tours.services import add_event_to_tour, create_tour


@pytest.fixture(autouse=True)
def fresh_throttle() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def open_event(director: User) -> Event:
    return create_event(
        name="Sign-up Night",
        slug="sign-up",
        actor=director,
        self_registration=True,
        capacity=1,
        buy_in=Decimal("20"),
        levels=[100, 200],
        registration_closes_after_level=1,
    )


def _register(client: Client, name: str, contact: str = "", **extra: str):  # type: ignore[no-untyped-def]
    return client.post(reverse("public:register", args=["sign-up"]), {"name": name, "contact": contact}, **extra)


def test_the_event_page_offers_register_and_says_until_when(client: Client, open_event: Event) -> None:
    html = client.get(reverse("public:standings", args=["sign-up"])).content.decode()
    assert "data-register-link" in html
    assert "Registration open until the end of level 1" in html


def test_no_register_when_the_setting_is_off(client: Client, director: User) -> None:
    create_event(name="Invite only", slug="invite", actor=director)
    assert "data-register-link" not in client.get(reverse("public:standings", args=["invite"])).content.decode()
    assert client.get(reverse("public:register", args=["invite"])).status_code == 404
    assert client.post(reverse("public:register", args=["invite"]), {"name": "Ana"}).status_code == 404


def test_register_leads_to_the_private_page_registered_then_waitlisted(client: Client, open_event: Event) -> None:
    response = _register(client, "Ana", "ana@example.com")
    assert response.status_code == 302
    ana_url = response["Location"]
    assert re.fullmatch(r"/me/[A-Za-z0-9_-]{24}/", ana_url)
    page = client.get(ana_url)
    assert page.status_code == 200 and page["Referrer-Policy"] == "no-referrer"
    assert 'data-registration="registered"' in page.content.decode()
    assert "<svg" in page.content.decode()  # the QR of the link, for the door

    ben_url = _register(client, "Ben")["Location"]
    assert "Waitlisted, number 1" in client.get(ben_url).content.decode()

    assert client.post(reverse("public:me-cancel", args=[ana_url.split("/")[2]])).status_code == 302
    assert 'data-registration="cancelled"' in client.get(ana_url).content.decode()
    ben = client.get(ben_url).content.decode()
    assert 'data-registration="registered"' in ben and "data-promoted" in ben


def test_after_check_in_the_same_link_opens_the_entry_page(client: Client, open_event: Event, director: User) -> None:
    url = _register(client, "Ana")["Location"]
    check_in(Registration.objects.get(name="Ana"), method="cash", actor=director)
    html = client.get(url).content.decode()
    assert 'id="me-live"' in html and "Not seated yet" in html


def test_a_hostile_name_is_escaped(client: Client, open_event: Event) -> None:
    url = _register(client, "<script>alert(1)</script>")["Location"]
    html = client.get(url).content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_name_twice_is_refused_with_the_reason(client: Client, open_event: Event) -> None:
    _register(client, "José García")
    response = _register(client, "jose garcia")
    assert response.status_code == 409
    assert "jose garcia is already registered." in response.content.decode()
    assert Registration.objects.count() == 1


def test_100_registrations_from_one_address_are_throttled(client: Client, open_event: Event) -> None:
    statuses = [_register(client, f"Player {n}", REMOTE_ADDR="203.0.113.9").status_code for n in range(100)]
    assert Registration.objects.count() == 3  # the per-event bound of one address
    assert statuses[:3] == [302, 302, 302]
    assert statuses.count(429) == 90  # past the rate (10 posts) nothing is even read
    # Another address still registers.
    assert _register(client, "Someone else", REMOTE_ADDR="203.0.113.10").status_code == 302


def test_after_the_level_set_registration_is_refused_with_the_reason(client: Client, open_event: Event) -> None:
    Event.objects.filter(pk=open_event.pk).update(current_level=Level.objects.get(event=open_event, number=2))
    page = client.get(reverse("public:standings", args=["sign-up"])).content.decode()
    assert 'data-registration-state="closed"' in page and "data-register-link" not in page
    response = _register(client, "Late Larry")
    assert "Registration closed after level 1." in response.content.decode()
    assert Registration.objects.count() == 0
    screen = client.get(reverse("public:screen", args=["sign-up"])).content.decode()
    assert "Registration closed" in screen


def test_the_tour_page_offers_register(client: Client, open_event: Event, director: User) -> None:
    tour = create_tour(slug="winter", name="Winter Tour", actor=director)
    add_event_to_tour(tour, event=open_event, actor=director)
    html = client.get(reverse("public:leaderboard", args=["winter"])).content.decode()
    assert "data-tour-register" in html and reverse("public:register", args=["sign-up"]) in html
