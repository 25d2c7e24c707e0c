"""Roles: one decorator per role for views, one check per role for services.

director  Django staff user: may do everything.
dealer    a logged-in user assigned to a table; whether they are the dealer of the table they
          act on is checked once per request by `vpt.tables.permissions.table_dealer_required`
          and again by the service (`ensure_can_record`).
public    no decorator: public pages need no login.

`Actor` is who a service acts for: a user, or None for the system (a scheduled job).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeAlias

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from vpt.errors import NotAllowed

View = Callable[..., HttpResponse]
Actor: TypeAlias = AbstractBaseUser | AnonymousUser | None


def user_of(actor: Actor) -> User | None:
    """The user to store as who did something (None for the system or an anonymous visitor)."""
    return actor if isinstance(actor, User) else None


def is_director(user: Actor) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active and getattr(user, "is_staff", False))


def can_deal(user: Actor, *, dealer_id: int | None) -> bool:
    """Directors deal anywhere; a dealer at the table whose dealer they are."""
    if is_director(user):
        return True
    return bool(user is not None and user.is_authenticated and user.is_active and dealer_id == user.pk)


def director_required(view: View) -> View:
    """Send anonymous users to the login page; refuse (403) logged-in users who are not staff.

    Django's `staff_member_required` redirects non-staff users to login instead, which loops
    for a dealer who is already logged in.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_director(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return login_required(wrapper)


def dealer_required(view: View) -> View:
    """Require a logged-in user; which table they deal is checked by `table_dealer_required`."""
    return login_required(view)


def ensure_director(actor: Actor) -> None:
    if not is_director(actor):
        raise NotAllowed(_("Only a tournament director may do this."))


def ensure_can_record(actor: Actor, *, dealer_id: int | None, table_number: int) -> None:
    """Directors record anywhere; a dealer only at the table assigned to them."""
    if is_director(actor):
        return
    if actor is None or not actor.is_authenticated or not actor.is_active:
        raise NotAllowed(_("Log in to record hands."))
    if dealer_id != actor.pk:
        raise NotAllowed(
            _("You are not the dealer of table %(table)s; only its dealer or a director may record its hands.")
            % {"table": table_number}
        )
