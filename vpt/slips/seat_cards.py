"""Seat cards: one A6 landscape page per seated player, to stand on the table.

Terms:

seat card
    A folded-tent card for one seat: the event at the top, the table and seat numbers in large
    type under their labels, the player's name at the bottom, and "entry N" for a player on a
    re-entry (``entry`` above 1), and in the corner a QR code of the player's private page
    ("My page") when the card has its URL; on a loopback address, a line at the foot saying why
    it has none. A draw with nobody seated prints one page saying so.

Drawn from ``SeatCardData`` only (no queries); labels in the data's language.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A6, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .data import SeatCardData
from .layout import GREY, RED, REGULAR, Cell, Layout, Pen, draw_qr, pdf_bytes, register_fonts, wrap
from .wording import qr_withheld_note

__all__ = ["SeatCardLayout", "render_seat_cards"]


class SeatCardLayout(Layout):
    """One seat card per page: A6 landscape, to stand on the table."""

    PAGE = landscape(A6)
    MARGIN_X = 8 * mm
    MARGIN_Y = 8 * mm
    SIZE = 10.0
    LABEL = 11.0
    NUMBER = 54.0
    NAME = 24.0
    QR = 22 * mm


def render_seat_cards(data: SeatCardData) -> bytes:
    """One page per seat card: event, table and seat in large type, the player's name."""
    register_fonts()  # text is measured before the canvas exists
    return pdf_bytes(data.event, data.language, lambda canvas: _seat_cards_into(canvas, data))


def _seat_cards_into(canvas: Canvas, data: SeatCardData) -> None:
    layout = SeatCardLayout()
    page_width, page_height = layout.PAGE
    assert page_height is not None
    with translation.override(data.language):
        for card in data.cards:
            canvas.setPageSize((page_width, page_height))
            pen = Pen(canvas, layout.MARGIN_X, layout.content_width)
            top = page_height - layout.MARGIN_Y
            pen.line(top - layout.SIZE, [Cell(0, (layout.fitted(data.event, size=layout.SIZE, colour=GREY),))])
            pen.rule(top - layout.SIZE * 1.6)
            half = layout.content_width / 2
            label_y = top - 14 * mm
            pen.line(
                label_y,
                [
                    Cell(
                        half / 2, (layout.run(pgettext("printed", "Table"), size=layout.LABEL, colour=GREY),), "center"
                    ),
                    Cell(
                        half * 1.5, (layout.run(pgettext("printed", "Seat"), size=layout.LABEL, colour=GREY),), "center"
                    ),
                ],
            )
            number_y = label_y - layout.NUMBER * 0.95
            pen.line(
                number_y,
                [
                    Cell(half / 2, (layout.run(str(card.table), bold=True, size=layout.NUMBER),), "center"),
                    Cell(half * 1.5, (layout.run(str(card.seat), bold=True, size=layout.NUMBER),), "center"),
                ],
            )
            room = layout.content_width - 2 * (layout.QR + 2 * mm) if card.url else None
            name = layout.fitted(card.player, bold=True, size=layout.NAME, room=room)
            if card.url:
                draw_qr(canvas, card.url, page_width - layout.MARGIN_X - layout.QR, layout.MARGIN_Y, layout.QR)
                pen.line(
                    layout.MARGIN_Y - layout.SIZE,
                    [
                        Cell(
                            layout.content_width,
                            (layout.run(_("My page"), size=layout.SIZE * 0.8, colour=GREY),),
                            "right",
                        )
                    ],
                )
            name_y = layout.MARGIN_Y + 10 * mm
            pen.line(name_y, [Cell(layout.content_width / 2, (name,), "center")])
            if card.entry > 1:
                pen.line(
                    name_y - layout.SIZE * 1.5,
                    [
                        Cell(
                            layout.content_width / 2,
                            (
                                layout.run(
                                    _("entry %(number)s") % {"number": card.entry}, size=layout.SIZE, colour=GREY
                                ),
                            ),
                            "center",
                        )
                    ],
                )
            if data.qr_withheld:
                _withheld_note(pen, layout, data.qr_withheld)
            canvas.showPage()
        if not data.cards:
            canvas.setPageSize((page_width, page_height))
            Pen(canvas, layout.MARGIN_X, layout.content_width).line(
                page_height / 2, [Cell(0, (layout.run(_("No seats drawn")),))]
            )
            canvas.showPage()


def _withheld_note(pen: Pen, layout: SeatCardLayout, address: str) -> None:
    """The foot of a card without its QR code: why (a loopback address), and what to do."""
    size = layout.SIZE * 0.6
    baseline = layout.MARGIN_Y + 1 * mm
    for line in wrap(qr_withheld_note(address), size, layout.content_width)[:3]:
        pen.line(baseline, [Cell(0, ((line, REGULAR, size, RED),))])
        baseline -= size * 1.25
