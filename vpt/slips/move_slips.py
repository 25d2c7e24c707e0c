"""Move slips: the paper the floor hands a player sent to another seat.

move slip
    One per player who moved and has not confirmed it yet: the event, "Move", the player's
    name, the table and seat they leave and, in large type, the table and seat they go to, and
    when. A6, or the 80 mm thermal roll (the event's slip format), like the other slips. With
    nobody to move, one page says so.

Drawn from ``MoveSlipData`` only (no queries); labels in the data's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.pdfgen.canvas import Canvas

from .layout import GREY, Block, Cell, pdf_bytes, register_fonts, when
from .receipt import RECEIPT_LAYOUTS, A6Receipt

__all__ = ["MoveSlip", "MoveSlipData", "render_move_slips"]


@dataclass(frozen=True, slots=True)
class MoveSlip:
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    moved_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class MoveSlipData:
    event: str
    moves: tuple[MoveSlip, ...]
    language: str = "en"
    page_format: str = "a6"


def _blocks(layout: A6Receipt, event: str, move: MoveSlip) -> list[Block]:
    middle = layout.content_width / 2
    big = layout.AMOUNT * 1.6
    return [
        layout.text_block([Cell(middle, (layout.fitted(event, size=layout.SMALL, colour=GREY),), "center")]),
        layout.text_block(
            [Cell(middle, (layout.run(pgettext("printed", "Move"), bold=True, size=layout.TITLE),), "center")],
            layout.TITLE,
        ),
        layout.rule_block(6.0),
        layout.text_block(
            [Cell(middle, (layout.fitted(move.player, bold=True, size=layout.AMOUNT),), "center")], layout.AMOUNT
        ),
        layout.space(4.0),
        layout.text_block(
            [
                Cell(
                    middle,
                    (
                        layout.run(
                            _("From table %(table)s, seat %(seat)s")
                            % {"table": move.from_table, "seat": move.from_seat},
                            colour=GREY,
                        ),
                    ),
                    "center",
                )
            ]
        ),
        layout.space(4.0),
        layout.text_block(
            [
                Cell(middle / 2, (layout.run(pgettext("printed", "Table"), size=layout.SMALL, colour=GREY),), "center"),
                Cell(
                    middle * 1.5, (layout.run(pgettext("printed", "Seat"), size=layout.SMALL, colour=GREY),), "center"
                ),
            ]
        ),
        layout.text_block(
            [
                Cell(middle / 2, (layout.run(str(move.to_table), bold=True, size=big),), "center"),
                Cell(middle * 1.5, (layout.run(str(move.to_seat), bold=True, size=big),), "center"),
            ],
            big,
        ),
        layout.space(4.0),
        layout.text_block([Cell(middle, (layout.run(when(move.moved_at), size=layout.SMALL, colour=GREY),), "center")]),
    ]


def render_move_slips(data: MoveSlipData) -> bytes:
    """One move slip per page (A6, or 80 mm thermal width, each page as long as its slip)."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        layout = RECEIPT_LAYOUTS[data.page_format]()
        title = pgettext("printed", "Move")
        pages = [_blocks(layout, data.event, move) for move in data.moves] or [
            layout.paragraph(_("Nobody is waiting to move."))
        ]

    def draw(canvas: Canvas) -> None:
        for blocks in pages:
            layout.render_into(canvas, blocks)

    return pdf_bytes(title, data.language, draw)
