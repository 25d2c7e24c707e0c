"""The database does not answer: a clean 503 page, not a traceback, and no restart needed.

A PostgreSQL server that is down, restarting or unreachable (or a connection pool whose
connections are all lent for longer than its timeout) raises `OperationalError` or
`InterfaceError`. This middleware answers such a request with `templates/503.html`
(translated, no traceback) and a `Retry-After` header. It holds no state: once the database
answers again, the next request is served as usual (the pool replaces broken connections).

Once a request has found PostgreSQL down, the next ones are answered at once, without waiting
for a pooled connection, until a probe finds it back (`vpt.outage`).

Most such errors happen in a view and reach `process_exception`. One raised by a middleware
inside this one (saving the session, say) has already become a 500 response by the time it
gets here; Django's `got_request_exception` signal marks the request, and the 500 is replaced.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

from django.core.signals import got_request_exception
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation

from vpt.outage import database_failed, known_down

RETRY_AFTER_SECONDS = 10
MARK = "_vpt_database_unavailable"

logger = logging.getLogger(__name__)


def is_database_unavailable(error: BaseException | None) -> bool:
    return isinstance(error, OperationalError | InterfaceError)


def unavailable_response(request: HttpRequest, error: BaseException) -> HttpResponse:
    # One line per request, not a traceback: every phone keeps polling during an outage.
    logger.error("database unavailable, answered 503 for %s %s: %s", request.method, request.path, error)
    # No RequestContext: the context processors would ask the session and the user, that is the
    # database. The page needs only the language, which LocaleMiddleware has set.
    return known_down_response()


def known_down_response() -> HttpResponse:
    """The 503 page while the database is known down (`vpt.outage`): no log line per request."""
    response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if known_down():
            # Answered before LocaleMiddleware (further in) has run: in the browser's language.
            with translation.override(translation.get_language_from_request(request)):
                return known_down_response()
        response = self.get_response(request)
        error = getattr(request, MARK, None)
        if response.status_code == 500 and error is not None:
            database_failed()
            return unavailable_response(request, error)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if is_database_unavailable(exception):
            database_failed()
            return unavailable_response(request, exception)
        return None


def _mark_request(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """Called while Django turns an uncaught exception into a 500: remember a database outage."""
    error = sys.exc_info()[1]
    if request is not None and is_database_unavailable(error):
        setattr(request, MARK, error)


got_request_exception.connect(_mark_request, dispatch_uid="vpt.middleware.database_unavailable")
