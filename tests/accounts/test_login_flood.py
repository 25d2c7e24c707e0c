"""Logins held against the room: a lock by username *and* address (a phone cannot lock the
director out of the laptop), a per-address wait that refuses a flood before any password is
checked, at most so many stored attempt rows, one command to unlock, and signed-in pages the
browser never stores.

What a flood costs is counted (passwords hashed, queries), never timed: bench/logins.py prints
the CPU seconds with the production hasher."""

from __future__ import annotations

import time
from collections.abc import Iterator
from io import StringIO
from typing import Any
from unittest import mock

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import BasePasswordHasher, get_hashers
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django import Settings

from vpt.accounts import throttle
from vpt.events.services import create_event

PHONE, LAPTOP = "10.0.0.66", "10.0.0.5"


def log_in(client: Client, username: str, password: str) -> int:
    return client.post("/floor/accounts/login/", {"username": username, "password": password}).status_code


@pytest.fixture
def waits(settings: Settings) -> Iterator[list[float]]:
    """The per-address wait as in production, on a clock the test moves (``now[0]``)."""
    settings.VPT_LOGIN_WAIT_SECONDS = 2
    cache.clear()
    now = [time.time()]
    with mock.patch.object(throttle.time, "time", lambda: now[0]):
        yield now
    cache.clear()


