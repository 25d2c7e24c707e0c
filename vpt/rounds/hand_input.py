"""A hand's boards as the dealer's device sends them: the one mapping from a seat's fields to a
board input, for the Table API's JSON and for the table page's plain form alike.

seat fields   what the table page holds for one seat, by name: ``top``, ``middle``, ``bottom``
              (the cards as typed or tapped), ``sat_out`` (the player sat out), ``dealt``
              (their cards in the order dealt) and ``unfinished`` (score a short board as a
              foul). The device sends them as they are, one JSON board per seat
              (``{"seat": 3, "top": "Qs Qh 2c", ..., "sat_out": false}``); the page without
              its script posts them as form fields named by seat (``s3-top``).
board input   `BoardInput`: what `record_hand`, the preview and a correction parse
              (`vpt.rounds.scoring.parse_board`). A seat that sat out is its dealt cards, placed
              by the auto-play rule (its rows are ignored); any other seat is its three rows
              (what was typed as dealt is ignored). Without ``sat_out`` (an API client), cards
              dealt mean the player sat out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from vpt.errors import InvalidBoards

__all__ = ["SEAT_FIELDS", "BoardInput", "BoardsArg", "board_input", "form_boards", "seat_prefix"]

SEAT_FIELDS = ("top", "middle", "bottom", "sat_out", "dealt", "unfinished")
_CARD_FIELDS = ("top", "middle", "bottom", "dealt")
_FLAGS = ("sat_out", "unfinished")


@dataclass(frozen=True)
class BoardInput:
    """One seat's cards as the dealer gave them: three rows, or (sat out) the cards dealt."""

    seat: int
    top: str = ""
    middle: str = ""
    bottom: str = ""
    unfinished: bool = False
    dealt: str = ""

    @classmethod
    def coerce(cls, value: BoardInput | Mapping[str, Any], seat: int | None = None) -> BoardInput:
        """A board input from itself, or from a seat's fields (with ``seat``, or ``seat`` given)."""
        if isinstance(value, BoardInput):
            return value
        data = dict(value)
        if seat is not None:
            data.setdefault("seat", seat)
        unknown = set(data) - {"seat", *SEAT_FIELDS}
        if unknown:
            raise InvalidBoards(_("Unknown board field: %(fields)s") % {"fields": ", ".join(sorted(unknown))})
        return board_input(int(data["seat"]), data)


BoardsArg = Mapping[int, "BoardInput | Mapping[str, Any]"] | Iterable["BoardInput | Mapping[str, Any]"]


def board_input(seat: int, fields: Mapping[str, Any]) -> BoardInput:
    """The board input of one seat's fields (see the module docstring).

    >>> board_input(3, {"top": "Qs Qh 2c", "dealt": "Ah", "sat_out": False})
    BoardInput(seat=3, top='Qs Qh 2c', middle='', bottom='', unfinished=False, dealt='')
    >>> board_input(4, {"top": "Qs", "dealt": "2c 3c 4c", "sat_out": True}).dealt
    '2c 3c 4c'
    """
    text = {name: str(fields.get(name) or "") for name in _CARD_FIELDS}
    sat_out = fields.get("sat_out")
    if sat_out is None:
        sat_out = bool(text["dealt"].strip())
    unfinished = bool(fields.get("unfinished"))
    if sat_out:
        return BoardInput(seat, unfinished=unfinished, dealt=text["dealt"].strip())
    return BoardInput(seat, top=text["top"], middle=text["middle"], bottom=text["bottom"], unfinished=unfinished)


def seat_prefix(seat_number: int) -> str:
    """The form prefix of a seat's fields on the table page: ``s3`` (``s3-top``)."""
    return f"s{seat_number}"


def form_boards(data: Mapping[str, Any], seats: Sequence[int]) -> list[BoardInput]:
    """The board inputs of the table page's posted form (``s3-top``, ``s3-sat_out`` ...), in
    the order of ``seats``; a checkbox counts as ticked when it was sent at all."""
    boards = []
    for seat in seats:
        prefix = seat_prefix(seat)
        fields: dict[str, Any] = {name: data.get(f"{prefix}-{name}", "") for name in _CARD_FIELDS}
        fields.update({name: bool(data.get(f"{prefix}-{name}")) for name in _FLAGS})
        boards.append(board_input(seat, fields))
    return boards
