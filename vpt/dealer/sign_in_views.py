"""The table's sign-in: ``/tables/sign-in/<token>/``, the URL on a table's sign-in card. The
page asks "Sign in this device?", and its POST signs this browser in as that table's device
(`vpt.tables.permissions`) and opens the table's page. A link preview that fetches the URL
signs nothing in. A bad, revoked or finished event's token is refused (403), and so is a card
that has signed in as many devices as it allows (409). The token is kept out of the logs
(`vpt.log_redaction`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from vpt.errors import ServiceError
from vpt.tables.permissions import session_sign_in, sign_in_device
from vpt.tables.services import (
    device_for_token,
    sign_in_with_card,
)


def _no_referrer(response: HttpResponse) -> HttpResponse:
    response["Referrer-Policy"] = "no-referrer"  # the URL holds the token: never sent onwards
    return response


@never_cache
@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest, token: str) -> HttpResponse:
    """GET: ask to sign this browser in as the table's device; POST: sign it in."""
    device = device_for_token(token)
    if device is None:
        return _no_referrer(render(request, "dealer/sign_in_refused.html", status=403))
    if request.method == "GET":
        response = render(request, "dealer/sign_in_confirm.html", {"table": device.table})
        # Its form posts back here, and a browser told "no-referrer" sends "Origin: null", which
        # the CSRF check refuses: the URL goes to this server only, whose logs redact it.
        response["Referrer-Policy"] = "same-origin"
        return response
    try:
        signed_in = sign_in_with_card(
            token, user_agent=request.headers.get("User-Agent", ""), sign_in_id=session_sign_in(request)
        )
    except ServiceError as error:
        status = 409 if error.code == "card_in_use" else 403
        return _no_referrer(render(request, "dealer/sign_in_refused.html", {"message": str(error)}, status=status))
    sign_in_device(request, signed_in)
    return redirect("dealer:table", table_id=device.table_id)
