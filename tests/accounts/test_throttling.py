"""Login throttling (django-axes): five wrong passwords lock a username for 15 minutes."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from vpt.events.services import create_event


def fail_logins(client: Client, username: str, times: int) -> None:
    for _ in range(times):
        client.post("/floor/accounts/login/", {"username": username, "password": "wrong"})


def test_five_wrong_passwords_lock_the_username_even_for_the_right_password(
    client: Client,
    dealer_user: User,
    password: str,
) -> None:
    fail_logins(client, "dealer", 4)
    assert client.post("/floor/accounts/login/", {"username": "dealer", "password": "wrong"}).status_code == 429

    response = client.post("/floor/accounts/login/", {"username": "dealer", "password": password})

    assert response.status_code == 429
    content = response.content.decode()
    assert "5 wrong passwords in a row for dealer" in content
    assert "Try again in 15 minutes, or ask the tournament director to unlock it." in content
    assert not client.get("/").context["user"].is_authenticated


def test_four_wrong_passwords_do_not_lock(client: Client, dealer_user: User, password: str) -> None:
    fail_logins(client, "dealer", 4)

    assert client.post("/floor/accounts/login/", {"username": "dealer", "password": password}).status_code == 302


def test_the_lock_is_by_username_not_by_device(
    client: Client, dealer_user: User, director: User, password: str
) -> None:
    fail_logins(client, "dealer", 5)

    assert client.post("/floor/accounts/login/", {"username": "director", "password": password}).status_code == 302


def test_the_lock_ends_after_15_minutes(client: Client, dealer_user: User, password: str) -> None:
    fail_logins(client, "dealer", 5)
    AccessAttempt.objects.filter(username="dealer").update(attempt_time=timezone.now() - timedelta(minutes=16))

    assert client.post("/floor/accounts/login/", {"username": "dealer", "password": password}).status_code == 302


def test_the_director_unlocks_a_username_from_the_floor(
    client: Client,
    dealer_user: User,
    director: User,
    password: str,
) -> None:
    fail_logins(client, "dealer", 5)
    floor = Client()
    floor.force_login(director)

    page = floor.get("/floor/accounts/lockouts/")
    assert page.context["usernames"] == ["dealer"]
    response = floor.post("/floor/accounts/lockouts/unlock/", {"username": "dealer"}, follow=True)

    assert response.context["usernames"] == []
    assert "dealer can log in again." in response.content.decode()
    assert client.post("/floor/accounts/login/", {"username": "dealer", "password": password}).status_code == 302


def test_the_floor_links_to_the_lockouts(client_as_director: Client, director: User) -> None:
    create_event(name="Lock Open", slug="lock-open", actor=director)

    assert 'href="/floor/accounts/lockouts/"' in client_as_director.get("/floor/events/lock-open/").content.decode()


def test_the_admin_lists_attempts_for_unlocking(client: Client, dealer_user: User) -> None:
    fail_logins(client, "dealer", 5)
    admin = User.objects.create_superuser("boss", password="unused-password-123")
    client.force_login(admin)

    response = client.get("/admin/axes/accessattempt/")

    assert response.status_code == 200
    assert "dealer" in response.content.decode()


@pytest.mark.parametrize("method", ["get", "post"])
def test_only_directors_see_or_unlock(client: Client, dealer_user: User, method: str) -> None:
    client.force_login(dealer_user)

    url = "/floor/accounts/lockouts/" if method == "get" else "/floor/accounts/lockouts/unlock/"
    assert getattr(client, method)(url).status_code == 403
