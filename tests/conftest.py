"""Fixtures shared by every test package: users for each role."""

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from hypothesis import settings as hypothesis_settings

PASSWORD = "correct-horse-battery"

# No test may depend on the machine's speed (issue 13): Hypothesis's default 200 ms deadline per
# example failed on a busy machine. Every property test runs without one unless it says otherwise.
hypothesis_settings.register_profile("vpt", deadline=None)
hypothesis_settings.load_profile("vpt")


@pytest.fixture(autouse=True)
def english_unless_asked() -> Iterator[None]:
    """LocaleMiddleware leaves a Spanish request's language active in the thread; a test starts
    in English whatever ran before it."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def password() -> str:
    return PASSWORD


@pytest.fixture
def director(db: None) -> User:
    return User.objects.create_user("director", password=PASSWORD, is_staff=True)


@pytest.fixture
def dealer_user(db: None) -> User:
    return User.objects.create_user("dealer", password=PASSWORD)


@pytest.fixture
def client_as_director(client: Client, director: User) -> Client:
    client.force_login(director)
    return client
