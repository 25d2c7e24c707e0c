"""The dealer's check, done once per request: "may this request deal this table?"

Like pretix's ``event_permission_required``: the decorator loads the table named by the URL,
answers 404 when there is none and 403 when the request may not deal it, and hands the loaded
table to the view, so no view repeats the check.

Who may deal a table: a director; the user assigned as its dealer; or a device signed in for
that table by its sign-in card. A device's session holds only the id of the token it signed in
with (`DEVICE_SESSION_KEY`) and of its own sign-in (`SIGN_IN_SESSION_KEY`, a `TableSignIn`),
never the token and never a user: each request re-reads those rows, so revoking or reissuing
the table's token, the director signing this device out, or finishing the event, signs the
device out at once. A device session names one table and opens nothing else: every other
page's decorator sees an anonymous visitor.

`table_access` is the one check both audiences use: the dealer's pages through
`table_dealer_required`, the Table API through its own decorator (which answers in JSON and
also takes the table's token as ``Authorization: Bearer``). It loads the table, finds the
actor and, for a session request that changes something, runs the CSRF check; what it refuses
it names with a code (`TableAccess.refusal`), and each audience words the answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib.auth import logout
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.csrf import CsrfViewMiddleware

from vpt.accounts.permissions import DEVICE_SESSION_KEY, Actor, DeviceActor, View, can_deal
from vpt.events.models import Event

from .models import Table, TableSignIn
from .services import device_for_token

SIGN_IN_SESSION_KEY = "vpt_table_sign_in"

__all__ = [
    "DEVICE_SESSION_KEY",
    "TableAccess",
    "device_actor",
    "may_deal",
    "sign_in_device",
    "table_access",
    "table_actor",
    "table_dealer_required",
]


def sign_in_device(request: HttpRequest, sign_in: TableSignIn) -> None:
    """Make this browser the table device of `sign_in`: any login it had ends (a device is
    nobody), and the session key changes (no session fixation)."""
    logout(request)  # flushes the session: a new key, nothing of the old one kept
    request.session[DEVICE_SESSION_KEY] = sign_in.device_id
    request.session[SIGN_IN_SESSION_KEY] = sign_in.pk
    request.session.cycle_key()


def sign_out_device(request: HttpRequest) -> None:
    request.session.pop(DEVICE_SESSION_KEY, None)
    request.session.pop(SIGN_IN_SESSION_KEY, None)


def session_sign_in(request: HttpRequest) -> object:
    """The id of this browser's card sign-in, as its session holds it (None: none)."""
    return request.session.get(SIGN_IN_SESSION_KEY) if hasattr(request, "session") else None


def device_actor(request: HttpRequest) -> DeviceActor | None:
    """The table device this request signed in as, while its token is live (one query, once per request)."""
    if hasattr(request, "_vpt_device"):
        cached: DeviceActor | None = request._vpt_device
        return cached
    actor = None
    device_id = request.session.get(DEVICE_SESSION_KEY) if hasattr(request, "session") else None
    sign_in_id = session_sign_in(request)
    if isinstance(device_id, int):
        device = (
            TableSignIn.objects.filter(
                pk=sign_in_id if isinstance(sign_in_id, int) else 0,
                device_id=device_id,
                signed_out_at__isnull=True,
                device__revoked_at__isnull=True,
            )
            .exclude(device__table__event__status=Event.Status.FINISHED)
            .values_list("device__table_id", "device__table__number")
            .first()
        )
        if device is not None:
            actor = DeviceActor(table_id=device[0], table_number=device[1], device_id=device_id)
        else:
            sign_out_device(request)  # signed out, revoked, reissued or the event finished
    request._vpt_device = actor  # type: ignore[attr-defined]
    return actor


def table_actor(request: HttpRequest, table: Table) -> Actor:
    """Who acts at `table` for this request: the logged-in user, else the table's device."""
    if request.user.is_authenticated:
        return request.user
    device = device_actor(request)
    return device if device is not None and device.table_id == table.pk else request.user


