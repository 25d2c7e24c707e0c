"""One decorator per role.

director  Django staff user: may do everything.
dealer    any logged-in user; whether they are assigned to the table they act on is checked by
          the view and again by the service, because only those know which table is meant.
public    no decorator: public pages need no login.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

View = Callable[..., HttpResponse]


def is_director(user: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(user.is_authenticated and user.is_active and getattr(user, "is_staff", False))


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
    """Require a logged-in user; the table-assignment check belongs to the view and service."""
    return login_required(view)
