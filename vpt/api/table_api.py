"""The table API: a table's device (or any client holding the table's token) reads the hand to
enter and records it. Documented in docs/api.md, "The table API".

``GET /api/tables/<id>/``        the next hand as stored: event, table, hand number, variant,
                                 level and chips per point it was dealt at, button (and whether
                                 it is dead), seats in payment order (button last), whether it
                                 can be dealt (``can_deal``) and why not (``why_not``: a code,
                                 such as ``too_few_players`` or ``on_break``).
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
from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from vpt.accounts.permissions import Actor, DeviceActor
from vpt.engine_errors import explain
from vpt.errors import Conflict, InvalidBoards, NotAllowed, ServiceError
from vpt.ofc import MAX_INPUT_BYTES, InvalidHand, cut, load_hand_json
from vpt.rounds.hand_input import SEAT_FIELDS
from vpt.rounds.models import Hand
from vpt.rounds.selectors import hand_detail, table_state
from vpt.rounds.services import record_hand
from vpt.tables.models import Table
from vpt.tables.permissions import device_actor, may_deal, table_actor
from vpt.tables.services import device_for_token

_BODY_KEYS = {"hand_number", "key", "boards", "confirmed_seats"}
_BOARD_KEYS = {"seat", *SEAT_FIELDS}


def _error(message: str, status: int, code: str, **extra: Any) -> JsonResponse:
    return JsonResponse({"error": message, "code": code, **extra}, status=status)


def _unauthorized(message: str) -> JsonResponse:
    response = _error(message, 401, "unauthorized")
    response["WWW-Authenticate"] = 'Bearer realm="vpt-table"'
    return response


_csrf = CsrfViewMiddleware(lambda request: HttpResponse())


def _csrf_checked(request: HttpRequest) -> HttpResponse:
    """The callback the CSRF check is run for (not exempt, unlike the API's views)."""
    return HttpResponse()


TableView = Callable[[HttpRequest, Table, Actor], JsonResponse]


def _table_view(methods: tuple[str, ...]) -> Callable[[TableView], Callable[..., JsonResponse]]:
    """Answer only `methods`, authenticate (Bearer token, else session + CSRF), load the table."""

    def decorate(view: TableView) -> Callable[..., JsonResponse]:
        # CSRF-exempt for the Bearer token only: a session request is checked below.
        @csrf_exempt
        @never_cache
        @functools.wraps(view)
        def wrapper(request: HttpRequest, table_id: int) -> JsonResponse:
            if request.method not in methods:
                response = _error(f"method {cut(str(request.method))} not allowed", 405, "method_not_allowed")
                response["Allow"] = ", ".join(methods)
                return response
            header = request.META.get("HTTP_AUTHORIZATION", "")
            if header:
                scheme, _space, token = header.partition(" ")
                if scheme.lower() != "bearer" or not token.strip():
                    return _unauthorized("Authorization: give the table's token as 'Bearer <token>'.")
                device = device_for_token(token.strip())
                if device is None:
                    return _unauthorized("The token is not valid: unknown, revoked, or its event has finished.")
                if device.table_id != table_id:
                    return _error(f"This token is for table {device.table.number}, not this table.", 403, "forbidden")
                actor: Actor = DeviceActor(
                    table_id=device.table_id, table_number=device.table.number, device_id=device.pk
                )
                table = Table.objects.select_related("event__current_level", "dealer", "next_level").get(pk=table_id)
                return view(request, table, actor)
            table_or_none = (
                Table.objects.select_related("event__current_level", "dealer", "next_level").filter(pk=table_id).first()
            )
            if not request.user.is_authenticated and device_actor(request) is None:
                return _unauthorized("Give the table's token: 'Authorization: Bearer <token>'.")
            if table_or_none is None:
                return _error("No such table.", 404, "not_found")
            if not may_deal(request, table_or_none):
                return _error("You may not deal this table.", 403, "forbidden")
            if request.method not in ("GET", "HEAD") and _csrf.process_view(request, _csrf_checked, (), {}) is not None:
                return _error("CSRF check failed: send the CSRF token, or use the table's Bearer token.", 403, "csrf")
            return view(request, table_or_none, table_actor(request, table_or_none))

        return wrapper

    return decorate


@_table_view(("GET", "HEAD"))
def table(request: HttpRequest, table: Table, actor: Actor) -> JsonResponse:
    """The hand to enter next at `table`, seats in payment order (button last)."""
    state = table_state(table)
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
        data = load_hand_json(body.decode("utf-8-sig"))
        hand_number, key, boards = _read_body(data)
        confirmed = _confirmed_seats(data)
    except UnicodeDecodeError:
        return _error("The body is not UTF-8 text.", 400, "bad_request")
    except InvalidHand as error:
        return _error(explain(error), 400, "bad_request", problem=error.code)
    except _BadBody as error:
        return _error(str(error), 400, "bad_request")
    try:
        hand = record_hand(
            table, hand_number=hand_number, boards=boards, actor=actor, key=key, confirmed_seats=confirmed
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


def _next_number(table: Table) -> int:
    return Table.objects.filter(pk=table.pk).values_list("last_hand_number", flat=True).get() + 1


class _BadBody(ValueError):
    """A body of the wrong shape; the message, in the reader's language, names what is wrong."""


def _confirmed_seats(data: dict[str, Any]) -> list[int]:
    """The seats whose players confirmed the boards on the device (`confirmed_seats`, optional:
    only an event with `players_confirm_boards` asks for it)."""
    seats = data.get("confirmed_seats", [])
    if not isinstance(seats, list) or any(isinstance(seat, bool) or not isinstance(seat, int) for seat in seats):
        raise _BadBody(_("confirmed_seats: a list of seat numbers is required"))
    return seats


def _read_body(data: Any) -> tuple[int, str | None, list[dict[str, Any]]]:
    """The body's hand number, key and boards, checked for shape (the cards are checked by
    `record_hand`); `_BadBody` names what is wrong."""
    if not isinstance(data, dict):
        raise _BadBody(_('expected a JSON object: {"hand_number", "key", "boards"}'))
    unknown = sorted(set(data) - _BODY_KEYS)
    if unknown:
        raise _BadBody(_('unknown key "%(key)s"') % {"key": cut(unknown[0])})
    number = data.get("hand_number")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise _BadBody(_("hand_number: a positive whole number is required"))
    key = data.get("key")
    if key is not None and not isinstance(key, str):
        raise _BadBody(_("key: a string is required"))
    boards = data.get("boards")
    if not isinstance(boards, list) or not boards:
        raise _BadBody(_("boards: a list of boards is required"))
    if len(boards) > 8:
        raise _BadBody(_("boards: %(count)s boards, more than any table seats") % {"count": len(boards)})
    checked = []
    for index, board in enumerate(boards):
        where = f"boards[{index}]"
        if not isinstance(board, dict):
            raise _BadBody(_("%(where)s: expected an object") % {"where": where})
        unknown = sorted(set(board) - _BOARD_KEYS)
        if unknown:
            raise _BadBody(_('%(where)s: unknown key "%(key)s"') % {"where": where, "key": cut(unknown[0])})
        seat = board.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 99:
            raise _BadBody(_("%(where)s: seat: a seat number is required") % {"where": where})
        for name in ("top", "middle", "bottom", "dealt"):
            if name in board and not isinstance(board[name], str):
                raise _BadBody(
                    _('%(where)s: %(name)s: cards as a string, such as "Qs Qh 2c"') % {"where": where, "name": name}
                )
        for name in ("sat_out", "unfinished"):
            if name in board and not isinstance(board[name], bool):
                raise _BadBody(_("%(where)s: %(name)s: true or false") % {"where": where, "name": name})
        checked.append(board)
    return number, key, checked


def hand_result(hand_id: int) -> dict[str, Any]:
    """A recorded hand as the API answers it: ``score_hand``'s players and exchanges (in payment
    order, each player with their seat), the new stacks, who was eliminated, and the table's next
    hand (number, button, Fantasyland). Read from the database, so a repeated key gets it again."""
    hand: Hand = hand_detail(hand_id)
    boards = list(hand.boards.all())
    names = {board.pk: str(board.entry) for board in boards}
    players = [
        {
            "seat": board.seat_number,
            "name": names[board.pk],
            "fouled": board.fouled,
            "unfinished": board.unfinished,
            "hands": {"top": board.hand_top, "middle": board.hand_middle, "bottom": board.hand_bottom},
            "royalties": {
                "top": board.royalty_top,
                "middle": board.royalty_middle,
                "bottom": board.royalty_bottom,
                "total": board.royalties,
            },
            "points": board.points,
            "fantasyland_next_cards": board.fantasyland_next_cards,
            "stack_before": board.stack_before,
            "stack_after": board.stack_after,
            "eliminated": board.eliminated,
        }
        for board in boards
    ]
    exchanges = [
        {
            "a": names[exchange.board_a_id],
            "b": names[exchange.board_b_id],
            "points": exchange.points,
            "chips_due": exchange.chips_due,
            "chips_paid": exchange.chips_paid,
            "capped": exchange.capped,
            "skipped": exchange.skipped,
        }
        for exchange in hand.exchanges.all()
    ]
    next_hand = None if hand.is_void else _next_hand_after(hand, boards, names)
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
        "exchanges": exchanges,
        "stacks": [
            {"seat": board.seat_number, "name": names[board.pk], "stack": board.stack_after} for board in boards
        ],
        "eliminated": [{"seat": board.seat_number, "name": names[board.pk]} for board in boards if board.eliminated],
        "next_hand": next_hand,
    }


def _next_hand_after(hand: Hand, boards: list[Any], names: dict[int, str]) -> dict[str, Any]:
    """The hand after `hand` as stored: for the table's latest hand, the table's next hand
    (its button, dead or not, and level, or none when it cannot deal); for an earlier hand, the
    button its next hand was played with. Fantasyland: who earned it in `hand`."""
    table = hand.table
    fantasyland = [
        {"seat": board.seat_number, "name": names[board.pk], "cards": board.fantasyland_next_cards}
        for board in boards
        if board.fantasyland_next_cards and not board.eliminated
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
