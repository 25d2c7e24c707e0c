"""A hand's JSON text, read for the contract (:mod:`.contract`): ``load_hand_json`` decodes it,
``score_text`` decodes, checks and scores it.

*Bad text* is refused by name, in time linear in its size, before anything is built from it:
an input over :data:`MAX_INPUT_BYTES`, a number literal too long for any bound (Python's
integer conversion is quadratic), ``NaN`` or ``Infinity``, nesting too deep, invalid JSON.
"""

from __future__ import annotations

import json
from typing import Any

from .contract import score_json
from .errors import InvalidHand

__all__ = ["MAX_INPUT_BYTES", "load_hand_json", "score_text", "too_big"]

MAX_INPUT_BYTES = 1_000_000
"""The largest input, in bytes of UTF-8, the contract takes for one hand (1 MB)."""
# A literal this long is past every bound: refused before Python builds the integer (the
# conversion is quadratic, and past 4,300 digits it raises).
_MAX_DIGITS = 30


def too_big() -> InvalidHand:
    """The error for an input over :data:`MAX_INPUT_BYTES`, for callers that refuse it unread.

    >>> str(too_big())
    'input: over 1 MB (1,000,000 bytes), and one hand is far smaller'
    """
    return InvalidHand("too_big", field="input", bytes=MAX_INPUT_BYTES)


class _TooLong(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _parse_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > _MAX_DIGITS:
        raise _TooLong(digits)
    return int(text)


def _no_constant(text: str) -> Any:
    raise InvalidHand("not_json_number", text=text)


def load_hand_json(text: str, *, line: int | None = None) -> Any:
    """Decode one hand's JSON text, refusing what no hand needs with :class:`InvalidHand`: an
    input over :data:`MAX_INPUT_BYTES`, a number literal too long for any bound, ``NaN``.
    ``line`` is the input line number in JSON Lines mode (the message then gives a column only).

    >>> load_hand_json('{"players": [}')
    Traceback (most recent call last):
    ...
    vpt.ofc.errors.InvalidHand: invalid JSON at line 1, column 14: Expecting value
    >>> load_hand_json('{"chips_per_point": 1' + "0" * 5000 + '}', line=3)
    Traceback (most recent call last):
    ...
    vpt.ofc.errors.InvalidHand: line 3: input: a number of 5001 digits, more than the largest allowed, 10^12
    """
    try:
        return _load(text, line)
    except InvalidHand as error:
        if line is None:
            raise
        raise error.at(line=line) from None


def _load(text: str, line: int | None) -> Any:
    if len(text) > MAX_INPUT_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
        raise too_big()
    if not text.strip():
        raise InvalidHand("empty_input")
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        where = f"column {error.colno}" if line is not None else f"line {error.lineno}, column {error.colno}"
        raise InvalidHand("invalid_json", position=where, reason=error.msg) from None
    except _TooLong as error:
        raise InvalidHand("number_too_long", field="input", digits=error.digits) from None
    except InvalidHand:
        raise
    except RecursionError:
        # json.loads recurses once per nesting level: "[[[[..." must be bad input, not a crash.
        raise InvalidHand("nested_too_deeply") from None
    except ValueError as error:  # any other conversion json leaves to Python (never a traceback)
        raise InvalidHand("invalid_json_value", reason=str(error)) from None


def score_text(text: str, *, line: int | None = None) -> dict[str, Any]:
    """Decode, check and score one hand's JSON text: the documented output, or
    :class:`InvalidHand` whose text is the one-line message (``line 3: `` first in JSON Lines).

    >>> score_text('{"players": [{"top": "Qs Qh 2c"}, {"top": "Qs"}]}', line=2)
    Traceback (most recent call last):
    ...
    vpt.ofc.errors.InvalidHand: line 2: players[1].top: duplicate card Qs
    """
    data = load_hand_json(text, line=line)
    try:
        return score_json(data)
    except InvalidHand as error:
        if line is None:
            raise
        raise error.at(line=line) from None
