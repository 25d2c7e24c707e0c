"""The registration receipt: the paper a player takes from the registration desk.

registration receipt
    The event, the player's name (with "entry N" on a re-entry), the buy-in and the fee, whether
    and how they were paid and who took them, when the player registered, the seat once the
    seats are drawn, and the QR code and address of the player's private page (``/me/<token>/``),
    so the phone that scans it follows the player's table, chips and hands. A6, or the 80 mm
    thermal roll (the event's slip format), like the payout receipt.
no link
    On a loopback public address (127.0.0.1, localhost) no phone could open the link: the
    receipt prints no QR code and says why, where the code would be. After the event has
    finished the links have ended, and the receipt says so instead.

Drawn from ``RegistrationReceiptData`` only (no queries); labels in the data's language. Several
receipts (a CSV import) print one after the other, one page each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .layout import GREY, RED, Block, Cell, Pen, draw_qr, money, pdf_bytes, register_fonts, when
from .receipt import RECEIPT_LAYOUTS, A6Receipt, heading_blocks, row_blocks
from .wording import qr_withheld_note

__all__ = ["RegistrationReceiptData", "render_registration_receipts"]


@dataclass(frozen=True, slots=True)
class RegistrationReceiptData:
    event: str
    name: str
    entry: int  # 1 for the first entry, 2 for the first re-entry...
    buy_in: Decimal
    fee: Decimal
    registered_at: datetime | None
    paid: str = ""  # how it was paid, in words ("Cash"); "" while not paid
    taken_by: str = ""
    table: int | None = None
    seat: int | None = None
    url: str = ""  # the player's private page; "" for none
    qr_withheld: str = ""  # the loopback address that kept the QR code off
    finished: bool = False  # the event has finished: its links have ended
    language: str = "en"
    page_format: str = "a6"


QR_SIZE = {"a6": 30 * mm, "thermal80": 34 * mm}


def _qr_block(layout: A6Receipt, url: str, size: float) -> Block:
    caption = layout.run(_("Your page: your seat, chips and hands"), size=layout.SMALL, colour=GREY)
    address = layout.fitted(url, size=layout.SMALL, room=layout.content_width)
    height = size + layout.SMALL * layout.LEADING * 2 + 4.0

    def draw(pen: Pen, top: float) -> None:
        left = pen.left + (layout.content_width - size) / 2
        draw_qr(pen.canvas, url, left, top - 2.0 - size, size)
        middle = layout.content_width / 2
        baseline = top - 2.0 - size - layout.SMALL * layout.LEADING
        pen.line(baseline, [Cell(middle, (caption,), "center")])
        pen.line(baseline - layout.SMALL * layout.LEADING, [Cell(middle, (address,), "center")])

    return Block(height, draw)


def _blocks(layout: A6Receipt, data: RegistrationReceiptData) -> list[Block]:
    middle = layout.content_width / 2
    seat = (
        _("table %(table)s, seat %(seat)s") % {"table": data.table, "seat": data.seat}
        if data.table is not None and data.seat is not None
        else _("not drawn yet")
    )
    rows = [
        (_("Buy-in"), money(data.buy_in, data.language)),
        (_("Fee"), money(data.fee, data.language)),
        (_("Total"), money(data.buy_in + data.fee, data.language)),
        (_("Paid by"), data.paid or _("not paid yet")),
    ]
    if data.taken_by:
        rows.append((_("At the desk"), data.taken_by))
    rows += [(_("Registered"), when(data.registered_at)), (pgettext("printed", "Seat"), seat)]
    blocks = [
        *heading_blocks(layout, data.event, _("Registration receipt")),
        layout.text_block(
            [Cell(middle, (layout.fitted(data.name, bold=True, size=layout.AMOUNT * 0.8),), "center")],
            layout.AMOUNT * 0.8,
            space_before=2.0,
        ),
    ]
    if data.entry > 1:
        blocks.append(
            layout.text_block(
                [Cell(middle, (layout.run(_("entry %(number)s") % {"number": data.entry}, colour=GREY),), "center")]
            )
        )
    blocks.append(layout.space(3.0))
    blocks.extend(row_blocks(layout, rows))
    blocks.append(layout.space(3.0))
    if data.url:
        blocks.append(_qr_block(layout, data.url, QR_SIZE.get(data.page_format, 30 * mm)))
    elif data.finished:
        blocks.extend(
            layout.paragraph(
                _("The event has finished: no new player links; those given open until it is closed."),
                size=layout.SMALL,
            )
        )
    elif data.qr_withheld:
        blocks.extend(layout.paragraph(qr_withheld_note(data.qr_withheld), size=layout.SMALL, colour=RED))
    return blocks


def render_registration_receipts(receipts: Sequence[RegistrationReceiptData]) -> bytes:
    """Registration receipts as one PDF, one page each (A6, or 80 mm thermal width)."""
    register_fonts()  # text is measured before the canvas exists
    language = receipts[0].language if receipts else "en"
    with translation.override(language):
        title = _("Registration receipt")
        pages = [(RECEIPT_LAYOUTS[data.page_format](), data) for data in receipts]
        laid_out = [(layout, _blocks(layout, data)) for layout, data in pages]

    def draw(canvas: Canvas) -> None:
        for layout, blocks in laid_out:
            layout.render_into(canvas, blocks)

    return pdf_bytes(title, language, draw)
