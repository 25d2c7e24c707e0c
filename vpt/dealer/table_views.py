"""The dealer's table page and the hand's result.

dealer page   ``/tables/<id>/``: the next hand to enter, boards tapped or typed, a live htmx
              preview (any POST htmx sends: the ``entry-preview`` fragment) and the submit
              without htmx (``action=record``), which calls ``record_hand`` once and redirects
              to the result. With JavaScript, Record posts the hand to the Table API
              (dealer.js); htmx only ever previews, and a preview that carries the Record
              button (htmx adds a focused submit button to its request) records nothing. The
              hidden ``key`` names the submission: the same key posted again (a retry after the
              network failed) gets the first result. Only the table's dealer, its device
              (signed in by its card) or a director may open it.
              ``?reopened=<n>``: the boards of hand n, just reopened, back in the form.
result page   ``/tables/<id>/hands/<number>/``: who pays whom, caps, eliminations, new stacks,
              the next button, the slip to print, and the dealer's undo while it is allowed.
reopen        ``POST /tables/<id>/hands/<number>/reopen/``: the dealer's undo (`reopen_hand`).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from vpt.accounts.permissions import Actor, is_director
from vpt.errors import Conflict, NotAllowed, ServiceError
from vpt.events.models import Event
from vpt.http import HtmxHttpRequest
from vpt.rounds.board_entry import SeatLine, build_entry
from vpt.rounds.corrections import reopen_hand
from vpt.rounds.fantasyland_timer import fantasyland_timer
from vpt.rounds.flags import open_flags_at
from vpt.rounds.forms import SeatBoardForm
from vpt.rounds.hand_input import board_input, form_boards, seat_prefix
from vpt.rounds.hand_view import HandView
from vpt.rounds.models import Hand
from vpt.rounds.photos import PhotoError, PreparedPhoto, prepare_photo
from vpt.rounds.selectors import TableState, hand_views, table_state
from vpt.rounds.services import already_recorded_message, attach_photo, record_hand, reopen_refusal
from vpt.rounds.submission import posted_hand_number, posted_key, posted_seats
from vpt.rounds.waits import table_wait
from vpt.tables.contact import note_contact
from vpt.tables.models import Table
from vpt.tables.permissions import device_actor, table_actor, table_dealer_required
from vpt.tables.selectors import dealer_tables

from .call_views import call_context


@require_GET
def my_tables(request: HttpRequest) -> HttpResponse:
    """A dealer's assigned tables (straight to the page when there is one); a table's device
    goes to its table; a director sees every open table of the events in play."""
    device = device_actor(request)
    if device is not None and not request.user.is_authenticated:
        return redirect("dealer:table", table_id=device.table_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    tables = list(dealer_tables(request.user))
    if len(tables) == 1 and not is_director(request.user):
        return redirect("dealer:table", table_id=tables[0].pk)
    director = is_director(request.user)
    events = list(Event.objects.exclude(status=Event.Status.FINISHED)) if director else []
    # A director may enter hands at any table: every open table of the events in play.
    every_table = (
        list(
            Table.objects.filter(event__in=events, status=Table.Status.OPEN)
            .select_related("event")
            .order_by("event__name", "number")
        )
        if director
        else []
    )
    context = {"tables": tables, "events": events, "director": director, "every_table": every_table}
    return render(request, "dealer/my_tables.html", context)


def _lines(state: TableState) -> list[SeatLine]:
    return [
        SeatLine(seat.number, str(seat.occupant), seat.occupant.stack, seat.fantasyland_cards) for seat in state.seats
    ]


@table_dealer_required
@require_http_methods(["GET", "POST"])
def table_page(request: HtmxHttpRequest, *, table: Table) -> HttpResponse:
    table_id = table.pk
    actor = table_actor(request, table)
    data = request.POST if request.method == "POST" else None
    key = posted_key(data)
    state = table_state(table)
    recording = data is not None and data.get("action") == "record" and not request.htmx
    if recording and key:
        replayed = _replayed(table, data, key=key, actor=actor, next_number=state.next_hand_number)
        if replayed is not None:
            # A retry of a submission already recorded (the answer was lost): its result.
            return redirect("dealer:hand-result", table.pk, replayed.number)
    reopened = _reopened_boards(table, request.GET.get("reopened")) if data is None else {}
    forms = [
        SeatBoardForm(data, prefix=seat_prefix(seat.number), initial=reopened.get(seat.number)) for seat in state.seats
    ]
    lines = _lines(state)
    context: dict[str, Any] = {
        "state": state,
        "table": table,
        "event": table.event,
        "hand_number": state.next_hand_number,
        "conflict": None,
        "error": None,
        "stale": False,
        "reopened": bool(reopened),
        # The key of this page's submission: kept when the same form is posted again (a double
        # tap, a retry); the device's script may replace it with one it keeps with the boards.
        "submission_key": key or secrets.token_urlsafe(16),
        # The players who ticked their box (events that have them confirm the boards), kept on a refusal.
        "confirmed": data.getlist("confirmed") if data is not None else [],
    }
    entry = None
    if data is not None:
        posted = posted_hand_number(data)
        context["stale"] = posted is not None and posted != state.next_hand_number
        seats = [seat.number for seat in state.seats]
        entry = build_entry(table.event, lines, form_boards(data, seats), chips_per_point=state.preview_chips_per_point)
        if recording:
            photo, photo_error = _checked_photo(request)
            if photo_error:
                # A bad photo refuses the whole submission: nothing is recorded.
                context["error"] = photo_error
            elif entry.ready and posted is not None:
                try:
                    hand = record_hand(
                        table,
                        hand_number=posted,
                        boards=entry.boards,
                        actor=actor,
                        key=key,
                        confirmed_seats=[int(seat) for seat in data.getlist("confirmed") if seat.isdigit()],
                    )
                    if photo is not None:
                        attach_photo(hand, photo=photo, actor=actor)
                except NotAllowed:
                    raise PermissionDenied from None
                except Conflict as error:
                    # A double tap, or a second device: the hand was recorded once, never twice.
                    context["conflict"] = {"message": str(error), "code": error.code, "hand": _recorded(table, posted)}
                except ServiceError as error:
                    context["error"] = str(error)
                else:
                    return redirect("dealer:hand-result", table.pk, hand.number)
            elif context["stale"]:
                context["conflict"] = _already_recorded(table, posted)
            else:
                context["error"] = _("The hand was not recorded: fix the problems below first.")
        if context["conflict"]:
            # Start the next hand afresh: the boards just posted belong to a hand already recorded.
            state = table_state(table_id)
            table = state.table
            lines = _lines(state)
            forms = [SeatBoardForm(prefix=seat_prefix(seat.number)) for seat in state.seats]
            context.update(
                state=state,
                table=table,
                hand_number=state.next_hand_number,
                stale=False,
                submission_key=secrets.token_urlsafe(16),
            )
            entry = None
    if entry is None:
        shown = [board_input(seat.number, reopened.get(seat.number, {})) for seat in state.seats]
        entry = build_entry(table.event, lines, shown, chips_per_point=state.preview_chips_per_point)
        if data is None or context["conflict"]:
            entry.blocking = []
    context.update(
        seats=[
            {"seat": seat, "form": form, "line": line, "player": _preview_player(entry.preview, index)}
            for index, (seat, form, line) in enumerate(zip(state.seats, forms, lines, strict=False))
        ],
        entry=entry,
        preview=entry.preview,
        jokers=table.event.ruleset.jokers,
    )
    if request.htmx and data is not None:
        return render(request, "dealer/table_page.html#entry-preview", context)
    context["disputed"] = open_flags_at(table)  # the page's banner; a preview is only its fragment
    context["wait"] = table_wait(table, state.why_not)
    context.update(call_context(table))
    context["fantasyland_timer"] = fantasyland_timer(table, fantasyland=state.fantasyland, now=timezone.now())
    note_contact(table.pk)
    return render(request, "dealer/table_page.html", context)


def _checked_photo(request: HttpRequest) -> tuple[PreparedPhoto | None, str | None]:
    """The board photo sent with the hand, checked (vpt/rounds/photos.py), or the problem with it."""
    upload = request.FILES.get("photo")
    if upload is None or not upload.size:
        return None, None
    try:
        return prepare_photo(upload), None
    except PhotoError as error:
        return None, _("The hand was not recorded: %(problem)s") % {"problem": error}


def _replayed(table: Table, data: Any, *, key: str, actor: Actor, next_number: int) -> Hand | None:
    """The hand a retried submission recorded, as `record_hand` answers a key it has seen.

    Only a form for a hand the table has moved past can be a retry of a recorded one; its
    boards are read for the seats the page showed then (a player may have left since), and
    `record_hand` is asked: it answers a repeated key with its first hand and refuses the rest
    (none is recorded: the hand number is no longer the table's next), which the page then
    explains as it explains any form of an earlier hand."""
    posted = posted_hand_number(data)
    if posted is None or posted == next_number:
        return None
    try:
        hand = record_hand(
            table, hand_number=posted, boards=form_boards(data, posted_seats(data)), actor=actor, key=key
        )
    except NotAllowed:
        raise PermissionDenied from None
    except ServiceError:
        return None
    return hand if hand.replayed else None


def _reopened_boards(table: Table, number: str | None) -> dict[int, dict[str, Any]]:
    """The boards of the table's last hand, when it was reopened (void), by seat: the form's initial values."""
    if not number or not number.isdigit() or int(number) != table.last_hand_number:
        return {}
    hand = Hand.objects.filter(table=table, number=int(number), status=Hand.Status.VOID).first()
    if hand is None:
        return {}
    return {
        board.seat_number: {
            "top": board.top,
            "middle": board.middle,
            "bottom": board.bottom,
            "dealt": board.dealt,
            "sat_out": board.sat_out,
            "unfinished": board.unfinished,
        }
        for board in hand.boards.all()
    }


def _recorded(table: Table, number: int | None) -> Hand | None:
    return Hand.objects.filter(table=table, number=number).only("id", "number").first() if number else None


def _already_recorded(table: Table, number: int | None) -> dict[str, Any]:
    hand = _recorded(table, number)
    if hand is not None:
        message = already_recorded_message(table, hand.number)
    else:
        message = _(
            "This page showed hand %(number)s, but the next hand at %(table)s is %(next)s. "
            "Nothing was recorded; enter the hand again."
        ) % {"number": number, "table": table, "next": table.next_hand_number}
    return {"message": message, "hand": hand, "code": "already_recorded" if hand else "stale_hand"}


def _preview_player(preview: dict[str, Any], index: int) -> dict[str, Any] | None:
    players = preview.get("players") or []
    return players[index] if index < len(players) else None


@table_dealer_required
@require_GET
def hand_result(request: HttpRequest, number: int, *, table: Table) -> HttpResponse:
    views = hand_views(
        Hand.objects.filter(table=table, number=number).select_related("recorded_by").order_by(), public=False
    )
    if not views:
        raise Http404
    view = views[0]
    state = table_state(table) if number == table.last_hand_number else None
    reopen_refused = reopen_refusal(view.hand, last_hand_number=table.last_hand_number, now=timezone.now())
    return render(
        request,
        "dealer/hand_result.html",
        {
            "table": table,
            "hand": view.hand,
            "view": view,
            "results": _results(view),
            "eliminated": [seat for seat in view.seats if seat.eliminated],
            "state": state,
            "wait": table_wait(table, state.why_not) if state else None,
            "can_reopen": reopen_refused is None and table.is_open,
        },
    )


@table_dealer_required
@require_POST
def hand_reopen(request: HttpRequest, number: int, *, table: Table) -> HttpResponse:
    """The dealer's undo: void the table's last hand and bring its boards back into the form."""
    hand = Hand.objects.filter(table=table, number=number).first()
    if hand is None:
        raise Http404
    try:
        reopen_hand(hand, actor=table_actor(request, table))
    except NotAllowed:
        raise PermissionDenied from None
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect("dealer:hand-result", table_id=table.pk, number=number)
    messages.success(
        request,
        _("Hand %(number)s is reopened: fix the boards and record it again as hand %(next)s.")
        % {"number": number, "next": table.last_hand_number + 1},
    )
    return redirect(reverse("dealer:table", args=[table.pk]) + f"?reopened={number}")


def _results(view: HandView) -> list[dict[str, Any]]:
    """Each seat with whether an exchange of theirs was skipped or capped (so points and chips differ)."""
    marks: dict[int, set[str]] = {seat.position: set() for seat in view.seats}
    for exchange in view.exchanges:
        mark = "skipped" if exchange.skipped else "capped" if exchange.capped else ""
        if mark:
            marks[exchange.a.position].add(mark)
            marks[exchange.b.position].add(mark)
    return [
        {"seat": seat, "skipped": "skipped" in marks[seat.position], "capped": "capped" in marks[seat.position]}
        for seat in view.seats
    ]
