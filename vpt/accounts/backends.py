"""The login throttle as an authentication backend (django-axes)."""

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class LoginThrottle(AxesStandaloneBackend):
    """Refuse a locked-out username before any password is checked.

    Every login through a page (ours, the admin's) comes with its request. Code that calls
    `authenticate()` without one (Django's test client `login()`, a shell) is not someone at
    the door, so it is not counted; axes would raise instead.
    """

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
