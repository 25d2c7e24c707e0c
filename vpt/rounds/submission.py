"""One schema of a hand's submission, read the same by every audience that records hands.

A submission names the hand (``hand_number``), the submission itself (``key``: the same key
sent again is a retry, answered by `record_hand` with the first result), the boards (one
object per seat) and the seats whose players confirmed them (``confirmed_seats``). These are
the shape checks, bounded and with a message naming what is wrong (`BadSubmission`); the cards
themselves are checked by `record_hand`. The Table API reads its JSON body with
`read_submission`; the dealer's page reads its form with `posted_key`, `posted_hand_number`
and `posted_seats`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from vpt.ofc import cut

from .hand_input import SEAT_FIELDS
from .services import KEY_PATTERN

SUBMISSION_KEYS = frozenset({"hand_number", "key", "boards", "confirmed_seats"})
BOARD_KEYS = frozenset({"seat", *SEAT_FIELDS})
MAX_BOARDS = 8  # more than any table seats
_SEAT_FIELD = re.compile(r"s([1-9][0-9]?)-")


class BadSubmission(ValueError):
    """A submission of the wrong shape; the message, in the reader's language, names what is wrong."""


@dataclass(frozen=True)
class Submission:
    hand_number: int
    key: str | None
    boards: list[dict[str, Any]]
    confirmed_seats: list[int] = field(default_factory=list)


def read_submission(data: Any) -> Submission:
    """The submission in `data` (a decoded JSON body), checked for shape."""
    hand_number, key, boards = _read_body(data)
    return Submission(hand_number, key, boards, _confirmed_seats(data))


def _confirmed_seats(data: dict[str, Any]) -> list[int]:
    """The seats whose players confirmed the boards on the device (`confirmed_seats`, optional:
    only an event with `players_confirm_boards` asks for it)."""
    seats = data.get("confirmed_seats", [])
    if not isinstance(seats, list) or any(isinstance(seat, bool) or not isinstance(seat, int) for seat in seats):
        raise BadSubmission(_("confirmed_seats: a list of seat numbers is required"))
    return seats


def _read_body(data: Any) -> tuple[int, str | None, list[dict[str, Any]]]:
    if not isinstance(data, dict):
        raise BadSubmission(_('expected a JSON object: {"hand_number", "key", "boards"}'))
    unknown = sorted(set(data) - SUBMISSION_KEYS)
    if unknown:
        raise BadSubmission(_('unknown key "%(key)s"') % {"key": cut(unknown[0])})
    number = data.get("hand_number")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise BadSubmission(_("hand_number: a positive whole number is required"))
    key = data.get("key")
    if key is not None and not isinstance(key, str):
        raise BadSubmission(_("key: a string is required"))
    boards = data.get("boards")
    if not isinstance(boards, list) or not boards:
        raise BadSubmission(_("boards: a list of boards is required"))
    if len(boards) > MAX_BOARDS:
        raise BadSubmission(_("boards: %(count)s boards, more than any table seats") % {"count": len(boards)})
    checked = []
    for index, board in enumerate(boards):
        where = f"boards[{index}]"
        if not isinstance(board, dict):
            raise BadSubmission(_("%(where)s: expected an object") % {"where": where})
        unknown = sorted(set(board) - BOARD_KEYS)
        if unknown:
            raise BadSubmission(_('%(where)s: unknown key "%(key)s"') % {"where": where, "key": cut(unknown[0])})
        seat = board.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 99:
            raise BadSubmission(_("%(where)s: seat: a seat number is required") % {"where": where})
        for name in ("top", "middle", "bottom", "dealt"):
            if name in board and not isinstance(board[name], str):
                raise BadSubmission(
                    _('%(where)s: %(name)s: cards as a string, such as "Qs Qh 2c"') % {"where": where, "name": name}
                )
        for name in ("sat_out", "unfinished"):
            if name in board and not isinstance(board[name], bool):
                raise BadSubmission(_("%(where)s: %(name)s: true or false") % {"where": where, "name": name})
        checked.append(board)
    return number, key, checked


def posted_key(data: Mapping[str, Any] | None) -> str | None:
    """The submission's key from the page's form (None when absent or not a key: then no retry
    is recognised)."""
    key = (data.get("key") or "").strip() if data is not None else ""
    return key if KEY_PATTERN.fullmatch(key) else None


def posted_hand_number(data: Mapping[str, Any]) -> int | None:
    """The form's hand number (None when it is not a whole number)."""
    try:
        return int(data.get("hand_number", ""))
    except (TypeError, ValueError):
        return None


def posted_seats(data: Mapping[str, Any]) -> list[int]:
    """The seats the page's form sent boards for (``s3-top`` ...), in order: bounded to
    `MAX_BOARDS` seats, so a replay is matched against what the page showed then."""
    seats = sorted({int(match.group(1)) for name in data if (match := _SEAT_FIELD.match(str(name)))})
    return seats[:MAX_BOARDS]
