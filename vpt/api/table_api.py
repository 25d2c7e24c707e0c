"""The table API: a table's device (or any client holding the table's token) reads the hand to
enter and records it. Documented in docs/api.md, "The table API".

``GET /api/tables/<id>/``        the next hand as stored: event, table, hand number, variant,
                                 level and chips per point it was dealt at, button (and whether
                                 it is dead), seats in payment order (button last), whether it
                                 can be dealt (``can_deal``) and why not (``why_not``: a code,
                                 such as ``too_few_players`` or ``on_break``),
                                 ``hand_for_hand`` (on or off), ``waiting_for`` (the numbers
                                 of the tables this one waits for: hand-for-hand, or keep
                                 tables in step), ``wait_minutes`` (the estimate, or null)
                                 and ``floor_call`` (the table's open call, or null).
``POST /api/tables/<id>/calls``  ``{"reason", "note"}``: call the floor to the table (201; 200
                                 with the open call when there is one already).
``POST /api/tables/<id>/hands``  ``{"hand_number", "key", "boards": [...]}``: records the hand
                                 through `record_hand` (201 with the result); the same key
                                 again answers 200 with the same result, never a second hand.
                                 ``"confirmed_seats": [1, 2, 3]``, the seats whose players
                                 checked the boards, where the event asks for it
                                 (``players_confirm_boards``; 409 ``boards_not_confirmed``).

Authentication: ``Authorization: Bearer <token>`` with the table's sign-in token (what its QR
card carries). A request without that header may use the browser's session instead (the
table's dealer, its signed-in device, or a director), and then must pass the CSRF check like
any form: only Bearer requests are exempt, since a browser never adds that header by itself.

Every answer is JSON; errors are ``{"error": "<message>", "code": "<stable code>"}``:
400 bad JSON or bad boards (the message names the seat, the row and the card), 401 no or a
bad, revoked or ended token, 403 a token of another table (or a user who may not deal it),
404 no such table, 405 another method, 409 the hand was already recorded with another key
(``already_recorded``) or the table moved on (``stale_hand``, ``event_finished``, ...), 413
a body over 1 MB (refused from its Content-Length, before it is read).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from vpt.accounts.permissions import Actor
from vpt.engine_errors import explain
from vpt.errors import Conflict, InvalidBoards, NotAllowed, ServiceError
from vpt.ofc import MAX_INPUT_BYTES, ROWS, InvalidHand, cut, load_hand_json
from vpt.rounds.hand_view import SeatView
from vpt.rounds.models import Hand
from vpt.rounds.selectors import one_hand_view, table_state
from vpt.rounds.services import record_hand
from vpt.rounds.submission import BadSubmission, read_submission
from vpt.rounds.waits import table_wait
from vpt.seating.calls import call_floor, open_call_of
from vpt.seating.models import FloorCall
from vpt.tables.contact import note_contact
from vpt.tables.models import Table
from vpt.tables.permissions import TableAccess, table_access


def _error(message: str, status: int, code: str, **extra: Any) -> JsonResponse:
    return JsonResponse({"error": message, "code": code, **extra}, status=status)


def _unauthorized(message: str) -> JsonResponse:
    response = _error(message, 401, "unauthorized")
    response["WWW-Authenticate"] = 'Bearer realm="vpt-table"'
    return response


TableView = Callable[[HttpRequest, Table, Actor], JsonResponse]

_REFUSALS: dict[str, tuple[int, str, str]] = {
    # refusal (vpt/tables/permissions.py): status, code, message
    "bad_header": (401, "unauthorized", "Authorization: give the table's token as 'Bearer <token>'."),
    "bad_token": (401, "unauthorized", "The token is not valid: unknown, revoked, or its event has finished."),
    "login": (401, "unauthorized", "Give the table's token: 'Authorization: Bearer <token>'."),
    "not_found": (404, "not_found", "No such table."),
    "forbidden": (403, "forbidden", "You may not deal this table."),
    "csrf": (403, "csrf", "CSRF check failed: send the CSRF token, or use the table's Bearer token."),
}


def _refused(access: TableAccess) -> JsonResponse:
    if access.refusal == "other_table":
        return _error(f"This token is for table {access.token_table_number}, not this table.", 403, "forbidden")
    status, code, message = _REFUSALS[str(access.refusal)]
    return _unauthorized(message) if status == 401 else _error(message, status, code)


def _table_view(methods: tuple[str, ...]) -> Callable[[TableView], Callable[..., JsonResponse]]:
    """Answer only `methods`, authenticate (Bearer token, else session + CSRF: `table_access`),
    load the table."""

    def decorate(view: TableView) -> Callable[..., JsonResponse]:
        # CSRF-exempt for the Bearer token only: `table_access` checks a session request.
        @csrf_exempt
        @never_cache
        @functools.wraps(view)
        def wrapper(request: HttpRequest, table_id: int) -> JsonResponse:
            if request.method not in methods:
                response = _error(f"method {cut(str(request.method))} not allowed", 405, "method_not_allowed")
                response["Allow"] = ", ".join(methods)
                return response
            access = table_access(request, table_id, bearer=True, check_csrf=True)
            if access.refusal is not None or access.table is None or access.actor is None:
                return _refused(access)
            return view(request, access.table, access.actor)

        return wrapper

    return decorate


@_table_view(("GET", "HEAD"))
def table(request: HttpRequest, table: Table, actor: Actor) -> JsonResponse:
    """The hand to enter next at `table`, seats in payment order (button last)."""
    state = table_state(table)
    wait = table_wait(table, state.why_not)
    note_contact(table.pk)
    return JsonResponse(
        {
            "event": table.event.slug,
            "table": table.number,
            "hand_number": state.next_hand_number,
            "variant": table.event.variant,
            "level": state.level.number if state.level else None,
            "chips_per_point": state.chips_per_point,
            "button": state.button_seat,
            "dead_button": state.dead_button,
            "open": table.is_open,
            "can_deal": state.can_deal,
            "why_not": state.why_not,
            "hand_for_hand": table.event.hand_for_hand,
            "waiting_for": wait.tables if wait else [],
            "wait_minutes": wait.minutes if wait else None,
            "floor_call": _call_json(open_call_of(table=table)),
            "seats": [
                {
                    "seat": seat.number,
                    "name": str(seat.occupant),
                    "stack": seat.occupant.stack,
                    "fantasyland_cards": seat.fantasyland_cards,
                }
                for seat in state.seats
            ],
        }
    )


@_table_view(("POST",))
def hands(request: HttpRequest, table: Table, actor: Actor) -> JsonResponse:
    """Record the next hand at `table` (201), or answer a repeated key with its first result (200)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return _error("Content-Length is not a number.", 400, "bad_request")
    if length > MAX_INPUT_BYTES:
        return _error("The body is over 1 MB; one hand is far smaller.", 413, "too_large")
    try:
        body = request.body
    except RequestDataTooBig:
        return _error("The body is over 1 MB; one hand is far smaller.", 413, "too_large")
    if len(body) > MAX_INPUT_BYTES:
        return _error("The body is over 1 MB; one hand is far smaller.", 413, "too_large")
    try:
        submission = read_submission(load_hand_json(body.decode("utf-8-sig")))
    except UnicodeDecodeError:
        return _error("The body is not UTF-8 text.", 400, "bad_request")
    except InvalidHand as error:
        return _error(explain(error), 400, "bad_request", problem=error.code)
    except BadSubmission as error:
        return _error(str(error), 400, "bad_request")
    try:
        hand = record_hand(
            table,
            hand_number=submission.hand_number,
            boards=submission.boards,
            actor=actor,
            key=submission.key,
            confirmed_seats=submission.confirmed_seats,
        )
    except NotAllowed as error:
        return _error(str(error), 403, error.code)
    except InvalidBoards as error:
        details = {name: error.details[name] for name in ("seat", "row", "problem") if error.details.get(name)}
        return _error(str(error), 400, error.code, **details)
    except Conflict as error:
        return _error(str(error), 409, error.code, next_hand_number=_next_number(table))
    except ServiceError as error:
        status = 400 if error.code == "invalid_key" else 409
        return _error(str(error), status, error.code)
    return JsonResponse(hand_result(hand.pk), status=200 if hand.replayed else 201)


