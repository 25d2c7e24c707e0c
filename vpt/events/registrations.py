"""Players who register themselves, the waitlist, and checking them in at the door.

registration  see `registration_models`: a name the public gave, holding a place or waiting
              for one, until the director checks it in (then it is a player with an entry).
places        the event's capacity (`Event.capacity`; empty: no limit) counts the players of
              the event (whoever registered them) and the registrations holding a place.
waitlist      registrations over the capacity, in order of arrival; when a place is freed (a
              cancellation) the first on the waitlist takes it (`promoted_at`: their page says so).
bounds        an anonymous form: at most `VPT_REGISTRATIONS_PER_ADDRESS` live registrations per
              address and event, and `VPT_REGISTRATIONS_PER_EVENT` registrations per event in all
              (the per-address rate across events is the view's, `vpt.public`).
names         what the public types is kept as text: control characters dropped, spaces
              collapsed, at most 120 characters. Pages escape it; every CSV neutralises it
              (`vpt.csvsafe`).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, RegistrantActor, ensure_director, is_director, user_of
from vpt.errors import Conflict, NotAllowed, ServiceError
from vpt.events.payments import take_entry_payment
from vpt.people.names import fold_name
from vpt.people.selectors import find_person

from .audit import write_audit
from .entries import add_player
from .late_registration import check_registration_open
from .models import Entry, Event, Player, PlayerLink, Registration
from .player_links import hash_token, player_token
from .services import lock_event

__all__ = [
    "RegistrationPage",
    "cancel_registration",
    "check_in",
    "clean_contact",
    "clean_name",
    "places_taken",
    "register_online",
    "registration_for_token",
    "registration_page",
    "registration_token",
]

NAME_MAX = 120
LIVE = (Registration.Status.REGISTERED, Registration.Status.WAITLISTED)
_PHONE = re.compile(r"^\+?[0-9 ()./-]{6,30}$")


def per_address() -> int:
    return int(getattr(settings, "VPT_REGISTRATIONS_PER_ADDRESS", 3))


def per_event() -> int:
    return int(getattr(settings, "VPT_REGISTRATIONS_PER_EVENT", 1000))


def clean_name(text: str) -> str:
    """A typed name as it is kept: no control or format characters, spaces collapsed, 120 at most.

    >>> clean_name("  Ana\\u202e  <b>Ruiz</b>\\x00 ")
    'Ana <b>Ruiz</b>'
    """
    kept = "".join(
        " " if char.isspace() else char for char in text if unicodedata.category(char)[0] != "C" or char.isspace()
    )
    return " ".join(kept.split())[:NAME_MAX].strip()


def clean_contact(text: str) -> str:
    """An e-mail address or a phone number ("" when none is given); anything else is refused.

    >>> clean_contact(" ana@example.com "), clean_contact("+34 600 11 22 33"), clean_contact("")
    ('ana@example.com', '+34 600 11 22 33', '')
    """
    text = " ".join(text.split())[:NAME_MAX]
    if not text:
        return ""
    if "@" in text:
        try:
            validate_email(text)
        except ValidationError:
            raise ServiceError(_("%(text)s is not an e-mail address.") % {"text": text}, code="bad_contact") from None
        return text
    if not _PHONE.match(text) or sum(char.isdigit() for char in text) < 6:
        raise ServiceError(_("Give an e-mail address or a phone number, or leave it empty."), code="bad_contact")
    return text


def _email(contact: str) -> str:
    return contact if "@" in contact else ""


def registration_token(registration: Registration) -> str:
    """The token of the registration's private link (`/me/<token>/`)."""
    return player_token(registration.salt)


def places_taken(event: Event) -> int:
    """The event's players plus the registrations holding a place: 2 queries."""
    held = Registration.objects.filter(event=event, status=Registration.Status.REGISTERED).count()
    return Player.objects.filter(event=event).count() + held


def _has_place(event: Event) -> bool:
    return event.capacity is None or places_taken(event) < event.capacity


def waitlist_number(registration: Registration) -> int | None:
    """Where a waitlisted registration stands (1: next to get a place); None otherwise."""
    if registration.status != Registration.Status.WAITLISTED:
        return None
    ahead = Registration.objects.filter(
        event_id=registration.event_id, status=Registration.Status.WAITLISTED, pk__lt=registration.pk
    ).count()
    return ahead + 1


def _address_hash(address: str) -> str:
    return hashlib.sha256(f"vpt-registration:{address}".encode()).hexdigest() if address else ""


