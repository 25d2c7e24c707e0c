"""From the seats' board inputs to a preview and what blocks recording (no queries).

A *seat line* is one seated player in payment order: seat number, name, stack at hand start
and the Fantasyland cards dealt this hand. ``build_entry`` takes one board input per seat line
(``hand_input.form_boards``: the table page's fields, mapped as the Table API maps its JSON),
parses each with ``scoring.parse_board`` (the parse ``record_hand`` makes: sit-out boards by
the auto-play rule), previews the whole hand through ``preview.preview_request`` (the
calculator's component) and lists what still stops the hand from being recorded: a problem
with the cards, or an unfinished board whose foul has not been confirmed. Errors name the
player, the row and the card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from vpt.events.models import Event
from vpt.ofc import HandRequest, InvalidHand, PlayerHand

from .hand_input import BoardInput, seat_prefix
from .preview import Problem, preview_context, preview_request, problem_from
from .scoring import parse_board


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    stack: int | None
    fantasyland_cards: int = 0


@dataclass
class EnteredHand:
    """A hand being entered: its preview, what still blocks recording it, and the seats' board
    inputs that `record_hand` takes as they are."""

    preview: dict[str, Any]
    blocking: list[str] = field(default_factory=list)
    boards: list[BoardInput] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return not self.blocking and self.preview["state"] == "scored"


def build_entry(
    event: Event, lines: Sequence[SeatLine], boards: Sequence[BoardInput], *, chips_per_point: int = 1
) -> EnteredHand:
    """The preview at ``chips_per_point`` and what blocks recording (see the module docstring).

    ``boards`` are the seats' board inputs in the order of ``lines`` (`hand_input.form_boards`).
    """
    rules = event.ruleset

    def field_name(index: int, key: str) -> str:
        return f"{seat_prefix(lines[index].seat)}-{key}"

    names = [line.name for line in lines]
    players: list[PlayerHand] = []
    problems: list[Problem] = []
    for index, (line, item) in enumerate(zip(lines, boards, strict=True)):
        try:
            parsed = parse_board(item, rules)
        except InvalidHand as error:
            problem = problem_from(error.at(player=index), names, field_name=field_name)
            if error.field == "dealt":
                text = gettext("%(player)s, cards dealt: %(problem)s")
                text %= {"player": line.name, "problem": problem.message}
                problem = dataclasses.replace(problem, text=text, label=None)
            problems.append(problem)
            continue
        players.append(PlayerHand(line.name, parsed.board, line.stack, line.fantasyland_cards))
    if problems:
        data = {"variant": event.variant, "chips_per_point": chips_per_point, "players": []}
        preview = preview_context(data, field_name=field_name, problems=problems)
    else:
        request = HandRequest(rules, chips_per_point, tuple(players), dict(event.rule_overrides or {}), event.variant)
        preview = preview_request(request, field_name=field_name)
    entry = EnteredHand(preview=preview, boards=list(boards))
    if preview["state"] == "empty":
        entry.blocking.append(gettext("Enter every player's board."))
    elif preview["state"] == "invalid":
        entry.blocking += [problem.text for problem in preview["problems"]]
    else:
        for line, item, player in zip(lines, boards, preview["players"], strict=True):
            if player["unfinished"] and not item.unfinished:
                placed = sum(len(row["cards"]) for row in player["rows"])
                entry.blocking.append(
                    gettext(
                        "%(player)s: the board has %(placed)s of 13 cards. Complete it, or tick “score it as a foul”."
                    )
                    % {"player": line.name, "placed": placed}
                )
                player["needs_confirmation"] = True
    return entry
