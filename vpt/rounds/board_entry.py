"""From the dealer's forms to a preview and to ``record_hand``'s board inputs (no queries).

A *seat line* is one seated player in payment order: seat number, name, stack at hand start
and the Fantasyland cards dealt this hand. ``build_entry`` reads one ``SeatBoardForm`` per seat
line, builds sit-out boards by the auto-play rule, previews the whole hand through
``preview.preview_context`` (the calculator's component) and lists what still stops
the hand from being recorded: a problem with the cards, or an unfinished board whose foul has
not been confirmed. Errors name the player, the row and the card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from vpt.engine_errors import explain
from vpt.events.models import Event
from vpt.ofc import InvalidHand, autoplay_board, format_cards, parse_cards

from .forms import SeatBoardForm, seat_prefix
from .preview import Problem, preview_context


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    stack: int | None
    fantasyland_cards: int = 0


@dataclass
class EnteredHand:
    """A hand as the dealer's forms hold it: its preview, what stops it from being recorded, and
    the board inputs `record_hand` takes, by seat."""

    preview: dict[str, Any]
    blocking: list[str] = field(default_factory=list)
    boards: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def ready(self) -> bool:
        return not self.blocking and self.preview["state"] == "scored"


def build_entry(
    event: Event, lines: Sequence[SeatLine], forms: Sequence[SeatBoardForm], *, chips_per_point: int = 1
) -> EnteredHand:
    """The preview at ``chips_per_point`` and what blocks recording (see the module docstring)."""
    rules = event.ruleset

    def field_name(index: int, key: str) -> str:
        return f"{seat_prefix(lines[index].seat)}-{key}"

    players: list[dict[str, Any]] = []
    problems: list[Problem] = []
    boards: dict[int, dict[str, Any]] = {}
    values_by_seat = {}
    for index, (line, form) in enumerate(zip(lines, forms)):
        values = values_by_seat[line.seat] = form.values()
        rows = {row: values.get(row) or "" for row in ("top", "middle", "bottom")}
        dealt = ""
        if values["sat_out"]:
            dealt = (values.get("dealt") or "").strip()
            rows = {"top": "", "middle": "", "bottom": ""}
            if dealt:
                try:
                    board = autoplay_board(parse_cards(dealt), rules)
                except InvalidHand as error:
                    message = explain(error)
                    text = gettext("%(player)s, cards dealt: %(problem)s") % {"player": line.name, "problem": message}
                    problems.append(Problem(text, message, line.name, None, field_name(index, "dealt")))
                    continue
                rows = {
                    "top": format_cards(board.top),
                    "middle": format_cards(board.middle),
                    "bottom": format_cards(board.bottom),
                }
        player: dict[str, Any] = {"name": line.name, "fantasyland_cards": line.fantasyland_cards, **rows}
        if line.stack is not None:
            player["stack"] = line.stack
        players.append(player)
        boards[line.seat] = (
            {"dealt": dealt, "unfinished": values["unfinished"]}
            if dealt
            else {**rows, "unfinished": values["unfinished"]}
        )
    data: dict[str, Any] = {"variant": event.variant, "chips_per_point": chips_per_point, "players": players}
    if event.rule_overrides:
        data["rules"] = dict(event.rule_overrides)
    entry = EnteredHand(preview=preview_context(data, field_name=field_name, problems=problems), boards=boards)
    preview = entry.preview
    if preview["state"] == "empty":
        entry.blocking.append(gettext("Enter every player's board."))
    elif preview["state"] == "invalid":
        entry.blocking += [problem.text for problem in preview["problems"]]
    else:
        for line, player in zip(lines, preview["players"]):
            if player["unfinished"] and not values_by_seat[line.seat]["unfinished"]:
                placed = sum(len(row["cards"]) for row in player["rows"])
                entry.blocking.append(
                    gettext(
                        "%(player)s: the board has %(placed)s of 13 cards. Complete it, or tick “score it as a foul”."
                    )
                    % {"player": line.name, "placed": placed}
                )
                player["needs_confirmation"] = True
    return entry
