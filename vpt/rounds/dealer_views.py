"""The dealer's table page and the hand's result.

dealer page   ``/tables/<id>/``: the next hand to enter, boards tapped or typed, a live htmx
              preview (POST without ``action=record``; the ``entry-preview`` fragment when htmx
              asks) and the submit (``action=record``), which calls ``record_hand`` once and
              redirects to the result. Only the table's dealer or a director may open it.
result page   ``/tables/<id>/hands/<number>/``: who pays whom, caps, eliminations, new stacks,
              the next button, the slip to print.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from vpt.accounts.permissions import dealer_required, is_director
from vpt.errors import Conflict, NotAllowed, ServiceError
from vpt.events.models import Event
from vpt.http import HtmxHttpRequest
from vpt.tables.models import Table
from vpt.tables.permissions import table_dealer_required
from vpt.tables.selectors import dealer_tables

from .board_entry import SeatLine, build_entry
from .forms import SeatBoardForm, seat_prefix
from .models import Board, Hand
from .selectors import TableState, hand_detail, table_state
from .services import already_recorded_message, record_hand


@dealer_required
@require_GET
def my_tables(request: HttpRequest) -> HttpResponse:
    """A dealer's assigned tables (straight to the page when there is one)."""
    tables = list(dealer_tables(request.user))
    if len(tables) == 1 and not is_director(request.user):
        return redirect("rounds:table", table_id=tables[0].pk)
    events = list(Event.objects.exclude(status=Event.Status.FINISHED)) if is_director(request.user) else []
    return render(request, "rounds/my_tables.html", {"tables": tables, "events": events})


def _lines(state: TableState) -> list[SeatLine]:
    return [
        SeatLine(seat.number, str(seat.occupant), seat.occupant.stack, seat.fantasyland_cards) for seat in state.seats
    ]


@table_dealer_required
@require_http_methods(["GET", "POST"])
def table_page(request: HtmxHttpRequest, *, table: Table) -> HttpResponse:
    table_id = table.pk
    state = table_state(table)
    data = request.POST if request.method == "POST" else None
    forms = [SeatBoardForm(data, prefix=seat_prefix(seat.number)) for seat in state.seats]
    lines = _lines(state)
    context: dict[str, Any] = {
        "state": state,
        "table": table,
        "event": table.event,
        "hand_number": state.next_hand_number,
        "conflict": None,
        "error": None,
        "stale": False,
    }
    entry = None
    if data is not None:
        posted = _posted_hand_number(data)
        context["stale"] = posted is not None and posted != state.next_hand_number
        entry = build_entry(table.event, lines, forms, chips_per_point=state.chips_per_point)
        if data.get("action") == "record":
            if entry.ready and posted is not None:
                try:
                    hand = record_hand(table, hand_number=posted, boards=entry.boards, actor=request.user)
                except NotAllowed:
                    raise PermissionDenied from None
                except Conflict as error:
                    # A double tap, or a second device: the hand was recorded once, never twice.
                    context["conflict"] = {"message": str(error), "code": error.code, "hand": _recorded(table, posted)}
                except ServiceError as error:
                    context["error"] = str(error)
                else:
                    url = reverse("rounds:hand-result", args=[table.pk, hand.number])
                    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
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
            context.update(state=state, table=table, hand_number=state.next_hand_number, stale=False)
            entry = None
    if entry is None:
        entry = build_entry(table.event, lines, forms, chips_per_point=state.chips_per_point)
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
    template = "rounds/table_page.html#entry-preview" if request.htmx and data is not None else "rounds/table_page.html"
    return render(request, template, context)


def _posted_hand_number(data: Any) -> int | None:
    try:
        return int(data.get("hand_number", ""))
    except ValueError:
        return None


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
    hand_id = Hand.objects.filter(table=table, number=number).values_list("id", flat=True).first()
    if hand_id is None:
        raise Http404
    hand = hand_detail(hand_id)
    boards = list(hand.boards.all())
    state = table_state(table.pk) if number == table.last_hand_number else None
    exchanges = _exchanges(hand)
    return render(
        request,
        "rounds/hand_result.html",
        {
            "table": table,
            "hand": hand,
            "boards": boards,
            "exchanges": exchanges,
            "results": _results(boards, exchanges),
            "eliminated": [board for board in boards if board.eliminated],
            "state": state,
        },
    )


def _exchanges(hand: Hand) -> list[dict[str, Any]]:
    """Exchanges in payment order, from the payer's side (the engine's rule, via the row).

    ``cannot_pay``: the payer held nothing when this payment came (0 after paying in full
    earlier in the hand) and is out; ``payer_out``: the payer could not pay in full.
    """
    rows = []
    for exchange in hand.exchanges.all():
        payer, payee = exchange.payer, exchange.payee
        payer_out = exchange.payer_out
        rows.append(
            {
                "exchange": exchange,
                "a": exchange.board_a.entry,
                "b": exchange.board_b.entry,
                "payer": payer.entry if payer else None,
                "payee": payee.entry if payee else None,
                "points": abs(exchange.points),
                "chips_paid": abs(exchange.chips_paid),
                "chips_due": abs(exchange.chips_due),
                "payer_out": payer_out,
                "cannot_pay": payer_out and not exchange.chips_paid,
            }
        )
    return rows


def _results(boards: list[Board], exchanges: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each board with the chips that moved for it, and whether an exchange of theirs was
    skipped or capped (so points and chips differ)."""
    marks: dict[int, set[str]] = {board.pk: set() for board in boards}
    for row in exchanges:
        exchange = row["exchange"]
        mark = "skipped" if exchange.skipped else "capped" if exchange.capped else ""
        if mark:
            marks[exchange.board_a_id].add(mark)
            marks[exchange.board_b_id].add(mark)
    return [
        {
            "board": board,
            "chips": board.chips_won,
            "skipped": "skipped" in marks[board.pk],
            "capped": "capped" in marks[board.pk],
        }
        for board in boards
    ]