def _call_json(call: FloorCall | None) -> dict[str, Any] | None:
    if call is None:
        return None
    return {"id": call.pk, "reason": call.reason, "note": call.note, "status": call.status}


@_table_view(("POST",))
def calls(request: HttpRequest, table: Table, actor: Actor) -> JsonResponse:
    """Call the floor to `table`: ``{"reason", "note"}`` (201; 200 with the open call when the
    table has one already)."""
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return _error("The body is not JSON.", 400, "bad_request")
    if not isinstance(data, dict):
        return _error('Send a JSON object: {"reason": ..., "note": ...}.', 400, "bad_request")
    try:
        call = call_floor(table, actor=actor, reason=str(data.get("reason", "")), note=str(data.get("note", "")))
    except NotAllowed as error:
        return _error(str(error), 403, error.code)
    except ServiceError as error:
        return _error(str(error), 400 if error.code in ("invalid_reason", "note_too_long") else 409, error.code)
    return JsonResponse(_call_json(call), status=200 if call.repeated else 201)


def _next_number(table: Table) -> int:
    return Table.objects.filter(pk=table.pk).values_list("last_hand_number", flat=True).get() + 1


def hand_result(hand_id: int) -> dict[str, Any]:
    """A recorded hand as the API answers it: ``score_hand``'s players and exchanges (in payment
    order, each player with their seat), the new stacks, who was eliminated, and the table's next
    hand (number, button, Fantasyland). Read from the database, so a repeated key gets it again."""
    view = one_hand_view(hand_id, public=False)
    hand, seats = view.hand, view.seats
    players = [
        {
            "seat": seat.seat,
            "name": seat.name,
            "fouled": seat.fouled,
            "unfinished": seat.unfinished,
            "hands": dict(zip(ROWS, seat.hands, strict=True)),
            "royalties": seat.royalties_json(),
            "points": seat.points,
            "fantasyland_next_cards": seat.fantasyland_next_cards,
            "stack_before": seat.stack_before,
            "stack_after": seat.stack_after,
            "eliminated": seat.eliminated,
        }
        for seat in seats
    ]
    return {
        "event": hand.event.slug,
        "table": hand.table.number,
        "hand_number": hand.number,
        "key": hand.key,
        "status": hand.status,
        "variant": hand.event.variant,
        "chips_per_point": hand.chips_per_point,
        "button": hand.button_seat,
        "players": players,
        "exchanges": [exchange.as_json() for exchange in view.exchanges],
        "stacks": [{"seat": seat.seat, "name": seat.name, "stack": seat.stack_after} for seat in seats],
        "eliminated": [{"seat": seat.seat, "name": seat.name} for seat in seats if seat.eliminated],
        "next_hand": None if hand.is_void else _next_hand_after(hand, seats),
    }


def _next_hand_after(hand: Hand, seats: Sequence[SeatView]) -> dict[str, Any]:
    """The hand after `hand` as stored: for the table's latest hand, the table's next hand
    (its button, dead or not, and level, or none when it cannot deal); for an earlier hand, the
    button its next hand was played with. Fantasyland: who earned it in `hand`."""
    table = hand.table
    fantasyland = [
        {"seat": seat.seat, "name": seat.name, "cards": seat.fantasyland_next_cards}
        for seat in seats
        if seat.fantasyland_next_cards and not seat.eliminated
    ]
    if hand.number == table.last_hand_number:
        state = table_state(table.pk)
        return {
            "hand_number": state.next_hand_number,
            "button": state.button_seat if state.seats else None,
            "dead_button": state.dead_button,
            "level": state.level.number if state.level else None,
            "chips_per_point": state.chips_per_point,
            "can_deal": state.can_deal,
            "why_not": state.why_not,
            "fantasyland": fantasyland,
        }
    later = Hand.objects.filter(table=table, number=hand.number + 1).values_list("button_seat", flat=True).first()
    return {"hand_number": hand.number + 1, "button": later, "fantasyland": fantasyland}