def may_deal(request: HttpRequest, table: Table) -> bool:
    """A director, the table's dealer, or a device signed in for this table."""
    if can_deal(request.user, dealer_id=table.dealer_id):
        return True
    device = device_actor(request)
    return device is not None and device.table_id == table.pk


@dataclass(frozen=True)
class TableAccess:
    """What `table_access` found: the table and who acts at it, or why not (`refusal`).

    Refusals: ``login`` (nobody: no user, no device, no token), ``bad_header`` (an
    Authorization header that is not ``Bearer <token>``), ``bad_token`` (unknown, revoked, or
    its event finished), ``other_table`` (a token of table `token_table_number`), ``not_found``
    (no such table), ``forbidden`` (may not deal this table: a device of another table, a user
    who is not its dealer) and ``csrf`` (a session request without its CSRF token).
    """

    table: Table | None = None
    actor: Actor | None = None
    refusal: str | None = None
    token_table_number: int | None = None


def _load_table(table_id: int) -> Table | None:
    try:  # `get`, not `first`: no ORDER BY (the default one joins the event to sort one row)
        return Table.objects.select_related("event__current_level", "next_level").get(pk=table_id)
    except Table.DoesNotExist:
        return None


_csrf = CsrfViewMiddleware(lambda request: HttpResponse())


def _csrf_checked(request: HttpRequest) -> HttpResponse:
    """The callback the CSRF check is run for (not exempt, unlike the API's views)."""
    return HttpResponse()


def csrf_refused(request: HttpRequest) -> bool:
    """Whether a request that changes something fails Django's CSRF check (GET and HEAD pass)."""
    if request.method in ("GET", "HEAD"):
        return False
    return _csrf.process_view(request, _csrf_checked, (), {}) is not None


def table_access(request: HttpRequest, table_id: int, *, bearer: bool = False, check_csrf: bool = False) -> TableAccess:
    """May this request act at table `table_id`, and as whom: the table's dealer, a director,
    the device signed in for it, or (with `bearer`) a client holding the table's token. A
    session request that changes something passes the CSRF check when `check_csrf` (a token
    request never needs it: a browser never adds that header by itself)."""
    header = request.META.get("HTTP_AUTHORIZATION", "") if bearer else ""
    if header:
        scheme, _space, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return TableAccess(refusal="bad_header")
        device = device_for_token(token.strip())
        if device is None:
            return TableAccess(refusal="bad_token")
        if device.table_id != table_id:
            return TableAccess(refusal="other_table", token_table_number=device.table.number)
        actor = DeviceActor(table_id=device.table_id, table_number=device.table.number, device_id=device.pk)
        return TableAccess(table=_load_table(table_id), actor=actor)
    table = _load_table(table_id)
    if table is not None and may_deal(request, table):
        if check_csrf and csrf_refused(request):
            return TableAccess(table=table, refusal="csrf")
        return TableAccess(table=table, actor=table_actor(request, table))
    if not request.user.is_authenticated and device_actor(request) is None:
        return TableAccess(refusal="login")
    return TableAccess(refusal="not_found" if table is None else "forbidden")


def table_dealer_required(view: View) -> View:
    """Only the table's dealer, a director or the table's device; the view gets ``table``
    (its event with the current level, and its next level, loaded). Anonymous visitors are sent to log in."""

    @wraps(view)
    def wrapper(request: HttpRequest, table_id: int, *args: Any, **kwargs: Any) -> HttpResponseBase:
        access = table_access(request, table_id)
        if access.table is not None and access.refusal is None:
            return view(request, *args, table=access.table, **kwargs)
        if access.refusal == "login":
            return redirect_to_login(request.get_full_path())
        if access.refusal == "not_found":
            raise Http404
        raise PermissionDenied

    return wrapper