def test_five_wrong_passwords_from_a_phone_do_not_lock_the_director_out_of_the_laptop(
    director: User, password: str
) -> None:
    phone, laptop = Client(REMOTE_ADDR=PHONE), Client(REMOTE_ADDR=LAPTOP)
    for _ in range(5):
        log_in(phone, "director", "wrong")

    assert log_in(phone, "director", password) == 429  # locked, at that address
    assert log_in(laptop, "director", password) == 302


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every password hashed from now on (a login's check, or the dummy hash Django makes for a
    username that does not exist): what a login costs in CPU, counted rather than timed."""
    hashed: list[str] = []
    for hasher in get_hashers():
        encode = type(hasher).encode

        def counting(self: BasePasswordHasher, password: str, *args: Any, encode: Any = encode, **kwargs: Any) -> str:
            hashed.append(password)
            return str(encode(self, password, *args, **kwargs))

        monkeypatch.setattr(type(hasher), "encode", counting)
    return hashed


def test_a_hundred_failed_logins_from_one_address_hash_one_password(
    waits: list[float], director: User, hashes: list[str]
) -> None:
    phone = Client(REMOTE_ADDR=PHONE)
    statuses, queries = [], []

    for n in range(100):  # a new username each time: axes's lock never applies
        with CaptureQueriesContext(connection) as captured:
            statuses.append(log_in(phone, f"guess{n}", "wrong"))
        queries.append(len(captured))

    assert statuses == [200] + [429] * 99  # one password checked, the rest refused before
    assert hashes == ["wrong"]
    assert queries[1:] == [1] * 99  # the address's wait read; not a session or a user looked up
    assert AccessAttempt.objects.count() == 1


def test_the_wait_doubles_and_a_success_clears_it(waits: list[float], director: User, password: str) -> None:
    phone, laptop = Client(REMOTE_ADDR=PHONE), Client(REMOTE_ADDR=LAPTOP)
    assert log_in(phone, "director", "wrong") == 200
    refused = phone.post("/floor/accounts/login/", {"username": "director", "password": password})
    assert refused.status_code == 429 and refused["Retry-After"] == "2"
    assert "Wrong passwords were just tried from this device: wait 2 seconds" in refused.content.decode()
    assert log_in(laptop, "director", password) == 302  # another address does not wait

    waits[0] += 2
    assert log_in(phone, "director", "wrong") == 200
    waits[0] += 2
    assert log_in(phone, "director", password) == 429  # 4 s after the second failure
    waits[0] += 2
    assert log_in(phone, "director", password) == 302
    Client(REMOTE_ADDR=PHONE).logout()
    assert log_in(Client(REMOTE_ADDR=PHONE), "director", password) == 302  # cleared: no wait


def test_stored_attempt_rows_are_capped(settings: Settings, director: User) -> None:
    settings.VPT_LOGIN_ROWS = 3
    for n in range(6):
        log_in(Client(REMOTE_ADDR=f"10.0.1.{n}"), "director", "wrong")

    assert sorted(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["10.0.1.3", "10.0.1.4", "10.0.1.5"]


def test_one_command_unlocks_a_username_at_every_address(director: User, password: str) -> None:
    phone, tablet = Client(REMOTE_ADDR=PHONE), Client(REMOTE_ADDR="10.0.0.67")
    for _ in range(5):
        log_in(phone, "director", "wrong")
        log_in(tablet, "director", "wrong")
    out = StringIO()

    call_command("unlock_logins", "director", stdout=out)

    assert out.getvalue() == "Unlocked director: 2 locked-out record(s) removed.\n"
    assert log_in(phone, "director", password) == 302
    assert log_in(tablet, "director", password) == 302


def test_the_floor_lists_a_username_locked_at_another_address(director: User) -> None:
    phone = Client(REMOTE_ADDR=PHONE)
    for _ in range(5):
        log_in(phone, "dealer", "wrong")
    floor = Client(REMOTE_ADDR=LAPTOP)
    floor.force_login(director)

    assert floor.get("/floor/accounts/lockouts/").context["usernames"] == ["dealer"]


def test_signed_in_pages_are_not_stored_public_ones_keep_their_caching(client: Client, director: User) -> None:
    create_event(name="Store Open", slug="store-open", actor=director)
    public = client.get("/standings/store-open/")
    client.force_login(director)

    assert client.get("/floor/events/store-open/")["Cache-Control"] == "private, no-store"
    assert client.get("/floor/accounts/lockouts/")["Cache-Control"] == "private, no-store"
    assert "no-store" not in public.get("Cache-Control", "")


LOCMEM = "django.core.cache.backends.locmem.LocMemCache"


def flood(workers: list[str], hashes: list[str], settings: Settings) -> list[int]:
    """Forty wrong passwords from one address, each served by the next worker in turn: each
    worker a process of its own, with its own local cache (`LOCATION`)."""
    statuses = []
    for n in range(40):
        location = workers[n % len(workers)]
        settings.CACHES = {"default": {"BACKEND": LOCMEM, "LOCATION": location}}
        statuses.append(log_in(Client(REMOTE_ADDR=PHONE), f"guess{n}", "wrong"))
    return statuses


def test_a_flood_against_two_workers_gets_no_more_checks_than_against_one(
    waits: list[float], director: User, hashes: list[str], settings: Settings
) -> None:
    one = flood(["worker-1"], hashes, settings)
    checks_against_one = len(hashes)
    throttle.clear_failures(PHONE)
    hashes.clear()
    two = flood(["worker-a", "worker-b"], hashes, settings)

    assert checks_against_one == len(hashes) == 1
    assert one == two == [200] + [429] * 39


def test_two_workers_racing_for_one_address_check_one_password(waits: list[float], db: None) -> None:
    """Both read "may try" at once; the conditional update lets one of them check."""
    first, before = throttle.claim_attempt(PHONE)
    assert (first, before) == (0, 0.0)
    second, _ = throttle.claim_attempt(PHONE)  # the other worker, while the first still checks
    assert second == throttle.CLAIM_SECONDS
    throttle.release_claim(PHONE, before)  # the first checked no password after all
    assert throttle.claim_attempt(PHONE)[0] == 0


def test_a_post_without_a_password_check_gives_the_claim_back(
    waits: list[float], director: User, password: str
) -> None:
    phone = Client(REMOTE_ADDR=PHONE)
    assert phone.post("/floor/accounts/login/", {"username": ""}).status_code == 200
    assert throttle.seconds_to_wait(PHONE) == 0
    assert log_in(phone, "director", password) == 302
