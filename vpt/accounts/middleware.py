"""Pages for a director, a dealer or a table's device are never stored by the browser.

A director's and a dealer's pages hold what the public must not see (hands before they are
public, players' details, sign-in cards, backups). ``Cache-Control: no-store`` keeps them out
of the browser's cache, so the back button or a borrowed tablet after logging out shows
nothing. A page that is the same for everyone (a live page shared by all, marked ``no-cache``
without ``private``) keeps its own header and its 304s.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from .permissions import is_table_device


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
