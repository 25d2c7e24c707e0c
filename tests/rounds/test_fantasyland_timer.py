"""The Fantasyland allowance (floor.md, "Pace"): the dealer's page times the Fantasyland player
against the event's allowance and says when it is past (nothing is forfeited)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from boards import ACES_FULL, JACKS, QUEENS_UP
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from factories import play

from vpt.events.models import Event
from vpt.rounds.fantasyland_timer import fantasyland_timer
from vpt.rounds.models import Hand
from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


def test_the_dealer_page_times_the_fantasyland_player(client_as_director: Client, event: Event, director: User) -> None:
    Event.objects.filter(pk=event.pk).update(fantasyland_allowance=120)
    table = Table.objects.get(event=event)
    url = reverse("dealer:table", args=[table.pk])
    assert "data-fantasyland-timer" not in client_as_director.get(url).content.decode()

    hand = play(table, [QUEENS_UP, JACKS, ACES_FULL], director)  # P1 plays Fantasyland next
    Hand.objects.filter(pk=hand.pk).update(recorded_at=timezone.now() - timedelta(seconds=150))
    table = Table.objects.select_related("event").get(pk=table.pk)
    timer = fantasyland_timer(table, fantasyland=True, now=timezone.now())
    assert timer is not None and timer.over and timer.allowance_seconds == 120
    assert 150 <= timer.elapsed_seconds <= 160

    page = client_as_director.get(url).content.decode()
    assert 'data-fantasyland-timer data-elapsed="15' in page
    assert "Past the Fantasyland allowance: the floor decides." in page
    assert "120 s allowed" in page


def test_no_allowance_no_timer(event: Event, director: User) -> None:
    table = Table.objects.get(event=event)
    play(table, [QUEENS_UP, JACKS, ACES_FULL], director)
    table = Table.objects.select_related("event").get(pk=table.pk)
    assert fantasyland_timer(table, fantasyland=True, now=timezone.now()) is None
