"""Cards of one A6 landscape page each: seat cards (`seat_cards`) and bag labels (`festival`).

Every such card has the same frame: a grey heading and a rule at the top, and in the bottom
right corner a QR code of the player's private page with "My page" under it when the card has
its URL; on a loopback address (`qr_withheld`), a red note at the foot saying why it has none.
A printable with no cards prints one page saying so. What lies between is the card's own.
`render_card_pages` draws the frame and leaves the rest to the printable's ``draw``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A6, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .layout import GREY, RED, REGULAR, Cell, Layout, Pen, draw_qr, pdf_bytes, wrap
from .wording import qr_withheld_note

__all__ = ["CardLayout", "render_card_pages"]

Card = TypeVar("Card")


class CardLayout(Layout):
    """One card per page: A6 landscape (the table's sign-in card stands up: A6 portrait)."""

    PAGE = landscape(A6)
    MARGIN_X = 8 * mm
    MARGIN_Y = 8 * mm
    SIZE = 10.0
    LABEL = 11.0
    NAME = 24.0
    QR = 22 * mm

    @property
    def page_height(self) -> float:
        height = self.PAGE[1]
        assert height is not None
        return height

    @property
    def top(self) -> float:
        """The top of the content, under the margin."""
        return self.page_height - self.MARGIN_Y


def render_card_pages(
    title: str,
    language: str,
    layout: CardLayout,
    cards: Sequence[Card],
    *,
    heading: Callable[[Card], str],
    url: Callable[[Card], str],
    draw: Callable[[Pen, Card], None],
    qr_withheld: str,
    empty: str,
) -> bytes:
    """The PDF (``title``, in ``language``) of a page per card in ``cards``: its frame
    (``heading``, the QR code of ``url`` or the withheld note), and ``draw`` for the rest; one
    page reading ``empty`` when there are none. Called with ``language`` active."""
    page = (layout.PAGE[0], layout.page_height)

    def pages(canvas: Canvas) -> None:
        for card in cards:
            canvas.setPageSize(page)
            pen = Pen(canvas, layout.MARGIN_X, layout.content_width)
            pen.line(
                layout.top - layout.SIZE, [Cell(0, (layout.fitted(heading(card), size=layout.SIZE, colour=GREY),))]
            )
            pen.rule(layout.top - layout.SIZE * 1.6)
            draw(pen, card)
            address = url(card)
            if address:
                draw_qr(canvas, address, page[0] - layout.MARGIN_X - layout.QR, layout.MARGIN_Y, layout.QR)
                caption = layout.run(_("My page"), size=layout.SIZE * 0.8, colour=GREY)
                pen.line(layout.MARGIN_Y - layout.SIZE, [Cell(layout.content_width, (caption,), "right")])
            if qr_withheld:
                _withheld_note(pen, layout, qr_withheld)
            canvas.showPage()
        if not cards:
            canvas.setPageSize(page)
            Pen(canvas, layout.MARGIN_X, layout.content_width).line(page[1] / 2, [Cell(0, (layout.run(empty),))])
            canvas.showPage()

    return pdf_bytes(title, language, pages)


def _withheld_note(pen: Pen, layout: CardLayout, address: str) -> None:
    """The foot of a card without its QR code: why (a loopback address), and what to do."""
    size = layout.SIZE * 0.6
    baseline = layout.MARGIN_Y + 1 * mm
    for line in wrap(qr_withheld_note(address), size, layout.content_width)[:3]:
        pen.line(baseline, [Cell(0, ((line, REGULAR, size, RED),))])
        baseline -= size * 1.25
