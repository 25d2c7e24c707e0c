"""Players registering themselves: places, the waitlist in order of arrival, cancelling (a freed
place goes to the first waiting), checking in at the door (player, entry, payment and link in one
audited step), the bounds of an anonymous form, and late registration."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from vpt.accounts.permissions import RegistrantActor
from vpt.audit.models import AuditEntry
from vpt.errors import NotAllowed, ServiceError
from vpt.events.entries import reenter_player, register_player
from vpt.events.late_registration import registration_window
from vpt.events.models import Entry, Event, Level, Payment, PlayerLink, Registration
from vpt.events.player_links import link_for_token
from vpt.events.registrations import (
    cancel_registration,
    check_in,
    clean_name,
    places_taken,
    register_online,
    registration_for_token,
    registration_page,
)
from vpt.events.services import create_event
from vpt.events.structure import advance_level
from vpt.people.services import new_person
from vpt.seating.models import Seat
from vpt.seating.services import draw_seats


@pytest.fixture
def open_event(director: User) -> Event:
    return create_event(
        name="Sign-up Night",
        slug="sign-up",
        actor=director,
        self_registration=True,
        capacity=2,
        buy_in=Decimal("50"),
        fee=Decimal("5"),
        levels=[100, 200, 300],
    )


def test_registration_is_off_by_default(director: User) -> None:
    event = create_event(name="Closed doors", slug="closed-doors", actor=director)
    with pytest.raises(NotAllowed):
        register_online(event, name="Ana")
    assert Registration.objects.count() == 0


def test_over_the_capacity_the_waitlist_in_order_of_arrival(open_event: Event) -> None:
    ana, _ = register_online(open_event, name="Ana", contact="ana@example.com")
    ben, _ = register_online(open_event, name="Ben")
    cid, _ = register_online(open_event, name="Cid")
    dora, _ = register_online(open_event, name="Dora")
    assert [r.status for r in (ana, ben, cid, dora)] == ["registered", "registered", "waitlisted", "waitlisted"]
    assert registration_page(dora).waitlist_number == 2
    assert places_taken(open_event) == 2
    assert AuditEntry.objects.filter(action="events.self_register").count() == 4


def test_a_cancelled_place_goes_to_the_first_on_the_waitlist(open_event: Event) -> None:
    ana, _ = register_online(open_event, name="Ana")
    register_online(open_event, name="Ben")
    cid, _ = register_online(open_event, name="Cid")
    dora, _ = register_online(open_event, name="Dora")
    promoted = cancel_registration(ana, actor=RegistrantActor(registration_id=ana.pk))
    assert promoted is not None and promoted.pk == cid.pk
    cid.refresh_from_db()
    assert cid.status == "registered" and cid.promoted_at is not None
    assert registration_page(Registration.objects.get(pk=dora.pk)).waitlist_number == 1


def test_only_the_player_or_a_director_cancels(open_event: Event) -> None:
    ana, _ = register_online(open_event, name="Ana")
    ben, _ = register_online(open_event, name="Ben")
    with pytest.raises(NotAllowed):
        cancel_registration(ana, actor=RegistrantActor(registration_id=ben.pk))
    with pytest.raises(NotAllowed):
        cancel_registration(ana, actor=None)


def test_the_same_name_twice_is_refused_folded(open_event: Event) -> None:
    register_online(open_event, name="José García")
    with pytest.raises(ServiceError) as error:
        register_online(open_event, name="  jose   GARCIA ")
    assert error.value.code == "duplicate_registration"


def test_a_hostile_name_is_kept_as_plain_text() -> None:
    assert clean_name('=HYPERLINK("x")\u202e\x00') == '=HYPERLINK("x")'
    assert clean_name("a" * 300) == "a" * 120


def test_a_bad_contact_is_refused_with_the_reason(open_event: Event) -> None:
    with pytest.raises(ServiceError) as error:
        register_online(open_event, name="Ana", contact="not a phone")
    assert error.value.code == "bad_contact"
    assert Registration.objects.count() == 0


def test_one_address_registers_a_few_at_most(open_event: Event, settings: object) -> None:
    for name in ("Ana", "Ben", "Cid"):
        register_online(open_event, name=name, address="10.0.0.7")
    with pytest.raises(ServiceError) as error:
        register_online(open_event, name="Dora", address="10.0.0.7")
    assert error.value.code == "too_many_here"
    register_online(open_event, name="Dora", address="10.0.0.8")


def test_an_event_takes_a_maximum_of_registrations(open_event: Event, settings: object) -> None:
    settings.VPT_REGISTRATIONS_PER_EVENT = 3  # type: ignore[attr-defined]
    for name in ("Ana", "Ben", "Cid"):
        register_online(open_event, name=name)
    with pytest.raises(ServiceError) as error:
        register_online(open_event, name="Dora")
    assert error.value.code == "registrations_full"


def test_check_in_makes_the_entry_its_payment_and_link_in_one_audited_step(open_event: Event, director: User) -> None:
    person = new_person(name="Ana Ruiz", email="ana@example.com")
    ana, token = register_online(open_event, name="Ana Ruiz", contact="ana@example.com")
    assert ana.person == person  # matched as the director's registration matches
    assert registration_for_token(token) == ana
    entry = check_in(ana, method="card", actor=director)
    assert entry.player.person == person and entry.player.email == "ana@example.com"
    payment = Payment.objects.get(entry=entry)
    assert (payment.method, payment.amount) == ("card", Decimal("55.00"))
    assert link_for_token(token).entry == entry  # the link the player holds opens the entry
    with pytest.raises(Registration.DoesNotExist):
        registration_for_token(token)
    assert AuditEntry.objects.filter(action="events.check_in", entry_id=entry.pk).count() == 1
    with pytest.raises(ServiceError) as error:
        check_in(Registration.objects.get(pk=ana.pk), method="cash", actor=director)
    assert error.value.code == "already_checked_in"


def test_check_in_refuses_a_bad_method_and_changes_nothing(open_event: Event, director: User) -> None:
    ana, _ = register_online(open_event, name="Ana")
    with pytest.raises(ServiceError) as error:
        check_in(ana, method="shells", actor=director)
    assert error.value.code == "bad_method"
    assert Entry.objects.count() == 0 and PlayerLink.objects.count() == 0
    assert Registration.objects.get(pk=ana.pk).status == "registered"


def test_the_seat_draw_takes_the_checked_in_entries(open_event: Event, director: User) -> None:
    ana, _ = register_online(open_event, name="Ana")
    ben, _ = register_online(open_event, name="Ben")
    check_in(ana, method="cash", actor=director)
    check_in(ben, method="cash", actor=director)
    register_player(open_event, name="Cid", actor=director)
    draw_seats(open_event, actor=director, seed=3)
    assert Seat.objects.filter(entry__isnull=False).count() == 3


def test_a_waitlisted_player_is_not_checked_in_while_no_place_is_free(open_event: Event, director: User) -> None:
    register_online(open_event, name="Ana")
    register_online(open_event, name="Ben")
    cid, _ = register_online(open_event, name="Cid")
    with pytest.raises(ServiceError) as error:
        check_in(cid, method="cash", actor=director)
    assert error.value.code == "waitlisted"
    assert "number 1" in error.value.message


# Late registration ---------------------------------------------------------------------------


def test_registration_closes_after_the_level_set(open_event: Event, director: User) -> None:
    Event.objects.filter(pk=open_event.pk).update(
        registration_closes_after_level=1, reentry_until_level=3, max_entries=2
    )
    event = Event.objects.get(pk=open_event.pk)
    window = registration_window(event)
    assert window.open and window.until_text == "Registration open until the end of level 1"
    ana, _ = register_online(event, name="Ana")
    advance_level(event, actor=director)
    event = Event.objects.get(pk=open_event.pk)
    assert event.current_level is not None and event.current_level.number == 2
    for attempt in (
        lambda: register_online(event, name="Ben"),
        lambda: register_player(event, name="Ben", actor=director),
        lambda: check_in(ana, method="cash", actor=director),
    ):
        with pytest.raises(ServiceError) as error:
            attempt()
        assert error.value.code == "registration_closed"
        assert error.value.message == "Registration closed after level 1."
    assert Registration.objects.filter(event=event).count() == 1


def test_re_entry_closes_with_registration(director: User) -> None:
    event = create_event(
        name="Late",
        slug="late",
        actor=director,
        reentry_until_level=3,
        max_entries=3,
        levels=[100, 200, 300],
        registration_closes_after_level=1,
    )
    entry = register_player(event, name="Ana", actor=director)
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.ELIMINATED, stack=0)
    Event.objects.filter(pk=event.pk).update(current_level=Level.objects.get(event=event, number=2))
    with pytest.raises(ServiceError) as error:
        reenter_player(entry.player, actor=director)
    assert (error.value.code, error.value.message) == ("registration_closed", "Registration closed after level 1.")


def test_registration_closes_at_the_time_set(open_event: Event) -> None:
    closes = timezone.now() + timedelta(hours=1)
    Event.objects.filter(pk=open_event.pk).update(registration_closes_at=closes)
    event = Event.objects.get(pk=open_event.pk)
    assert registration_window(event).open
    later = registration_window(event, now=closes + timedelta(seconds=1))
    assert not later.open and later.reason.startswith("Registration closed at ")
