"""The audited service that sets a tour event's multiplier: bad values change nothing."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from tour_events import build_finished_event, make_people, make_tour

from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.tours.models import TourEvent
from vpt.tours.services import set_tour_event_multiplier

pytestmark = pytest.mark.django_db


def test_the_multiplier_is_set_audited_and_bad_values_are_refused(director: object, rng: random.Random) -> None:
    built = build_finished_event("spring", make_people(6), rng)
    tour = make_tour("vpt", {"min_entries": 1}, [built])
    event = TourEvent.objects.get(tour=tour).event

    set_tour_event_multiplier(tour, event=event, multiplier=Decimal("1.5"), actor=director)  # type: ignore[arg-type]

    assert TourEvent.objects.get(tour=tour).multiplier == Decimal("1.5")
    entry = AuditEntry.objects.get(action="tours.event_multiplier_changed")
    assert entry.after == {"event": event.slug, "multiplier": "1.5"}
    for bad in (Decimal(0), Decimal("-1"), Decimal("10.5"), Decimal("1.2345")):
        with pytest.raises(ServiceError):
            set_tour_event_multiplier(tour, event=event, multiplier=bad, actor=director)  # type: ignore[arg-type]
    assert TourEvent.objects.get(tour=tour).multiplier == Decimal("1.5")


def test_create_tour_adds_events_with_their_multipliers(rng: random.Random) -> None:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    build_finished_event("spring", make_people(6), rng)
    with pytest.raises(CommandError, match="at most 10"):
        call_command("create_tour", "vpt", "--name", "VPT", "--event", "spring=11")
    assert not TourEvent.objects.exists()
    call_command("create_tour", "vpt", "--name", "VPT", "--event", "spring=2.5")
    assert TourEvent.objects.get().multiplier == Decimal("2.5")
