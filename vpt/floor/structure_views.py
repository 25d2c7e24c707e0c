"""The structure editor (staff only): every level after the one in force in one form — change,
remove, reorder (the order column), add (the blank rows) and insert a break after any level —
saved at once by `set_structure`. Saving warns when chips per point would fall from one level
to the next (it saves anyway: a director may mean it); a refusal changes nothing."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.models import Event, Level
from vpt.events.selectors import event_or_404
from vpt.events.structure import LevelSpec, falling_levels, set_structure
from vpt.events.structure_templates import save_structure_template
from vpt.floor.event_forms import StructureBreakForm, StructureFormSet, TemplateForm


def _rows(event: Event) -> tuple[list[Level], list[Level]]:
    current = event.current_level.number if event.current_level else 0
    levels = list(Level.objects.filter(event=event).order_by("number"))
    return [lv for lv in levels if lv.number <= current], [lv for lv in levels if lv.number > current]


def _initial(future: list[Level]) -> list[dict[str, Any]]:
    return [
        {
            "order": index,
            "chips_per_point": level.chips_per_point,
            "minutes": level.minutes,
            "hands": level.hands,
            "is_break": level.is_break,
        }
        for index, level in enumerate(future, start=1)
    ]


def _specs(formset: Any, break_minutes: int) -> list[LevelSpec]:
    """The levels in the order asked: rows by their order (blank: at the end), removed ones out,
    a break after each row that asks for one."""
    rows = []
    for index, form in enumerate(formset.forms):
        data = form.cleaned_data
        if not data or data.get("remove") or not (data.get("chips_per_point") or data.get("is_break")):
            continue
        rows.append((data.get("order") or 10_000 + index, index, data))
    specs = []
    for _order, _index, data in sorted(rows, key=lambda row: (row[0], row[1])):
        specs.append(
            LevelSpec(
                chips_per_point=data.get("chips_per_point") or 1,
                minutes=data["minutes"],
                hands=data["hands"],
                is_break=bool(data.get("is_break")),
            )
        )
        if data.get("break_after"):
            specs.append(LevelSpec(chips_per_point=1, minutes=break_minutes, is_break=True))
    return specs


@director_required
@require_http_methods(["GET", "POST"])
def structure_editor(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    history, future = _rows(event)
    if request.method == "POST":
        formset = StructureFormSet(request.POST, initial=_initial(future), prefix="level")
        extra = StructureBreakForm(request.POST)
        if formset.is_valid() and extra.is_valid():
            specs = _specs(formset, extra.cleaned_data["break_minutes"])
            try:
                set_structure(event, levels=specs, actor=request.user)
            except ServiceError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("Level structure saved."))
                last = next((lv.chips_per_point for lv in reversed(history) if not lv.is_break), None)
                for number, was, now in falling_levels(specs, before=last):
                    messages.warning(
                        request,
                        _("Level %(number)s: chips per point falls from %(was)s to %(now)s.")
                        % {
                            "number": len(history) + number,
                            "was": number_format(was, force_grouping=True),
                            "now": number_format(now, force_grouping=True),
                        },
                    )
                return redirect("floor:structure", slug=event.slug)
    else:
        formset = StructureFormSet(initial=_initial(future), prefix="level")
        extra = StructureBreakForm()
    status = 422 if request.method == "POST" else 200
    context = {
        "event": event,
        "section": "event",
        "history": history,
        "formset": formset,
        "extra": extra,
        "template_form": TemplateForm(),
    }
    return render(request, "floor/structure.html", context, status=status)


@director_required
@require_POST
def save_template(request: HttpRequest, slug: str) -> HttpResponse:
    """Keep this event's levels, payouts and rule set as a named template for later events."""
    event = event_or_404(slug)
    form = TemplateForm(request.POST)
    try:
        if not form.is_valid():
            raise ServiceError(_("A template needs a name."), code="no_name")
        template = save_structure_template(event, name=form.cleaned_data["name"], actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, _("Saved as the template %(name)s: new events can start from it.") % {"name": template.name}
        )
    return redirect("floor:structure", slug=event.slug)
