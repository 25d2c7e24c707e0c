"""The payout receipt: the paper a player signs when the desk hands over a prize.

receipt
    The event, the player's name, their place, the amount in large type, how it was paid and
    who handed it, when, and a line for the player's signature. A6, or the 80 mm thermal roll
    (the event's slip format), like the chip-settlement slips.

Drawn from ``ReceiptData`` only (no queries); labels in the data's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A6
from reportlab.lib.units import mm

from .layout import GREY, Block, Cell, Layout, Pen, money, pdf_bytes, register_fonts, when

__all__ = ["ReceiptData", "render_receipt"]


@dataclass(frozen=True, slots=True)
class ReceiptData:
    event: str
    name: str
    place: int | None
    amount: Decimal
    method: str  # how it was paid, already in words
    paid_by: str
    paid_at: datetime | None
    deal: str = ""  # "ICM deal" when the prize came from a deal
    currency: str = ""
    language: str = "en"
    page_format: str = "a6"


class A6Receipt(Layout):
    PAGE: tuple[float, float | None] = A6
    MARGIN_X = 8 * mm
    MARGIN_Y = 8 * mm
    SIZE = 10.0
    SMALL = 8.0
    TITLE = 13.0
    AMOUNT = 24.0


class Thermal80Receipt(A6Receipt):
    """80 mm thermal roll: about 72 mm printable, one page as long as the receipt."""

    PAGE = (80 * mm, None)
    MARGIN_X = 4 * mm
    MARGIN_Y = 4 * mm
    SIZE = 9.0
    SMALL = 7.0
    AMOUNT = 20.0


RECEIPT_LAYOUTS: dict[str, type[A6Receipt]] = {"a6": A6Receipt, "thermal80": Thermal80Receipt}


def _signature_line(layout: A6Receipt) -> Block:
    height = 18 * mm
    caption = layout.run(_("Player's signature"), size=layout.SMALL, colour=GREY)  # now, in the data's language

    def draw(pen: Pen, top: float) -> None:
        pen.rule(top - height + layout.SMALL * 1.6, colour=GREY, thickness=0.6)
        pen.line(top - height, [Cell(0, (caption,))])

    return Block(height, draw)


def heading_blocks(layout: A6Receipt, event: str, title: str) -> list[Block]:
    """A receipt's head: the event in small grey type, the receipt's title, a rule."""
    middle = layout.content_width / 2
    return [
        layout.text_block([Cell(middle, (layout.fitted(event, size=layout.SMALL, colour=GREY),), "center")]),
        layout.text_block([Cell(middle, (layout.run(title, bold=True, size=layout.TITLE),), "center")], layout.TITLE),
        layout.rule_block(6.0),
    ]


def row_blocks(layout: A6Receipt, rows: list[tuple[str, str]]) -> list[Block]:
    """Label on the left in grey, value on the right, one line each."""
    return [
        layout.text_block(
            [
                Cell(0, (layout.run(label, size=layout.SMALL, colour=GREY),)),
                Cell(layout.content_width, (layout.fitted(value, room=layout.content_width * 0.62),), "right"),
            ]
        )
        for label, value in rows
    ]


def _blocks(layout: A6Receipt, data: ReceiptData) -> list[Block]:
    middle = layout.content_width / 2
    currency = f" {data.currency}" if data.currency else ""
    place = str(data.place) if data.place is not None else "—"
    rows = [
        (pgettext("printed", "Player"), data.name),
        (pgettext("printed", "Place"), place),
        (_("Paid by"), data.method),
        (_("At the desk"), data.paid_by),
        (_("When"), when(data.paid_at)),
    ]
    if data.deal:
        rows.insert(2, (_("Deal"), data.deal))
    blocks = [
        *heading_blocks(layout, data.event, _("Prize payout receipt")),
        layout.text_block(
            [
                Cell(
                    middle,
                    (layout.run(money(data.amount, data.language) + currency, bold=True, size=layout.AMOUNT),),
                    "center",
                )
            ],
            layout.AMOUNT,
            space_before=2.0,
        ),
        layout.space(4.0),
        *row_blocks(layout, rows),
    ]
    blocks.extend(
        layout.paragraph(
            _("I have received the amount above as my prize in this event."), size=layout.SMALL, space_before=4.0
        )
    )
    blocks.append(_signature_line(layout))
    return blocks


def render_receipt(data: ReceiptData) -> bytes:
    """One payout receipt as a PDF (A6, or 80 mm thermal width)."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        layout = RECEIPT_LAYOUTS[data.page_format]()
        title = _("Prize payout receipt")
        blocks = _blocks(layout, data)
    return pdf_bytes(title, data.language, lambda canvas: layout.render_into(canvas, blocks))
