"""The JSON contract of ``score_hand`` and ``POST /api/score`` (``score-hand-json.md``).

``read_hand`` turns decoded JSON into engine values, refusing bad input with an
:class:`InvalidHand` whose ``where`` is the JSON path (``players[1].middle``); ``hand_json``
turns a result back into the documented output. No Django here: the command, the API view and
the calculator page all go through these two functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import InvalidHand
from .rulesets import RuleSet, get_ruleset
from .scoring import ROWS, Board
from .settlement import payment_order
from .showdown import HandResult, PlayerHand, score_hand

__all__ = ["HandRequest", "hand_json", "read_hand", "score_json"]

_HAND_KEYS = {"variant", "chips_per_point", "players", "rules"}
_PLAYER_KEYS = {"name", "stack", "fantasyland_cards", *ROWS}


@dataclass(frozen=True, slots=True)
class HandRequest:
    rules: RuleSet
    chips_per_point: int
    players: tuple[PlayerHand, ...]


def _whole(value: Any, where: str, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        wanted = "a positive whole number" if minimum == 1 else "a whole number, 0 or more"
        raise InvalidHand(f"{value!r} is not {wanted}", where=where)
    return value


def read_hand(data: Any) -> HandRequest:
    """Check and convert one decoded JSON hand.

    >>> request = read_hand({"players": [{"top": "Qs Qh 2c"}, {"name": "Ben"}]})
    >>> [player.name for player in request.players], request.rules.name
    (['P1', 'Ben'], 'progressive')
    """
    if not isinstance(data, dict):
        raise InvalidHand("expected a JSON object with a \"players\" list", where="input")
    for key in data:
        if key not in _HAND_KEYS:
            raise InvalidHand(f'unknown field "{key}"', where="input")
    variant = data.get("variant", "progressive")
    if not isinstance(variant, str):
        raise InvalidHand(f"{variant!r} is not a variant name", where="variant")
    try:
        rules = get_ruleset(variant)
    except InvalidHand as error:
        raise InvalidHand(error.message, where="variant") from None
    overrides = data.get("rules", {})
    if not isinstance(overrides, dict):
        raise InvalidHand("expected an object of rule-set settings", where="rules")
    try:
        rules = rules.with_overrides(overrides)
    except InvalidHand as error:  # located by its JSON path, like every other input error
        raise InvalidHand(error.message, where="rules") from None
    chips_per_point = _whole(data.get("chips_per_point", 1), "chips_per_point", minimum=1)
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise InvalidHand("expected a list of 2 or 3 players", where="players")
    players = tuple(_read_player(raw, index) for index, raw in enumerate(raw_players))
    names = [player.name for player in players]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise InvalidHand(f'"{name}" is already a player at this table', where=f"players[{index}].name")
    return HandRequest(rules, chips_per_point, players)


def _read_player(raw: Any, index: int) -> PlayerHand:
    where = f"players[{index}]"
    if not isinstance(raw, dict):
        raise InvalidHand("expected an object with top, middle and bottom", where=where)
    for key in raw:
        if key not in _PLAYER_KEYS:
            raise InvalidHand(f'unknown field "{key}"', where=where)
    name = raw.get("name", f"P{index + 1}")
    if not isinstance(name, str) or not name.strip():
        raise InvalidHand("must be a non-empty text", where=f"{where}.name")
    stack = raw.get("stack")
    if stack is not None:
        stack = _whole(stack, f"{where}.stack", minimum=1)
    fantasyland_cards = _whole(raw.get("fantasyland_cards", 0), f"{where}.fantasyland_cards", minimum=0)
    rows = {}
    for row in ROWS:
        text = raw.get(row, "")
        if not isinstance(text, str):
            raise InvalidHand("expected the cards as text, such as \"Qs Qh 2c\"", where=f"{where}.{row}")
        rows[row] = text
    try:
        board = Board.parse(**rows)
    except InvalidHand as error:
        raise error.at(where) from None
    return PlayerHand(name.strip(), board, stack, fantasyland_cards)


def hand_json(request: HandRequest, result: HandResult) -> dict[str, Any]:
    """The documented output for a scored request.

    >>> request = read_hand({"players": [{"top": "Qs Qh 2c"}, {"name": "Ben"}]})
    >>> output = hand_json(request, score_hand(request.players, request.rules))
    >>> [(player["name"], player["fouled"], player["points"]) for player in output["players"]]
    [('P1', True, 0), ('Ben', True, 0)]
    """
    settlement = result.settlement
    players = []
    for index, (player, board) in enumerate(zip(request.players, result.boards)):
        players.append({
            "name": player.name,
            "fouled": board.fouled,
            "unfinished": board.unfinished,
            "hands": board.hands,
            "royalties": {**board.royalties, "total": board.royalty_total},
            "points": result.points[index],
            "fantasyland_next_cards": board.fantasyland_next_cards,
            "stack_before": player.stack,
            "stack_after": settlement.stacks_after[index] if settlement else None,
            "eliminated": settlement.eliminated[index] if settlement else False,
        })
    exchanges = []
    names = [player.name for player in request.players]
    if settlement:
        for exchange in settlement.exchanges:
            exchanges.append({
                "a": names[exchange.a], "b": names[exchange.b], "points": exchange.points,
                "chips_due": exchange.chips_due, "chips_paid": exchange.chips_paid,
                "capped": exchange.capped, "skipped": exchange.skipped,
            })
    else:
        for (a, b), points in zip(payment_order(len(names)), result.pair_points):
            exchanges.append({"a": names[a], "b": names[b], "points": points, "chips_due": None,
                              "chips_paid": None, "capped": False, "skipped": False})
    return {"variant": request.rules.name, "chips_per_point": request.chips_per_point,
            "players": players, "exchanges": exchanges}


def score_json(data: Any) -> dict[str, Any]:
    """Decoded JSON in, documented JSON out; :class:`InvalidHand` on bad input.

    >>> score_json({"players": [{"top": "Qs Qh 2c 3c"}, {}]})
    Traceback (most recent call last):
    ...
    vpt.ofc.cards.InvalidHand: players[0].top: 4 cards, top takes 3
    """
    request = read_hand(data)
    result = score_hand(request.players, request.rules, request.chips_per_point)
    return hand_json(request, result)
