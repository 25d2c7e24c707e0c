"""The hand preview: one hand scored for display, as plain template data.

``preview_context(data)`` takes one hand as the JSON contract does (``score-hand-json.md``: the
variant, chips per point and the players in payment order, each with rows of card text) and
returns what ``templates/components/_hand_preview.html`` renders: every row's cards and
translated hand description, fouls, royalties, next-hand Fantasyland, points per player and the
settlement in payment order. Bad input becomes a translated *problem* naming the player, the row
and the card (from the engine's error code, ``vpt.engine_errors``) instead of an exception, so a
half-entered board previews without a 500.

It runs no queries: the calculator page uses it as is, and the dealer's hand page feeds it the
boards being entered before ``record_hand`` saves anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from vpt.engine_errors import VARIANT_LABELS, explain, variant_label
from vpt.ofc import (
    MAX_CHIPS,
    ROW_SIZES,
    ROWS,
    HandRequest,
    InvalidHand,
    card_face,
    foul_of,
    hand_json,
    read_hand,
    score_hand,
    settle,
)

from .describe import describe_foul, describe_row
from .hand_view import exchanges_from_json, seats_from_json

__all__ = [
    "ROW_LABELS",
    "VARIANT_CHOICES",
    "Problem",
    "foul_confirmation",
    "located_problem",
    "preview_context",
    "preview_request",
    "problem_from",
]

VARIANT_CHOICES: list[tuple[str, Promise]] = list(VARIANT_LABELS.items())
ROW_LABELS: dict[str, Promise] = {
    "top": pgettext_lazy("board row", "Top"),
    "middle": pgettext_lazy("board row", "Middle"),
    "bottom": pgettext_lazy("board row", "Bottom"),
}
FIELD_LABELS: dict[str, Promise] = {
    **ROW_LABELS,
    "name": _("Name"),
    "stack": _("Stack"),
    "fantasyland_cards": _("Fantasyland cards"),
    "variant": _("Variant"),
    "chips_per_point": _("Chips per point"),
    "players": _("Players"),
}


def default_field_name(index: int, field_name: str) -> str:
    """The form field holding ``field_name`` of player ``index``: ``p1-middle``."""
    return f"p{index}-{field_name}"


@dataclass(frozen=True)
class Problem:
    """Why a hand cannot be scored, for people: ``text`` is the whole translated sentence.

    ``player`` is the player's name (``None`` for a table-wide problem), ``label`` the row or
    field in words, ``field_name`` the form field to mark invalid (``p1-middle``).
    """

    text: str
    message: str
    player: str | None = None
    label: str | None = None
    field_name: str | None = None


def located_problem(
    text: str,
    *,
    player: int | None,
    field: str,
    names: Sequence[str],
    field_name: Callable[[int, str], str] = default_field_name,
) -> Problem:
    """A problem already in the reader's words (``text``), located at player ``player`` (an
    index, ``None`` for the whole hand) and ``field`` (a row, ``stack``, ``chips_per_point``...)."""
    if player is not None:
        name = names[player] if player < len(names) and field != "name" else None
        # A problem with the name itself (two players called Ana) names the seat, not the name.
        name = name or gettext("Player %(number)d") % {"number": player + 1}
        label = str(FIELD_LABELS.get(field, field)) if field else None
        if label:
            sentence = gettext("%(player)s, %(field)s: %(problem)s") % {
                "player": name,
                "field": label,
                "problem": text,
            }
        else:
            sentence = gettext("%(player)s: %(problem)s") % {"player": name, "problem": text}
        return Problem(sentence, text, name, label, field_name(player, field) if field else None)
    label = str(FIELD_LABELS[field]) if field in FIELD_LABELS else None
    sentence = (gettext("%(field)s: %(problem)s") % {"field": label, "problem": text}) if label else text
    return Problem(sentence, text, None, label, field if field in FIELD_LABELS else None)


def problem_from(
    error: InvalidHand, names: Sequence[str], *, field_name: Callable[[int, str], str] = default_field_name
) -> Problem:
    """The engine's refusal for people: its code in the active language, located by its player and field."""
    return located_problem(explain(error), player=error.player, field=error.field, names=names, field_name=field_name)


