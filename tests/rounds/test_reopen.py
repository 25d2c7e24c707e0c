"""The dealer's own undo: reopen the table's last hand before the next one, within 10 minutes.

The ten minutes are read on a clock the tests hold (`clock`), never the machine's: a hand is
recorded at a known instant and a test moves the clock to the edges of the window."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from unittest import mock

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import hand_post

from vpt.audit.models import AuditEntry
from vpt.errors import Conflict, NotAllowed
from vpt.events.models import Entry
from vpt.rounds.corrections import reopen_hand
from vpt.rounds.models import Hand
from vpt.rounds.services import REOPEN_MINUTES
from vpt.tables.models import Table
from vpt.tables.services import issue_table_token

pytestmark = pytest.mark.django_db


class Clock:
    """`django.utils.timezone.now` as the test sets it: it moves only when told to."""

    def __init__(self, now: datetime.datetime) -> None:
        self.now = now

    def __call__(self) -> datetime.datetime:
        return self.now

    def move(self, **delta: float) -> None:
        self.now += datetime.timedelta(**delta)


@pytest.fixture(autouse=True)
def clock() -> Iterator[Clock]:
    """The time every `timezone.now()` reads in these tests (the hand's `recorded_at`, the
    reopen window, the session), held still from the test's start: however long a busy machine
    takes between recording a hand and reopening it, no time passes for the window."""
    held = Clock(timezone.now())
    with mock.patch("django.utils.timezone.now", held):
        yield held


def record(client: Client, table: Table, boards: list[dict[str, str]] | None = None) -> Hand:
    rows = boards or [JACKS, ACES_FULL, QUEENS_FULL]
    response = client.post(reverse("dealer:table", args=[table.pk]), hand_post(table, rows))
    assert response.status_code == 302, response.content
    return Hand.objects.filter(table=table).order_by("-number").first()  # type: ignore[return-value]


def reopen_url(table: Table, number: int) -> str:
    return reverse("dealer:hand-reopen", args=[table.pk, number])


def test_the_dealer_reopens_the_last_hand_and_its_boards_come_back(
    client: Client, table: Table, dealer_user: User
) -> None:
    client.force_login(dealer_user)
    hand = record(client, table)
    result = client.get(reverse("dealer:hand-result", args=[table.pk, 1])).content.decode()
    assert "data-reopen" in result and "Reopen hand 1" in result

    response = client.post(reopen_url(table, 1))
    assert response.status_code == 302
    assert response["Location"] == reverse("dealer:table", args=[table.pk]) + "?reopened=1"
    hand.refresh_from_db()
    assert hand.is_void
    assert sorted(Entry.objects.values_list("stack", flat=True)) == [10000, 10000, 10000]
    audit = AuditEntry.objects.get(action="rounds.hand_reopened")
    assert audit.actor == dealer_user and audit.summary == "Table 1, hand 1 reopened by the dealer"

    page = client.get(response["Location"]).content.decode()
    assert "Hand 2" in page
    for board in (JACKS, ACES_FULL, QUEENS_FULL):
        for cards in board.values():
            assert f'value="{cards}"' in page
    fixed = record(client, table, [ACES_FULL, JACKS, QUEENS_FULL])
    assert fixed.number == 2 and not fixed.is_void
    # Hand 1 is void and no longer the last: it cannot be reopened again.
    assert "data-reopen" not in client.get(reverse("dealer:hand-result", args=[table.pk, 1])).content.decode()


def test_after_the_next_hand_only_the_director_corrects(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    first = record(client, table)
    record(client, table)
    assert "data-reopen" not in client.get(reverse("dealer:hand-result", args=[table.pk, 1])).content.decode()
    response = client.post(reopen_url(table, 1), follow=True)
    assert "only a tournament director" in response.content.decode()
    first.refresh_from_db()
    assert not first.is_void
    with pytest.raises(Conflict) as refused:
        reopen_hand(first, actor=dealer_user)
    assert refused.value.code == "reopen_closed"


def test_after_ten_minutes_only_the_director_corrects(
    client: Client, table: Table, dealer_user: User, clock: Clock
) -> None:
    client.force_login(dealer_user)
    hand = record(client, table)
    assert hand.recorded_at == clock.now
    assert REOPEN_MINUTES == 10

    clock.move(minutes=10, microseconds=1)  # just past the ten minutes
    assert "data-reopen" not in client.get(reverse("dealer:hand-result", args=[table.pk, 1])).content.decode()
    response = client.post(reopen_url(table, 1), follow=True)
    assert "More than 10 minutes" in response.content.decode()
    hand.refresh_from_db()
    assert not hand.is_void
    with pytest.raises(Conflict) as refused:
        reopen_hand(hand, actor=dealer_user)
    assert refused.value.code == "reopen_closed"


def test_at_ten_minutes_exactly_the_dealer_still_reopens(
    client: Client, table: Table, dealer_user: User, clock: Clock
) -> None:
    client.force_login(dealer_user)
    hand = record(client, table)

    clock.move(minutes=10)
    assert "data-reopen" in client.get(reverse("dealer:hand-result", args=[table.pk, 1])).content.decode()
    assert client.post(reopen_url(table, 1)).status_code == 302
    hand.refresh_from_db()
    assert hand.is_void


def test_only_the_tables_dealer_or_device_may_reopen(
    client: Client, table: Table, dealer_user: User, director: User
) -> None:
    client.force_login(dealer_user)
    hand = record(client, table)
    other = User.objects.create_user("other", password="x")
    with pytest.raises(NotAllowed):
        reopen_hand(hand, actor=other)
    stranger = Client()
    stranger.force_login(other)
    assert stranger.post(reopen_url(table, 1)).status_code == 403
    device = Client()
    device.post(reverse("dealer:sign-in", args=[issue_table_token(table, actor=director).token]))
    assert device.post(reopen_url(table, 1)).status_code == 302
    hand.refresh_from_db()
    assert hand.is_void
    assert AuditEntry.objects.get(action="rounds.hand_reopened").actor is None  # a device is nobody


def test_a_retry_of_the_same_form_gets_the_first_result(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    data = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL], key="page-key-0001")
    first = client.post(reverse("dealer:table", args=[table.pk]), data)
    again = client.post(reverse("dealer:table", args=[table.pk]), data)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == reverse("dealer:hand-result", args=[table.pk, 1])
    assert Hand.objects.get().key == "page-key-0001"
    # The page carries a fresh key for its form.
    page = client.get(reverse("dealer:table", args=[table.pk])).content.decode()
    assert 'name="key" value="' in page and "page-key-0001" not in page


def test_reopen_sits_by_the_result_not_at_the_end_of_the_page(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    record(client, table)

    page = client.get(reverse("dealer:hand-result", args=[table.pk, 1])).content.decode()

    assert page.index("data-settlement") < page.index("data-reopen") < page.index("New stacks")
