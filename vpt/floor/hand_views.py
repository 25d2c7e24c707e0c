"""The director's hand pages: any recorded hand opened, corrected or voided.

A correction or a void is shown first as a dry run (``plan_correction``/``plan_void``, which
read without a lock): the differences in stacks, places, eliminations, button and Fantasyland,
and the later hands that are replayed. Only then does a second POST (``action=confirm`` for a
correction, with the token of the boards that were dry-run) save it, with the ``plan`` token of
the differences shown: when the room moved on since, nothing is saved and the new differences
are shown. Every page is also a plain form POST.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from vpt.accounts.permissions import director_required
from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.models import Event
from vpt.http import HtmxHttpRequest
from vpt.rounds.board_entry import SeatLine, build_entry
from vpt.rounds.chip_moves import chip_moves, moves_sentences
from vpt.rounds.corrections import Correction, apply_correction, apply_void, plan_correction, plan_void
from vpt.rounds.flags import open_flags, resolve_hand_flag
from vpt.rounds.forms import SeatBoardForm
from vpt.rounds.hand_input import BoardInput, board_input, form_boards, seat_prefix
from vpt.rounds.models import Board, Hand, HandFlag
from vpt.rounds.selectors import HAND_FILTERS, filter_hands, hand_summaries, one_hand_view
from vpt.rounds.selectors import hand_detail as select_hand
from vpt.tables.models import Table


class ReasonForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason (kept in the audit log)"), max_length=200)


def _token(boards: list[BoardInput], reason: str) -> str:
    text = json.dumps({"boards": [dataclasses.asdict(board) for board in boards], "reason": reason}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@director_required
@require_GET
def event_hands(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    tables = list(Table.objects.filter(event=event).order_by("number"))
    hands = Hand.objects.filter(event=event).select_related("table").order_by("-recorded_at", "-id")
    table_number = request.GET.get("table", "")
    if table_number.isdigit():
        hands = hands.filter(table__number=int(table_number))
    show = request.GET.get("show", "")
    page = Paginator(filter_hands(hands, show), 50).get_page(request.GET.get("page"))
    filters = [
        ("", _("All hands")),
        ("fouls", _("Fouls")),
        ("fantasyland", _("Fantasyland")),
        ("eliminations", _("Eliminations")),
        ("corrected", _("Corrected or void")),
    ]
    context = {
        "event": event,
        "tables": tables,
        "page": page,
        "rows": hand_summaries(page),
        "table_number": table_number,
        "show": show if show in HAND_FILTERS else "",
        "filters": filters,
        "section": "hands",
        "flags": open_flags(event),
    }
    return render(request, "floor/hand_list.html", context)


@director_required
@require_POST
def resolve_flag(request: HttpRequest, flag_id: int) -> HttpResponse:
    """The director has looked at a flagged hand: it leaves the floor's list (audited)."""
    flag = get_object_or_404(HandFlag.objects.select_related("hand__event"), pk=flag_id)
    try:
        resolve_hand_flag(flag, actor=request.user, resolution=request.POST.get("resolution", ""))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Flag resolved."))
    return redirect(reverse("floor:event-hands", args=[flag.hand.event.slug]))


@director_required
@require_GET
def hand_detail(request: HttpRequest, hand_id: int) -> HttpResponse:
    view = one_hand_view(get_object_or_404(Hand, pk=hand_id).pk, public=False)
    hand = view.hand
    audit = list(AuditEntry.objects.filter(object_type="rounds.hand", object_id=str(hand.pk)).select_related("actor"))
    # Who recorded it: the user, or the device the audit log names (a device is no user).
    recorded = next((item for item in audit if item.action == "rounds.hand_recorded"), None)
    return render(
        request,
        "floor/hand_detail.html",
        {
            "hand": hand,
            "event": hand.event,
            "view": view,
            "audit": audit,
            "recorded_by": recorded.author if recorded else (hand.recorded_by or "–"),
            "section": "hands",
        },
    )


def _lines(boards: list[Board]) -> list[SeatLine]:
    return [SeatLine(b.seat_number, str(b.entry), b.stack_before, b.fantasyland_cards) for b in boards]


def _initial(board: Board) -> dict[str, Any]:
    if board.sat_out and board.dealt:
        return {"sat_out": True, "dealt": board.dealt, "unfinished": board.unfinished}
    return {"top": board.top, "middle": board.middle, "bottom": board.bottom, "unfinished": board.unfinished}