def preview_context(
    data: dict[str, Any],
    *,
    field_name: Callable[[int, str], str] = default_field_name,
    problems: Sequence[Problem] = (),
) -> dict[str, Any]:
    """Template data for ``components/_hand_preview.html`` (the variable ``preview``).

    ``data`` is one hand as ``score-hand-json.md`` takes it; every player should have a name.
    ``problems`` are ones already found (form errors): when given, nothing is scored.
    ``field_name(index, "middle")`` names the form field of a player's row, so the page can
    mark it invalid (``p1-middle`` by default, the calculator's form prefixes).

    Keys: ``state`` (``"empty"``, ``"invalid"`` or ``"scored"``), ``problems``, ``variant``,
    ``variant_label``, ``chips_per_point``, ``settled`` (stacks given), ``players`` (name, fouled,
    unfinished, foul_row and foul_reason (the engine's row that breaks the order, and why, in
    words), foul_field (that row's form field), ``rows`` [label, cards, description, royalty,
    breaks_order], royalty_total, points, fantasyland_next_cards, stack_before, stack_after,
    eliminated) and ``exchanges`` in payment order (a, b, points, payer, payee, chips_due,
    chips_paid, capped, skipped, payer_out: the payer could not pay in full and is out,
    cannot_pay: they held nothing left to pay with: the read model's
    :class:`~vpt.rounds.hand_view.ExchangeView`). Cards are the engine's :class:`~vpt.ofc.CardFace`.
    """
    raw_players = data.get("players") or []
    names = [str(player.get("name") or "") for player in raw_players if isinstance(player, dict)]
    base: dict[str, Any] = {
        "variant": data.get("variant", "progressive"),
        "variant_label": variant_label(str(data.get("variant", "progressive"))),
        "chips_per_point": data.get("chips_per_point", 1),
        "players": [],
        "exchanges": [],
        "problems": list(problems),
        "settled": False,
    }
    if problems:
        return {**base, "state": "invalid"}
    if not any(
        str(player.get(row) or "").strip() for player in raw_players if isinstance(player, dict) for row in ROWS
    ):
        return {**base, "state": "empty"}
    try:
        request = read_hand(data)
    except InvalidHand as error:
        return {**base, "state": "invalid", "problems": [problem_from(error, names, field_name=field_name)]}
    return preview_request(request, field_name=field_name)


def preview_request(
    request: HandRequest, *, field_name: Callable[[int, str], str] = default_field_name
) -> dict[str, Any]:
    """The preview (as `preview_context` describes it) of a hand already read: the dealer's page
    builds `request` from the boards parsed as `record_hand` parses them."""
    names = [player.name for player in request.players]
    base: dict[str, Any] = {
        "variant": request.variant or request.rules.name,
        "variant_label": variant_label(request.variant or request.rules.name),
        "chips_per_point": request.chips_per_point,
        "players": [],
        "exchanges": [],
        "problems": [],
        "settled": False,
    }
    if not any(player.board.cards() for player in request.players):
        return {**base, "state": "empty"}
    try:
        result = score_hand(request.players, request.rules, request.chips_per_point)
    except InvalidHand as error:
        return {**base, "state": "invalid", "problems": [problem_from(error, names, field_name=field_name)]}
    output = hand_json(request, result)
    players = []
    for index, (player, board, out) in enumerate(zip(request.players, result.boards, output["players"], strict=True)):
        foul = foul_of(player.board, board)
        rows = []
        for row, cards, value in zip(ROWS, player.board.rows, board.values, strict=True):
            rows.append(
                {
                    "row": row,
                    "label": ROW_LABELS[row],
                    "cards": [card_face(card) for card in cards],
                    "description": describe_row(value, cards=len(cards), size=ROW_SIZES[row]),
                    "royalty": out["royalties"][row],
                    "breaks_order": foul is not None and foul.row == row,
                }
            )
        points = out["points"]
        players.append(
            {
                **out,
                "foul_row": foul.row if foul else None,
                # The form field of that row, for the page to mark it where the cards were entered.
                "foul_field": field_name(index, foul.row) if foul else None,
                "foul_reason": describe_foul(foul, board.values) if foul else "",
                "rows": rows,
                "royalty_total": out["royalties"]["total"],
                "abs_points": abs(points),
                "points_text": f"{points:+d}" if points else "0",
            }
        )
    settled = result.settlement is not None
    # Chips due come from the engine's settlement; without stacks, one where no cap applies.
    settlement = result.settlement or settle(result.pair_points, [MAX_CHIPS] * len(players), request.chips_per_point)
    seats = seats_from_json(output)
    exchanges = exchanges_from_json(output, seats, chips_due=[exchange.chips_due for exchange in settlement.exchanges])
    return {
        **base,
        "state": "scored",
        "players": players,
        "exchanges": exchanges,
        "settled": settled,
        "foul_confirm": foul_confirmation(
            [player["name"] for player in players if player["foul_row"] and not player["unfinished"]]
        ),
    }


def foul_confirmation(names: Sequence[str]) -> str:
    """The question Record asks before recording complete boards that foul ("" when none does):
    a foul costs the player every row, so one more tap makes sure it is not a typing slip."""
    if not names:
        return ""
    if len(names) == 1:
        return gettext("Record with %(name)s's foul?") % {"name": names[0]}
    return gettext("Record with the fouls of %(names)s?") % {"names": ", ".join(names)}
