"""Every error under ``/api/`` is JSON with a stable code, whoever answered it.

An API client (a table's device, a script) reads ``{"error": "<message>", "code": "<code>"}``
and never an HTML page. The endpoints answer their own errors so; this middleware catches
the answers that come from elsewhere: the 503 "Back in a moment" page of a database outage
(`vpt.middleware`), Django's 400/403/405/413/500 (a CSRF refusal, a refused method, a view's
`PermissionDenied`, an uncaught error), and a decorator's redirect to the login page is left
alone (it is not an error). An answer that is already JSON is kept as it is. The headers that
tell a client what to do next (`Retry-After`, `Allow`, `WWW-Authenticate`) are kept.

It sits outside `DatabaseUnavailableMiddleware`, so it runs before sessions and the locale:
the message is in the language the request asks for (`Accept-Language`).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

API_PREFIX = "/api/"
KEPT_HEADERS = ("Retry-After", "Allow", "WWW-Authenticate", "Cache-Control")

# status: (code, message). Any other 4xx/5xx: "client_error" / "server_error".
ERRORS: dict[int, tuple[str, Promise]] = {
    400: ("bad_request", _("The request could not be read.")),
    401: ("unauthorized", _("Sign in first.")),
    403: ("forbidden", _("You may not do this.")),
    404: ("not_found", _("There is nothing at this address.")),
    405: ("method_not_allowed", _("This address does not take that method.")),
    413: ("too_large", _("The request is too large.")),
    429: ("too_many_requests", _("Too many requests: wait a moment and try again.")),
    500: ("server_error", _("Something went wrong on the server; nothing was changed by this error.")),
    503: ("unavailable", _("The tournament's database is not answering right now. Try again in a few seconds.")),
}


def is_api_path(path: str) -> bool:
    return path.startswith(API_PREFIX)


def api_error(status: int) -> JsonResponse:
    """The JSON answer for an HTTP error `status`, in the active language."""
    fallback = ERRORS[500] if status >= 500 else ("client_error", ERRORS[400][1])
    code, message = ERRORS.get(status, fallback)
    return JsonResponse({"error": str(message), "code": code}, status=status)


def as_api_error(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """`response` itself, or its JSON equivalent when it is a non-JSON error under /api/."""
    if response.status_code < 400 or not is_api_path(request.path):
        return response
    if response.get("Content-Type", "").startswith("application/json"):
        return response
    with translation.override(translation.get_language_from_request(request)):
        answer = api_error(response.status_code)
    for header in KEPT_HEADERS:
        if header in response:
            answer[header] = response[header]
    return answer


class ApiErrorsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return as_api_error(request, self.get_response(request))