@director_required
@require_http_methods(["GET", "POST"])
def hand_correct(request: HtmxHttpRequest, hand_id: int) -> HttpResponse:
    hand = select_hand(get_object_or_404(Hand, pk=hand_id).pk)
    boards = list(hand.boards.all())
    data = request.POST if request.method == "POST" else None
    forms_ = [SeatBoardForm(data, prefix=seat_prefix(b.seat_number), initial=_initial(b)) for b in boards]
    reason_form = ReasonForm(data)
    lines = _lines(boards)
    inputs = (
        form_boards(data, [b.seat_number for b in boards])
        if data is not None
        else [board_input(b.seat_number, _initial(b)) for b in boards]
    )
    entry = build_entry(hand.event, lines, inputs, chips_per_point=hand.chips_per_point)
    context: dict[str, Any] = {
        "hand": hand,
        "event": hand.event,
        "section": "hands",
        "entry": entry,
        "preview": entry.preview,
        "reason_form": reason_form,
        "report": None,
        "token": "",
        "error": None,
        "jokers": hand.event.ruleset.jokers,
        "seats": [
            {"board": b, "form": f, "line": line, "position": b.position} for b, f, line in zip(boards, forms_, lines)
        ],
    }
    if hand.is_void:
        context["error"] = _("This hand is void.")
    action = data.get("action") if data is not None else None
    if action in ("dry_run", "confirm") and not hand.is_void:
        if not entry.ready:
            context["error"] = _("Fix the boards first.")
        elif not reason_form.is_valid():
            context["error"] = _("Give the reason for the correction.")
        else:
            reason = reason_form.cleaned_data["reason"]
            token = _token(entry.boards, reason)
            if action == "confirm" and data is not None and data.get("token") == token:
                try:
                    report = apply_correction(
                        hand, boards=entry.boards, actor=request.user, reason=reason, seen=data.get("plan", "")
                    )
                except ServiceError as error:
                    # Refused (the room moved on since the differences were shown, say): the
                    # differences as they are now follow, to be checked and confirmed again.
                    context["error"] = str(error)
                else:
                    version = Hand.objects.values_list("version", flat=True).get(pk=hand.pk)
                    messages.success(request, _saved_message(report, version=version))
                    # The floor moves the chips after confirming: the page it lands on says which.
                    if moves := _report(report)["moves"]:
                        messages.info(request, _("Chips to move: %(moves)s") % {"moves": " ".join(moves)})
                    return redirect("floor:hand-detail", hand_id=hand.pk)
            elif action == "confirm":
                context["error"] = _(
                    "The boards or the reason changed since the differences were shown: check them again, then confirm."
                )
            try:
                plan = plan_correction(hand, boards=entry.boards, actor=request.user)
            except ServiceError as error:
                context["error"] = str(error)
            else:
                context.update(report=_report(plan.report), token=token, plan=plan.token, refused=bool(plan.refusal))
                if plan.refusal:
                    context["error"] = plan.refusal
    elif data is not None and request.htmx:
        return render(request, "floor/hand_correct.html#correct-preview", context)
    return render(request, "floor/hand_correct.html", context)


@director_required
@require_http_methods(["GET", "POST"])
def hand_void(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = select_hand(get_object_or_404(Hand, pk=hand_id).pk)
    data = request.POST if request.method == "POST" else None
    reason_form = ReasonForm(data)
    context: dict[str, Any] = {
        "hand": hand,
        "event": hand.event,
        "section": "hands",
        "reason_form": reason_form,
        "report": None,
        "error": None,
        "boards": list(hand.boards.all()),
    }
    try:
        plan = plan_void(hand, actor=request.user)
    except ServiceError as error:
        context["error"] = str(error)
        return render(request, "floor/hand_void.html", context)
    context.update(report=_report(plan.report), plan=plan.token, refused=bool(plan.refusal))
    if plan.refusal:
        context["error"] = plan.refusal
    elif data is not None:
        if not reason_form.is_valid():
            context["error"] = _("Give the reason for voiding the hand.")
        else:
            try:
                reason = reason_form.cleaned_data["reason"]
                apply_void(hand, actor=request.user, reason=reason, seen=data.get("plan", ""))
            except ServiceError as error:
                context["error"] = str(error)
            else:
                messages.success(request, _("Hand voided."))
                return redirect("floor:hand-detail", hand_id=hand.pk)
    return render(request, "floor/hand_void.html", context)


def _saved_message(report: Correction, *, version: int) -> str:
    """What a saved correction changed, in words: which correction of the hand it is (the hand's
    ``version`` minus one, as its slip numbers it), always (the boards changed even when no chips
    moved), then each kind of change with its count."""
    parts = []
    if report.stacks:
        count = len(report.stacks)
        parts.append(ngettext("%(count)s stack changed", "%(count)s stacks changed", count) % {"count": count})
    if report.places:
        count = len(report.places)
        parts.append(
            ngettext("%(count)s finishing place changed", "%(count)s finishing places changed", count)
            % {"count": count}
        )
    if report.eliminations:
        count = len(report.eliminations)
        parts.append(
            ngettext("%(count)s elimination changed", "%(count)s eliminations changed", count) % {"count": count}
        )
    if report.buttons:
        parts.append(_("the next button moved"))
    if report.fantasyland:
        parts.append(_("Fantasyland for the next hand changed"))
    if report.replayed:
        count = len(report.replayed)
        parts.append(
            ngettext("%(count)s later hand replayed", "%(count)s later hands replayed", count) % {"count": count}
        )
    if not parts:
        return _("Hand corrected: boards changed, no chips moved; correction %(number)s saved.") % {
            "number": version - 1
        }
    return _("Hand corrected: correction %(number)s saved; %(changes)s.") % {
        "number": version - 1,
        "changes": "; ".join(parts),
    }


def _report(report: Correction) -> dict[str, Any]:
    groups = [
        (_("Stacks"), report.stacks),
        (_("Finishing places"), report.places),
        (_("Eliminations"), report.eliminations),
        (_("Button"), report.buttons),
        (_("Fantasyland next hand"), report.fantasyland),
    ]
    tables = dict(Table.objects.filter(event_id=report.hand.event_id).values_list("id", "number"))
    replayed = [
        _("table %(table)s hand %(number)s") % {"table": tables.get(h.table_id), "number": h.number}
        for h in report.replayed
    ]
    moves = chip_moves((change.subject, change.before, change.after) for change in report.stacks)
    return {
        "groups": [(title, changes) for title, changes in groups if changes],
        "moves": moves_sentences(moves, lambda chips: number_format(chips, force_grouping=True)),
        "replayed": replayed,
        "warnings": report.warnings,
        "empty": not report.changes,
    }
