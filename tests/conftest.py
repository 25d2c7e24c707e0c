"""Fixtures shared by every test package: users for each role, the event at one table that most
tests start from (tests/factories.py builds them); the suite's own settings and markers."""

from collections.abc import Iterator

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from factories import PASSWORD, THREE, make_director, make_event, make_user
from hypothesis import settings as hypothesis_settings
from pytest_django import Settings

from vpt.events.models import Event
from vpt.tables.models import Table
from vpt.tables.services import assign_dealer

# No test may depend on the machine's speed (issue 13): Hypothesis's default 200 ms deadline per
# example failed on a busy machine. Every property test runs without one unless it says otherwise.
hypothesis_settings.register_profile("vpt", deadline=None)
hypothesis_settings.load_profile("vpt")

# What makes a test touch the configured database: pytest-django's fixtures (the users below ask
# for `db`) and its marker. Such tests are marked `database`; .ci/run's PostgreSQL pass runs only
# them (`-m database`), the SQLite pass runs everything. live_server asks for transactional_db
# at run time, so it is named here too.
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}
)
# Django's default hashers, as production runs them (vpt/settings.py sets none).
PRODUCTION_PASSWORD_HASHERS = list(django_settings.PASSWORD_HASHERS)


def pytest_configure(config: pytest.Config) -> None:
    # PBKDF2 at a million iterations costs about 0.85 s a hash, and the suite hashes hundreds of
    # passwords (every user it creates, every login). A test of production's hashing asks for
    # `production_password_hashers`; what hashing costs a login is counted (hashes), never timed
    # in a test (bench/logins.py prints the seconds).
    django_settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A failed login makes its address wait (vpt.accounts.throttle), and every test client is
    # 127.0.0.1: one test's wrong password would refuse the next test's login. The tests of
    # that wait turn it on.
    django_settings.VPT_LOGIN_WAIT_SECONDS = 0


def pytest_itemcollected(item: pytest.Item) -> None:
    fixtures = set(getattr(item, "fixturenames", ()))
    if item.get_closest_marker("django_db") or fixtures & DATABASE_FIXTURES:
        item.add_marker(pytest.mark.database)


@pytest.hookimpl(trylast=True)  # after pytest-django's ordering (database tests first) and -m
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The slow tests first, the order otherwise kept: pytest-xdist's workers start on them, so a
    # run does not end with one worker busy on a slow file while the other has nothing to do.
    # `slow` marks what takes seconds (servers, subprocesses, whole simulations); `make test`
    # ends with the 15 slowest (--durations=15), where an unmarked one shows.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture
def production_password_hashers(settings: Settings) -> None:
    """Passwords hashed as in production (PBKDF2 at Django's iterations) for this test."""
    settings.PASSWORD_HASHERS = PRODUCTION_PASSWORD_HASHERS


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
    return make_director()


@pytest.fixture
def dealer_user(db: None) -> User:
    return make_user("dealer")


@pytest.fixture
def client_as_director(client: Client, director: User) -> Client:
    client.force_login(director)
    return client


@pytest.fixture
def event(director: User) -> Event:
    """Ana, Ben and Cid drawn (seed 11) to the one table of "Test Open": 10,000 chips, levels of
    100 and 200 chips per point."""
    return make_event(director, THREE)


@pytest.fixture
def table(event: Event, director: User, dealer_user: User) -> Table:
    """The event's one table, dealt by `dealer_user`."""
    table = Table.objects.get(event=event)
    assign_dealer(table, dealer=dealer_user, actor=director)
    return Table.objects.get(pk=table.pk)
