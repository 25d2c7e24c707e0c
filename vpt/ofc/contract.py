"""The JSON contract of ``score_hand`` and ``POST /api/score`` (``score-hand-json.md``), on
decoded JSON (the text itself is read by :mod:`.json_text`).

``read_hand`` turns decoded JSON into engine values, refusing bad input with an
:class:`InvalidHand` whose ``where`` is the JSON path (``players[1].middle``); ``hand_json``
turns a result back into the documented output, and ``score_json`` does both (a plain hand by
a shorter road, same output). No Django here: the command, the API view and the calculator
page all go through these functions.

*Bad input* is refused by name, in time linear in its size: an unknown key, ``null`` for a
value (except a rule-set setting whose value may be null, "no such rule"), a number past
:data:`MAX_CHIPS`, and everything the engine refuses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import deck
from .errors import InvalidHand
from .hands import describe
from .rulesets import PRESETS, RuleSet, get_ruleset
from .scoring import ROWS, Board, BoardResult, score_board
from .settlement import Settlement, payment_order, settle
from .showdown import HandResult, PlayerHand, pair_and_net_points, score_hand

__all__ = ["MAX_CHIPS", "HandRequest", "hand_json", "read_hand", "score_json"]

MAX_CHIPS = 10**12
"""The largest ``stack`` or ``chips_per_point`` (and rule-set number) the contract takes."""

_HAND_KEYS = {"variant", "chips_per_point", "players", "rules"}
_PLAYER_KEYS = {"name", "stack", "fantasyland_cards", *ROWS}
_SETTING_NAMES = frozenset(setting.name for setting in fields(RuleSet))
# Rule-set settings whose value may be null ("no such rule"); every other null is bad input.
_NULLABLE_SETTINGS = {
    "fantasyland_stay_top",
    "fantasyland_stay_middle",
    "fantasyland_stay_bottom",
    "fantasyland_stay_cards",
}


@dataclass(frozen=True, slots=True)
class HandRequest:
    """A checked hand: the rule set in force, chips per point, the players in payment order,
    the rule-set ``overrides`` applied (by setting name, as plain JSON data; empty if none) and
    the ``variant`` asked for (its preset's name, even when an override renames the rule set)."""

    rules: RuleSet
    chips_per_point: int
    players: tuple[PlayerHand, ...]
    overrides: Mapping[str, Any] = field(default_factory=dict)
    variant: str = ""


def _show(value: Any) -> str:
    """A value for a message, cut short: a message stays one readable line."""
    text = "null" if value is None else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: Any, field: str, *, minimum: int, player: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        code = "not_positive" if minimum == 1 else "not_whole"
        raise InvalidHand(code, field=field, player=player, value=_show(value))
    if value > MAX_CHIPS:
        raise InvalidHand("too_large", field=field, player=player, value=_show(value))
    return value


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _no_unknown_or_null(data: Mapping[str, Any], known: set[str], player: int | None) -> None:
    """Refuse an unknown key (located at the object: ``input`` or the player) or a null value."""
    if data.keys() <= known and None not in data.values():
        return  # the usual case, checked in C; the loop below names the first problem
    for key, value in data.items():
        if key not in known:
            raise InvalidHand(
                "unknown_field", field="" if player is not None else "input", player=player, name=_short(key)
            )
        if value is None:
            raise InvalidHand("null_value", field=key, player=player)


def read_hand(data: Any) -> HandRequest:
    """Check and convert one decoded JSON hand.

    The player count is checked before anything per player, and every check after it takes
    time linear in the input, so hostile input is refused at once.

    >>> request = read_hand({"players": [{"top": "Qs Qh 2c"}, {"name": "Ben"}]})
    >>> [player.name for player in request.players], request.rules.name
    (['P1', 'Ben'], 'progressive')
    >>> read_hand({"players": [{}] * 100_000})
    Traceback (most recent call last):
    ...
    vpt.ofc.errors.InvalidHand: players: 100000 players, progressive seats 2 to 3
    """
    if not isinstance(data, dict):
        raise InvalidHand("not_hand_object", field="input")
    _no_unknown_or_null(data, _HAND_KEYS, None)
    variant = data.get("variant", "progressive")
    if not isinstance(variant, str):
        raise InvalidHand("not_variant_name", field="variant", value=_show(variant))
    try:
        rules = get_ruleset(variant)
    except InvalidHand as error:
        raise error.at(field="variant") from None
    overrides = data.get("rules", {})
    rules, applied = _apply_overrides(rules, overrides)
    chips_per_point = _whole(data.get("chips_per_point", 1), "chips_per_point", minimum=1)
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise InvalidHand("not_player_list", field="players")
    rules.check_player_count(len(raw_players))
    players = tuple(_read_player(raw, index) for index, raw in enumerate(raw_players))
    seen: set[str] = set()
    for index, player in enumerate(players):
        if player.name in seen:
            raise InvalidHand("duplicate_name", field="name", player=index, name=_short(player.name))
        seen.add(player.name)
    return HandRequest(rules, chips_per_point, players, applied, variant)


def _apply_overrides(rules: RuleSet, overrides: Any) -> tuple[RuleSet, dict[str, Any]]:
    """The rule set with a TD's ``rules`` overrides, and those overrides as applied (JSON data).

    No overrides (nearly every hand) costs nothing: the preset as it is. With some, only the
    changed rule set is turned into data, once, for the settings echoed back.
    """
    if not isinstance(overrides, dict):
        raise InvalidHand("not_rules_object", field="rules")
    if not overrides:
        return rules, {}
    for key, value in overrides.items():
        if value is None and key not in _NULLABLE_SETTINGS and key in _SETTING_NAMES:
            raise InvalidHand("null_setting", field=f"rules.{key}")
        _check_bounds(value, f"rules.{key}")
    try:
        changed = rules.with_overrides(overrides)
    except InvalidHand as error:  # located by its JSON path, like every other input error
        raise error.at(field="rules") from None
    settings = changed.to_dict()
    return changed, {key: settings[key] for key in overrides}


def _check_bounds(value: Any, where: str) -> None:
    """Refuse a whole number past 10^12 anywhere in ``value`` (nested lists and objects)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_CHIPS:
            raise InvalidHand("too_large", field=where, value=_show(item))


def _read_player(raw: Any, index: int) -> PlayerHand:
    if not isinstance(raw, dict):
        raise InvalidHand("not_player_object", player=index)
    _no_unknown_or_null(raw, _PLAYER_KEYS, index)
    name = raw.get("name", f"P{index + 1}")
    if not isinstance(name, str) or not name.strip():
        raise InvalidHand("empty_name", field="name", player=index)
    stack = raw.get("stack")
    if stack is not None:
        stack = _whole(stack, "stack", minimum=1, player=index)
    fantasyland_cards = _whole(raw.get("fantasyland_cards", 0), "fantasyland_cards", minimum=0, player=index)
    top, middle, bottom = raw.get("top", ""), raw.get("middle", ""), raw.get("bottom", "")
    for row, text in (("top", top), ("middle", middle), ("bottom", bottom)):
        if not isinstance(text, str):
            raise InvalidHand("row_not_text", field=row, player=index)
    try:
        board = Board.parse(top=top, middle=middle, bottom=bottom)
    except InvalidHand as error:
        raise error.at(player=index) from None
    return PlayerHand(name.strip(), board, stack, fantasyland_cards)


def hand_json(request: HandRequest, result: HandResult) -> dict[str, Any]:
    """The documented output for a scored request.

    >>> request = read_hand({"players": [{"top": "Qs Qh 2c"}, {"name": "Ben"}]})
    >>> output = hand_json(request, score_hand(request.players, request.rules))
    >>> [(player["name"], player["fouled"], player["points"]) for player in output["players"]]
    [('P1', True, 0), ('Ben', True, 0)]
    """
    return _output(
        request.variant or request.rules.name,
        request.chips_per_point,
        request.overrides,
        [player.name for player in request.players],
        [player.stack for player in request.players],
        result.boards,
        result.pair_points,
        result.points,
        result.settlement,
    )


def _output(
    variant: str,
    chips_per_point: int,
    overrides: Mapping[str, Any],
    names: Sequence[str],
    stacks: Sequence[int | None],
    boards: Sequence[BoardResult],
    pair_points: Sequence[int],
    points: Sequence[int],
    settlement: Settlement | None,
) -> dict[str, Any]:
    """The documented output, from the parts ``hand_json`` and the plain-hand path share."""
    players = []
    if settlement:
        stacks_after: Sequence[int | None] = settlement.stacks_after
        eliminated: Sequence[bool] = settlement.eliminated
    else:
        stacks_after, eliminated = [None] * len(names), [False] * len(names)
    for index, board in enumerate(boards):
        if board.unfinished:
            hands = board.hands
        else:  # every row has a value: worded here, without the property's generic loop
            top, middle, bottom = board.values
            hands = {"top": describe(top), "middle": describe(middle), "bottom": describe(bottom)}
        royalties = board.royalties.copy()  # a copy and one key: half the time of {**, "total": ...}
        royalties["total"] = board.royalty_total
        players.append(
            {
                "name": names[index],
                "fouled": board.fouled,
                "unfinished": board.unfinished,
                "hands": hands,
                "royalties": royalties,
                "points": points[index],
                "fantasyland_next_cards": board.fantasyland_next_cards,
                "stack_before": stacks[index],
                "stack_after": stacks_after[index],
                "eliminated": eliminated[index],
            }
        )
    exchanges = []
    if settlement:
        for exchange in settlement.exchanges:
            exchanges.append(
                {
                    "a": names[exchange.a],
                    "b": names[exchange.b],
                    "points": exchange.points,
                    "chips_due": exchange.chips_due,
                    "chips_paid": exchange.chips_paid,
                    "capped": exchange.capped,
                    "skipped": exchange.skipped,
                }
            )
    else:
        for (a, b), pair in zip(payment_order(len(names)), pair_points, strict=True):
            exchanges.append(
                {
                    "a": names[a],
                    "b": names[b],
                    "points": pair,
                    "chips_due": None,
                    "chips_paid": None,
                    "capped": False,
                    "skipped": False,
                }
            )
    output: dict[str, Any] = {"variant": variant, "chips_per_point": chips_per_point}
    if overrides:
        output["rules"] = dict(overrides)
    output["players"] = players
    output["exchanges"] = exchanges
    return output


def score_json(data: Any) -> dict[str, Any]:
    """Decoded JSON in, documented JSON out; :class:`InvalidHand` on bad input.

    >>> score_json({"players": [{"top": "Qs Qh 2c 3c"}, {}]})
    Traceback (most recent call last):
    ...
    vpt.ofc.errors.InvalidHand: players[0].top: 4 cards, top takes 3
    """
    output = _score_plain(data)
    if output is not None:
        return output
    request = read_hand(data)
    result = score_hand(request.players, request.rules, request.chips_per_point)
    return hand_json(request, result)


# Card text exactly as ``format_cards`` writes it ("Qs", "Th"): one spelling per card, so
# a card twice is its text twice. Jokers, "10h", "qs", "Q♠" and commas take the full path.
_PLAIN_CARDS = {str(card): card for card in deck()}
_ABSENT: Any = object()
# Boards built as ``scoring.board_of`` builds them (slots set directly, not through the frozen
# ``__init__``), inline: one per player is on the hot path.
_new_board = object.__new__
_set_top, _set_middle, _set_bottom = (getattr(Board, row).__set__ for row in ROWS)


def _score_plain(data: Any) -> dict[str, Any] | None:
    """The output for a *plain* hand, or ``None`` when the hand is not plain.

    Plain is what nearly every client sends: a preset variant with no overrides, rows of
    canonical card text (see ``_PLAIN_CARDS``) no longer than their rows, every value of its
    JSON type and within bounds, names distinct, stacks for all players or none, Fantasyland
    deals the variant has, no card twice. Such a hand is valid, so it is scored without the
    table checks ``score_hand`` makes for any caller, and without building the intermediate
    ``PlayerHand`` / ``HandRequest`` / ``HandResult`` values. Anything else, every bad input
    included, returns ``None`` (after work linear in the input: the player count is checked
    first) and takes the full path, whose checks and messages are the contract's.
    The output is the full path's, value for value (tests/ofc/test_contract.py checks both).
    """
    if type(data) is not dict or not data.keys() <= _HAND_KEYS:
        return None
    # No null check as such: null is of no type a field takes, so a null value fails below.
    variant = data.get("variant", "progressive")
    rules = PRESETS.get(variant) if type(variant) is str else None
    overrides = data.get("rules", _ABSENT)
    chips_per_point = data.get("chips_per_point", 1)
    raw_players = data.get("players")
    if (
        rules is None
        or (overrides is not _ABSENT and (type(overrides) is not dict or overrides))
        or type(chips_per_point) is not int
        or not 1 <= chips_per_point <= MAX_CHIPS
        or type(raw_players) is not list
        or not rules.min_players <= len(raw_players) <= rules.max_players
    ):
        return None
    deals = rules.fantasyland_deals
    # Each card is taken out of a fresh deck as it is read: an unknown text and a card twice
    # both miss (KeyError), one dict operation per card for the lookup and the duplicate check.
    take = _PLAIN_CARDS.copy().pop
    names: list[str] = []
    stacks: list[int | None] = []
    results: list[BoardResult] = []
    with_stack = 0
    for raw in raw_players:
        if type(raw) is not dict or not raw.keys() <= _PLAYER_KEYS:
            return None
        name = raw.get("name", _ABSENT)
        if name is _ABSENT:
            name = f"P{len(names) + 1}"  # P1 for the first player
        elif type(name) is not str or not (name := name.strip()):
            return None
        if name in names:  # at most max_players names so far: quicker than a set at the end
            return None
        stack = raw.get("stack", _ABSENT)
        if stack is _ABSENT:
            stack = None
        elif type(stack) is int and 1 <= stack <= MAX_CHIPS:
            with_stack += 1
        else:
            return None
        fantasyland_cards = raw.get("fantasyland_cards", 0)
        top, middle, bottom = raw.get("top", ""), raw.get("middle", ""), raw.get("bottom", "")
        if (
            type(fantasyland_cards) is not int
            or (fantasyland_cards and fantasyland_cards not in deals)
            or type(top) is not str
            or type(middle) is not str
            or type(bottom) is not str
        ):
            return None
        top, middle, bottom = top.split(), middle.split(), bottom.split()
        top_size, middle_size, bottom_size = len(top), len(middle), len(bottom)
        if top_size > 3 or middle_size > 5 or bottom_size > 5:
            return None
        board = _new_board(Board)
        try:  # a full row card by card (quicker than map for a few cards), else mapped
            if top_size == 3:
                a, b, c = top
                _set_top(board, (take(a), take(b), take(c)))
            else:
                _set_top(board, tuple(map(take, top)))
            if middle_size == 5:
                a, b, c, d, e = middle
                _set_middle(board, (take(a), take(b), take(c), take(d), take(e)))
            else:
                _set_middle(board, tuple(map(take, middle)))
            if bottom_size == 5:
                a, b, c, d, e = bottom
                _set_bottom(board, (take(a), take(b), take(c), take(d), take(e)))
            else:
                _set_bottom(board, tuple(map(take, bottom)))
        except KeyError:
            return None
        names.append(name)
        stacks.append(stack)
        results.append(score_board(board, rules, fantasyland_cards))  # its cards are valid and new
    if with_stack not in (0, len(stacks)):
        return None
    pair_points, points = pair_and_net_points(results, rules.scoop_bonus)
    settlement = settle(pair_points, stacks, chips_per_point) if with_stack else None  # type: ignore[arg-type]
    return _output(variant, chips_per_point, {}, names, stacks, results, pair_points, points, settlement)
