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
from reportlab.lib.units import mm

from .card_pages import CardLayout, render_card_pages
from .data import SeatCard, SeatCardData
from .layout import GREY, Cell, Pen

__all__ = ["SeatCardLayout", "render_seat_cards"]


class SeatCardLayout(CardLayout):
    """One seat card per page: A6 landscape, to stand on the table."""

    NUMBER = 54.0


def render_seat_cards(data: SeatCardData) -> bytes:
    """One page per seat card: event, table and seat in large type, the player's name."""
    layout = SeatCardLayout()
    with translation.override(data.language):
        return render_card_pages(
            data.event,
            data.language,
            layout,
            data.cards,
            heading=lambda card: data.event,
            url=lambda card: card.url,
            draw=lambda pen, card: _seat_card(pen, layout, card),
            qr_withheld=data.qr_withheld,
            empty=_("No seats drawn"),
        )


def _seat_card(pen: Pen, layout: SeatCardLayout, card: SeatCard) -> None:
    """Table and seat under their labels, the player's name and entry at the foot."""
    half = layout.content_width / 2
    label_y = layout.top - 14 * mm
    pen.line(
        label_y,
        [
            Cell(half / 2, (layout.run(pgettext("printed", "Table"), size=layout.LABEL, colour=GREY),), "center"),
            Cell(half * 1.5, (layout.run(pgettext("printed", "Seat"), size=layout.LABEL, colour=GREY),), "center"),
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
    name_y = layout.MARGIN_Y + 10 * mm
    pen.line(name_y, [Cell(layout.content_width / 2, (name,), "center")])
    if card.entry > 1:
        entry = layout.run(_("entry %(number)s") % {"number": card.entry}, size=layout.SIZE, colour=GREY)
        pen.line(name_y - layout.SIZE * 1.5, [Cell(layout.content_width / 2, (entry,), "center")])
