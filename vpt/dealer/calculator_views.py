"""Public pages of the rounds app: the score calculator.

The calculator is one URL for the page and its preview fragment: a GET shows the empty form, a
POST scores what was entered and renders the whole page, or only the ``preview`` partial when
htmx asks (each change in the form posts it). Nothing is saved; no database is touched.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from vpt.http import HtmxHttpRequest
from vpt.ofc import ROWS
from vpt.rounds.forms import MAX_PLAYERS, CalculatorForm, CalculatorPlayerForm
from vpt.rounds.preview import Problem, located_problem, preview_context

TEMPLATE = "dealer/calculator.html"


@require_http_methods(["GET", "POST"])
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    form = CalculatorForm(data)
    players = [CalculatorPlayerForm(data, prefix=f"p{index}") for index in range(MAX_PLAYERS)]
    count = form.player_count()
    if data is None:
        preview = preview_context({"players": []})
    else:
        preview = _preview(form, players[:count])
    context: dict[str, Any] = {
        "form": form,
        "players": players,
        "player_count": count,
        "jokers_shown": (form.data.get("variant") if form.is_bound else form["variant"].initial) == "joker-ultimate",
        "preview": preview,
    }
    template = f"{TEMPLATE}#preview" if request.htmx else TEMPLATE
    return render(request, template, context)


def _name(form: CalculatorPlayerForm, index: int) -> str:
    name = (form.cleaned_data.get("name") if form.is_valid() else form.data.get(form.add_prefix("name"))) or ""
    return name.strip() or gettext("Player %(number)d") % {"number": index + 1}


def _preview(form: CalculatorForm, players: list[CalculatorPlayerForm]) -> dict[str, Any]:
    names = [_name(player, index) for index, player in enumerate(players)]
    problems: list[Problem] = []
    for key, errors in form.errors.items() if not form.is_valid() else []:
        problems += [located_problem(str(error), player=None, field=key, names=names) for error in errors]
    for index, player in enumerate(players):
        if not player.is_valid():
            for key, errors in player.errors.items():
                problems += [located_problem(str(error), player=index, field=key, names=names) for error in errors]
    if problems:
        return preview_context({"players": []}, problems=problems)
    hand: dict[str, Any] = {
        "variant": form.cleaned_data["variant"],
        "chips_per_point": form.cleaned_data["chips_per_point"],
        "players": [],
    }
    for name, player in zip(names, players):
        entry: dict[str, Any] = {
            "name": name,
            "fantasyland_cards": player.cleaned_data["fantasyland_cards"] or 0,
            **{row: player.cleaned_data[row] for row in ROWS},
        }
        if player.cleaned_data["stack"] is not None:
            entry["stack"] = player.cleaned_data["stack"]
        hand["players"].append(entry)
    return preview_context(hand)
