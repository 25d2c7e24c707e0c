"""Roles: one decorator per role for views, one check per role for services.

director  Django staff user: may do everything.
dealer    a logged-in user assigned to a table; whether they are the dealer of the table they
          act on is checked once per request by `vpt.tables.permissions.table_dealer_required`
          and again by the service (`ensure_can_record`).
device    a table's device, signed in by the table's QR card (no user, no password): it acts
          as a `DeviceActor` naming that one table (`vpt.tables.permissions`).
player    a player's private link (`/me/<token>/`): a `PlayerActor` naming that one entry.
public    no decorator: public pages need no login.

`Actor` is who a service acts for: a user, a table's device, or None for the system (a
scheduled job).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeAlias

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase
from django.utils.translation import gettext as _

from vpt.errors import NotAllowed

View = Callable[..., HttpResponseBase]

DEVICE_SESSION_KEY = "vpt_table_device"
"""The session key of a table's device (`vpt.tables.permissions`): the id of its token's row."""


def is_table_device(request: HttpRequest) -> bool:
    """This browser signed in as a table's device (no user): refused, not sent to log in."""
    session = getattr(request, "session", None)
    return bool(session is not None and not request.user.is_authenticated and DEVICE_SESSION_KEY in session)


@dataclass(frozen=True)
class DeviceActor:
    """A table's device, signed in with that table's token: it may record at that table only.

    Built by `vpt.tables.permissions` from a live (not revoked) token of an unfinished event;
    services check `table_id` against the table they act on.
    """

    table_id: int
    table_number: int
    device_id: int


@dataclass(frozen=True)
class PlayerActor:
    """A player on their own page, opened by their private link (no user, no password): it may
    act for that one entry only (confirm a move, flag a hand). Built by `vpt.standings` from a
    live link; services check `entry_id` against the entry they act on."""

    entry_id: int
    link_id: int


@dataclass(frozen=True)
class RegistrantActor:
    """A player who registered themselves, on their page opened by the registration's private link:
    they may cancel that registration only. Services check `registration_id`."""

    registration_id: int


Actor: TypeAlias = AbstractBaseUser | AnonymousUser | DeviceActor | PlayerActor | RegistrantActor | None


def user_of(actor: Actor) -> User | None:
    """The user to store as who did something (None for the system, a device or an anonymous visitor)."""
    return actor if isinstance(actor, User) else None


def is_director(user: Actor) -> bool:
    if user is None or isinstance(user, (DeviceActor, PlayerActor, RegistrantActor)):
        return False
    return bool(user.is_authenticated and user.is_active and getattr(user, "is_staff", False))


def can_deal(user: Actor, *, dealer_id: int | None) -> bool:
    """Directors deal anywhere; a dealer at the table whose dealer they are (a device's table
    is checked by `vpt.tables.permissions`)."""
    if is_director(user):
        return True
    if user is None or isinstance(user, (DeviceActor, PlayerActor, RegistrantActor)):
        return False
    return bool(user.is_authenticated and user.is_active and dealer_id == user.pk)


def director_required(view: View) -> View:
    """Send anonymous users to the login page; refuse (403) logged-in users who are not staff.

    Django's `staff_member_required` redirects non-staff users to login instead, which loops
    for a dealer who is already logged in.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not is_director(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    login = login_required(wrapper)

    @wraps(view)
    def outer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if is_table_device(request):
            raise PermissionDenied  # a table's device opens its table and nothing else
        return login(request, *args, **kwargs)

    return outer


def dealer_required(view: View) -> View:
    """Require a logged-in user; which table they deal is checked by `table_dealer_required`.
    A table's device is refused (403): its pages check it with `table_dealer_required`."""
    login = login_required(view)

    @wraps(view)
    def outer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if is_table_device(request):
            raise PermissionDenied
        return login(request, *args, **kwargs)

    return outer


def ensure_director(actor: Actor) -> None:
    if not is_director(actor):
        raise NotAllowed(_("Only a tournament director may do this."))


def ensure_can_record(actor: Actor, *, dealer_id: int | None, table_number: int, table_id: int | None = None) -> None:
    """Directors record anywhere; a dealer only at the table assigned to them; a table's device
    only at its own table (`table_id`)."""
    if is_director(actor):
        return
    if isinstance(actor, DeviceActor):
        if table_id is None or actor.table_id != table_id:
            raise NotAllowed(
                _("This device is signed in for table %(device)s, not table %(table)s.")
                % {"device": actor.table_number, "table": table_number}
            )
        return
    if (
        actor is None
        or isinstance(actor, (PlayerActor, RegistrantActor))
        or not actor.is_authenticated
        or not actor.is_active
    ):
        raise NotAllowed(_("Log in to record hands."))
    if dealer_id != actor.pk:
        raise NotAllowed(
            _("You are not the dealer of table %(table)s; only its dealer or a director may record its hands.")
            % {"table": table_number}
        )
