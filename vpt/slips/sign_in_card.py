"""Table sign-in cards: one A6 portrait page per table, with the QR code that signs a device in.

sign-in card
    The event's name, the table's number in large type, a QR code of the table's sign-in URL
    (which carries the table's token: whoever holds the card can deal that table, so it stays
    on the table or with the director), the URL itself in small type for a device without a
    camera, and when the card was printed. A new card ends the old one.

Drawn from ``SignInCardData`` only (no queries); labels in the data's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A6
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .card_pages import CardLayout
from .layout import GREY, Cell, Pen, draw_qr, pdf_bytes, register_fonts, split_long, when, wrap

__all__ = ["SignInCard", "SignInCardData", "SignInCardLayout", "render_sign_in_cards"]


@dataclass(frozen=True, slots=True)
class SignInCard:
    table: int
    url: str


@dataclass(frozen=True, slots=True)
class SignInCardData:
    """The sign-in cards to print, one page each, in the order given."""

    event: str
    cards: tuple[SignInCard, ...]
    language: str = "en"
    printed_at: datetime | None = None


class SignInCardLayout(CardLayout):
    """One card per page: A6 portrait, the QR code as wide as the page allows."""

    PAGE = A6
    NUMBER = 40.0
    QR = 70 * mm


def render_sign_in_cards(data: SignInCardData) -> bytes:
    """One page per table: event, table number, the QR code of its sign-in URL, the URL."""
    register_fonts()
    return pdf_bytes(data.event, data.language, lambda canvas: _cards_into(canvas, data))


def _cards_into(canvas: Canvas, data: SignInCardData) -> None:
    layout = SignInCardLayout()
    page_width, page_height = layout.PAGE[0], layout.page_height
    middle = layout.content_width / 2
    with translation.override(data.language):
        for card in data.cards:
            canvas.setPageSize((page_width, page_height))
            pen = Pen(canvas, layout.MARGIN_X, layout.content_width)
            top = layout.top
            pen.line(
                top - layout.SIZE, [Cell(middle, (layout.fitted(data.event, size=layout.SIZE, colour=GREY),), "center")]
            )
            pen.rule(top - layout.SIZE * 1.6)
            label_y = top - 10 * mm
            pen.line(
                label_y,
                [Cell(middle, (layout.run(pgettext("printed", "Table"), size=layout.LABEL, colour=GREY),), "center")],
            )
            number_y = label_y - layout.NUMBER * 0.95
            pen.line(number_y, [Cell(middle, (layout.run(str(card.table), bold=True, size=layout.NUMBER),), "center")])
            qr_top = number_y - 6 * mm
            draw_qr(canvas, card.url, (page_width - layout.QR) / 2, qr_top - layout.QR, layout.QR)
            text_y = qr_top - layout.QR - 6 * mm
            instruction = _("Scan to enter this table's hands on this device.")
            for line in wrap(instruction, layout.SIZE, layout.content_width):
                pen.line(text_y, [Cell(middle, (layout.run(line, size=layout.SIZE),), "center")])
                text_y -= layout.SIZE * layout.LEADING
            for line in split_long(card.url, layout.SMALLEST, layout.content_width):
                pen.line(text_y, [Cell(middle, (layout.run(line, size=layout.SMALLEST, colour=GREY),), "center")])
                text_y -= layout.SMALLEST * layout.LEADING
            if data.printed_at is not None:
                printed = _("Printed %(when)s; a newer card replaces this one.") % {"when": when(data.printed_at)}
                pen.line(
                    layout.MARGIN_Y, [Cell(middle, (layout.run(printed, size=layout.SMALLEST, colour=GREY),), "center")]
                )
            canvas.showPage()
        if not data.cards:
            canvas.setPageSize((page_width, page_height))
            Pen(canvas, layout.MARGIN_X, layout.content_width).line(
                page_height / 2, [Cell(0, (layout.run(_("No open table")),))]
            )
            canvas.showPage()
