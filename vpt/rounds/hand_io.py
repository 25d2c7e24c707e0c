"""Text in, scored JSON out: what ``score_hand`` and ``POST /api/score`` share.

A *hand* here is one JSON object as ``score-hand-json.md`` describes it. Decoding and scoring
both fail with :class:`BadInput`, whose text is the one-line message the command prints on
standard error and the API returns as ``{"error": ...}``: where the problem is, then what it is
(``players[1].middle: duplicate card Kd``, ``invalid JSON at line 3, column 5: ...``).
No database is touched here.
"""

from __future__ import annotations

import json
from typing import Any

from vpt.ofc import InvalidHand, score_json

__all__ = ["BadInput", "decode_hand", "score_text"]


class BadInput(ValueError):
    """Input that cannot be scored; ``str(error)`` is one line naming the problem."""


def decode_hand(text: str, *, line: int | None = None) -> Any:
    """Decode one hand's JSON text. ``line`` is the input line number in JSON Lines mode.

    >>> decode_hand('{"players": [}')
    Traceback (most recent call last):
    ...
    vpt.rounds.hand_io.BadInput: invalid JSON at line 1, column 14: Expecting value
    >>> decode_hand('{"players": [}', line=3)
    Traceback (most recent call last):
    ...
    vpt.rounds.hand_io.BadInput: line 3: invalid JSON at column 14: Expecting value
    """
    if not text.strip():
        raise BadInput(_at(line, "empty input: expected one JSON hand"))
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = f"column {error.colno}" if line is not None else f"line {error.lineno}, column {error.colno}"
        raise BadInput(_at(line, f"invalid JSON at {where}: {error.msg}")) from None
    except RecursionError:
        # json.loads recurses once per nesting level: "[[[[..." must be bad input, not a crash.
        raise BadInput(_at(line, "invalid JSON: nested too deeply")) from None


def score_text(text: str, *, line: int | None = None) -> dict[str, Any]:
    """Decode and score one hand: the documented output, or :class:`BadInput`.

    >>> score_text('{"players": [{"top": "Qs Qh 2c"}, {"top": "Qs"}]}')
    Traceback (most recent call last):
    ...
    vpt.rounds.hand_io.BadInput: players[1].top: duplicate card Qs
    """
    data = decode_hand(text, line=line)
    try:
        return score_json(data)
    except InvalidHand as error:
        raise BadInput(_at(line, str(error))) from None


def _at(line: int | None, message: str) -> str:
    return message if line is None else f"line {line}: {message}"
