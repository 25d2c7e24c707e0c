"""What the engine refuses, as data: a stable code, where it is, and the values it names.

An :class:`InvalidHand` never carries prose of its own. Its ``code`` (``"duplicate_card"``)
is stable, ``params`` hold what the problem names (``{"card": "Kd"}``), ``player`` is the
player's index in the hand (payment order) and ``field`` the place inside that player (a row:
``"middle"``) or in the input (``"chips_per_point"``, ``"rules"``); ``line`` is the input line
in JSON Lines mode. Pages translate the code; the one-line English message of the
``score_hand`` contract (``players[1].middle: duplicate card Kd``) is built here from
:data:`MESSAGES`, so the contract's wording lives in one table.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping

__all__ = ["MESSAGES", "SHOWN_CHARS", "InvalidHand", "cut"]

Param = str | int

MESSAGES: Mapping[str, str] = {
    # Cards and boards.
    "unknown_card": 'unknown card "{card}"',
    "duplicate_card": "duplicate card {card}",
    "row_too_long": "{count} cards, {row} takes {size}",
    "joker_not_played": "a joker, and {variant} plays without jokers",
    "too_many_jokers": "joker number {number}, the deck has {jokers}",
    "too_many_dealt": "{count} cards dealt, a hand deals at most {limit}",
    # Players and numbers.
    "player_count": "{count} players, {variant} seats {min} to {max}",
    "must_be_positive": "must be a positive whole number",
    "stack_not_positive": "must be a positive whole number of chips",
    "stack_missing": "missing: give a stack for every player or for none",
    "not_fantasyland_deal": "{count} is not a Fantasyland deal in {variant} (0 or {deals})",
    "not_positive": "{value} is not a positive whole number",
    "not_whole": "{value} is not a whole number, 0 or more",
    "too_large": "{value} is more than the largest allowed, 10^12",
    "duplicate_name": '"{name}" is already a player at this table',
    "empty_name": "must be a non-empty text",
    # The shape of the JSON input.
    "not_hand_object": 'expected a JSON object with a "players" list',
    "not_player_list": "expected a list of 2 or 3 players",
    "not_player_object": "expected an object with top, middle and bottom",
    "row_not_text": 'expected the cards as text, such as "Qs Qh 2c"',
    "unknown_field": 'unknown field "{name}"',
    "null_value": "null is not a value here: leave the field out for its default",
    "not_variant_name": "{value} is not a variant name",
    "not_rules_object": "expected an object of rule-set settings",
    "null_setting": "null is not a value for this setting",
    "too_big": "over 1 MB ({bytes:,} bytes), and one hand is far smaller",
    "empty_input": "empty input: expected one JSON hand",
    "invalid_json": "invalid JSON at {position}: {reason}",
    "invalid_json_value": "invalid JSON: {reason}",
    "not_json_number": "invalid JSON: {text} is not a JSON number",
    "nested_too_deeply": "invalid JSON: nested too deeply",
    "number_too_long": "a number of {digits} digits, more than the largest allowed, 10^12",
    # Rule sets.
    "unknown_variant": 'unknown variant "{name}" (expected {known})',
    "unknown_setting": 'unknown setting "{name}"',
    "setting_not_whole": '"{name}" must be a whole number, 0 or more',
    "setting_not_text_or_null": '"{name}" must be a text such as "222" or "quads", or null',
    "setting_not_text": '"{name}" must be a text',
    "setting_shape": '"{name}" has the wrong shape',
    "seats_range": "a table seats 2 to 4 players",
    "bad_top_threshold": '"{text}" is not a top pair or trips such as "QQ" or "222"',
    "bad_category": '"{name}" is not a hand category such as "quads"',
}
"""The English of every code: the ``score_hand`` contract's messages, filled from ``params``."""


SHOWN_CHARS = 40
"""The most characters of a value a message shows: a longer one is cut to its first 37 and "..."."""

# Values the engine writes itself (the known variants' names, the JSON decoder's reason): whole.
_OWN_PARAMS = frozenset({"known", "reason"})


def cut(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` as a message shows it: whole up to ``limit`` characters, else its start and "...".
    Cut before anything is escaped, so a hostile value costs what its first characters cost.

    >>> cut("Qs"), cut("X" * 1_000_000)
    ('Qs', 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX...')
    """
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _one_line(value: Param) -> Param:
    """``value`` with every character that ends a line or is a control character escaped as JSON
    writes it (``\\n``, ``\\u2028``): a message echoes user text, and must stay one line.

    >>> _one_line("Ana\\nBen\\u2028")
    'Ana\\\\nBen\\\\u2028'
    """
    if not isinstance(value, str):
        return value
    return "".join(json.dumps(char)[1:-1] if _breaks(char) else char for char in value)


def _breaks(char: str) -> bool:
    return unicodedata.category(char) == "Cc" or char in "\u2028\u2029"


class InvalidHand(ValueError):
    """Malformed input (an unknown card, a row too long, a card twice): never a foul.

    ``str(error)`` is the contract's one line: the line, the JSON path (``where``), the message.

    >>> error = InvalidHand("duplicate_card", field="middle", card="Kd").at(player=1)
    >>> error.code, error.player, error.row, error.params
    ('duplicate_card', 1, 'middle', {'card': 'Kd'})
    >>> str(error)
    'players[1].middle: duplicate card Kd'
    >>> str(InvalidHand("empty_input").at(line=3))
    'line 3: empty input: expected one JSON hand'
    """

    def __init__(
        self, code: str, *, field: str = "", player: int | None = None, line: int | None = None, **params: Param
    ) -> None:
        if code not in MESSAGES:
            raise KeyError(f"no message for the code {code!r}")
        self.code = code
        # Every value the input gave is cut here, once, before any message escapes or repeats it.
        self.params: dict[str, Param] = {
            name: cut(value) if isinstance(value, str) and name not in _OWN_PARAMS else value
            for name, value in params.items()
        }
        self.field = cut(field)
        self.player = player
        self.line = line
        super().__init__(self._text())

    @property
    def row(self) -> str | None:
        """The board row at fault (``"top"``, ``"middle"``, ``"bottom"``), if the problem is in one."""
        return self.field if self.field in ("top", "middle", "bottom") else None

    @property
    def message(self) -> str:
        """What is wrong, in the contract's English (``duplicate card Kd``): always one line, the
        input's own text escaped where it would break one (a name holding a newline or U+2028)."""
        return MESSAGES[self.code].format(**{name: _one_line(value) for name, value in self.params.items()})

    @property
    def where(self) -> str:
        """The JSON path of the problem (``players[1].middle``, ``rules``; ``""`` for the whole input)."""
        player = f"players[{self.player}]" if self.player is not None else ""
        return ".".join(part for part in (player, self.field) if part)

    def at(self, *, player: int | None = None, field: str | None = None, line: int | None = None) -> InvalidHand:
        """The same problem, located further: the player's index, the field, the input line.

        >>> InvalidHand("unknown_setting", field="rule set", name="x").at(field="rules").where
        'rules'
        """
        return InvalidHand(
            self.code,
            field=self.field if field is None else field,
            player=self.player if player is None else player,
            line=self.line if line is None else line,
            **self.params,
        )

    def _text(self) -> str:
        where = str(_one_line(self.where))  # a field may hold an input's key
        text = f"{where}: {self.message}" if where else self.message
        return f"line {self.line}: {text}" if self.line is not None else text