@transaction.atomic(durable=True)
def register_online(
    event: Event, *, name: str, contact: str = "", address: str = "", actor: Actor = None
) -> tuple[Registration, str]:
    """A player registers themselves: a place when one is free, else the end of the waitlist.
    Returns the registration and its private link's token (shown once, at once).

    Refused: registration by the players is off, closed (`late_registration`), a name already
    registered, too many from this address, or the event's registrations are at their maximum.
    """
    name = clean_name(name)
    if not name:
        raise ServiceError(_("Give your name."), code="no_name")
    contact = clean_contact(contact)
    folded = fold_name(name)
    address_hash = _address_hash(address)
    event = lock_event(event)
    if not event.self_registration:
        raise NotAllowed(_("Players cannot register themselves for this event: ask the director."))
    check_registration_open(event)
    registrations = Registration.objects.filter(event=event)
    if registrations.count() >= per_event():
        raise ServiceError(_("This event takes no more registrations: ask the director."), code="registrations_full")
    if address_hash and registrations.filter(address_hash=address_hash, status__in=LIVE).count() >= per_address():
        raise ServiceError(
            _("Too many registrations from this device for this event: ask the director."), code="too_many_here"
        )
    names = set(
        registrations.filter(status__in=[*LIVE, Registration.Status.CHECKED_IN]).values_list("folded_name", flat=True)
    )
    names |= {fold_name(player) for player in Player.objects.filter(event=event).values_list("name", flat=True)}
    if folded in names:
        raise Conflict(_("%(name)s is already registered.") % {"name": name}, code="duplicate_registration")
    status = Registration.Status.REGISTERED if _has_place(event) else Registration.Status.WAITLISTED
    salt = secrets.token_hex(16)
    token = player_token(salt)
    registration = Registration.objects.create(
        event=event,
        name=name,
        folded_name=folded[:NAME_MAX],
        contact=contact,
        person=find_person(name, _email(contact)),
        status=status,
        salt=salt,
        token_hash=hash_token(token),
        address_hash=address_hash,
    )
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.self_register",
        obj=registration,
        args={"name": name},
        after={"status": status.value},
    )
    return registration, token


def _promote(event: Event) -> Registration | None:
    """The first on the waitlist takes the freed place (when the capacity leaves one)."""
    if not _has_place(event):
        return None
    first = (
        Registration.objects.select_for_update()
        .filter(event=event, status=Registration.Status.WAITLISTED)
        .order_by("pk")
        .first()
    )
    if first is None:
        return None
    first.status = Registration.Status.REGISTERED
    first.promoted_at = timezone.now()
    first.save(update_fields=["status", "promoted_at"])
    return first


@transaction.atomic(durable=True)
def cancel_registration(registration: Registration, *, actor: Actor) -> Registration | None:
    """The player (their link) or the director cancels a registration not yet checked in; a freed
    place goes to the first on the waitlist, returned (None: nobody moved up)."""
    if not is_director(actor) and not (isinstance(actor, RegistrantActor) and actor.registration_id == registration.pk):
        raise NotAllowed(_("Only the player or a director may cancel this registration."))
    event = lock_event(registration.event_id)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.status not in LIVE:
        raise Conflict(
            _("This registration is %(status)s: it cannot be cancelled.")
            % {"status": registration.get_status_display().lower()},
            code="not_cancellable",
        )
    registration.status = Registration.Status.CANCELLED
    registration.cancelled_at = timezone.now()
    registration.save(update_fields=["status", "cancelled_at"])
    promoted = _promote(event)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.cancel_registration",
        obj=registration,
        args={"name": registration.name},
        after={"promoted": promoted.pk if promoted else None},
    )
    return promoted


@transaction.atomic(durable=True)
def check_in(registration: Registration, *, method: str, actor: Actor) -> Entry:
    """The player is at the door and paid: in one step, the player (matched to a person as the
    director's registration matches), their first entry, its payment, and their private link
    (the one they hold) now opening the entry's page. The seat draw then takes the entry."""
    ensure_director(actor)
    event = lock_event(registration.event_id)
    check_registration_open(event)
    registration = Registration.objects.select_for_update(of=("self",)).select_related("person").get(pk=registration.pk)
    if registration.status == Registration.Status.CHECKED_IN:
        raise Conflict(_("%(name)s is already checked in.") % {"name": registration.name}, code="already_checked_in")
    if registration.status == Registration.Status.CANCELLED:
        raise ServiceError(_("%(name)s cancelled their registration.") % {"name": registration.name}, code="cancelled")
    if registration.status == Registration.Status.WAITLISTED and not _has_place(event):
        raise ServiceError(
            _("%(name)s is waitlisted, number %(number)s: no place is free.")
            % {"name": registration.name, "number": waitlist_number(registration)},
            code="waitlisted",
        )
    entry = add_player(event, name=registration.name, email=_email(registration.contact), person=registration.person)
    payment = take_entry_payment(event, entry, method=method, actor=actor)
    PlayerLink.objects.create(
        entry=entry, salt=registration.salt, token_hash=registration.token_hash, created_by=user_of(actor)
    )
    registration.status = Registration.Status.CHECKED_IN
    registration.checked_in_at = timezone.now()
    registration.entry = entry
    registration.save(update_fields=["status", "checked_in_at", "entry"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.check_in",
        obj=entry,
        entry=entry,
        args={"name": registration.name, "money": str(payment.amount), "method": payment.method},
        after={"stack": entry.stack, "registration": registration.pk},
    )
    return entry


def registration_for_token(token: str) -> Registration:
    """The registration (not yet checked in, of an event not closed) ``token`` opens, with its
    event and the event's current level: 1 query. Raises Registration.DoesNotExist otherwise
    (once checked in, the token opens the entry's page: `player_links.link_for_token`)."""
    registration = (
        Registration.objects.select_related("event__current_level")
        .filter(token_hash=hash_token(token), event__closed_at__isnull=True)
        .exclude(status=Registration.Status.CHECKED_IN)
        .first()
    )
    if registration is None:
        raise Registration.DoesNotExist
    return registration


@dataclass(frozen=True)
class RegistrationPage:
    registration: Registration
    waitlist_number: int | None
    can_cancel: bool


def registration_page(registration: Registration) -> RegistrationPage:
    """What the player's page says before check-in: 1 query."""
    return RegistrationPage(
        registration=registration,
        waitlist_number=waitlist_number(registration),
        can_cancel=registration.status in LIVE,
    )
