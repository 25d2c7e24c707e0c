"""Pages for a director, a dealer or a table's device are never stored by the browser; a large
body from someone not logged in is refused before it is read.

A director's and a dealer's pages hold what the public must not see (hands before they are
public, players' details, sign-in cards, backups). ``Cache-Control: no-store`` keeps them out
of the browser's cache, so the back button or a borrowed tablet after logging out shows
nothing. A page that is the same for everyone (a live page shared by all, marked ``no-cache``
without ``private``) keeps its own header and its 304s.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from .permissions import DEVICE_SESSION_KEY, is_table_device


class SignedInPagesNotStoredMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        signed_in = (user is not None and user.is_authenticated) or is_table_device(request)
        chosen = response.get("Cache-Control", "")
        if signed_in and response.status_code != 304 and (not chosen or "private" in chosen):
            response["Cache-Control"] = "private, no-store"
        return response


ANONYMOUS_BODY_MAX_BYTES = 2 * 1024 * 1024


class AnonymousBodyLimitMiddleware:
    """A body over 2 MB from someone not logged in (no user, no table device) is refused with
    413 from its declared length, before anything reads it (the CSRF check would read a whole
    multipart body first). Logged-in dealers send photos of up to 10 MB; the APIs keep their
    own, smaller, limits."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._too_large(request) and not self._signed_in(request):
            return HttpResponse(
                _("The request is too large: at most %(limit)s MB without logging in.")
                % {"limit": ANONYMOUS_BODY_MAX_BYTES // 1024 // 1024},
                status=413,
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)

    @staticmethod
    def _too_large(request: HttpRequest) -> bool:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            # Django reads such a body as empty; the view answers the bad header with its 400.
            return False
        chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
        return length > ANONYMOUS_BODY_MAX_BYTES or (chunked and not length)

    @staticmethod
    def _signed_in(request: HttpRequest) -> bool:
        session = getattr(request, "session", None)
        return session is not None and (SESSION_KEY in session or DEVICE_SESSION_KEY in session)
