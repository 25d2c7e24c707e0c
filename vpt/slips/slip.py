"""The chip-settlement slip: one hand's boards, exchanges and stacks, printed at the table.

Terms:

slip
    The PDF a dealer prints after a hand (``render_slip``; a batch of hands is ``render_slips``,
    one PDF with each slip on its own page). Drawn from ``SlipData`` only: no queries.
paper
    A6 (``A6Slip``) or the 80 mm thermal roll (``Thermal80Slip``), chosen by the data's
    ``page_format``; the roll's one page is as tall as the slip.
exchange
    One pair of players settling in payment order: who pays whom, the points, the chips due and
    the chips paid, with its note (``wording.exchange_notes``) printed under it.
stacks
    Each player's chips before and after the hand, and the change.

Sections top to bottom: header (event, table, hand, level, dealer), one block per player (rows
with cards, hand and royalty), the exchanges, the stacks with eliminations and the next button,
and a footer with the hand's QR code and a line for the dealer's initials. Labels are
translated into the data's language (``translation.override``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import black
from reportlab.lib.pagesizes import A6
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from vpt.rounds.chip_moves import moves_sentences
from vpt.rounds.hand_view import ExchangeView, SeatView

from .data import SlipData, slip_data_from_json
from .layout import (
    GREY,
    RED,
    REGULAR,
    Block,
    Cell,
    Layout,
    Pen,
    chips,
    draw_qr,
    fit_cards,
    money,
    pdf_bytes,
    register_fonts,
    runs_width,
    signed,
    split_long,
    when,
    width,
    wrap,
)
from .wording import eliminated, exchange_notes, fantasyland_next, hand_flags, next_button_note, qr_withheld_note

__all__ = ["A6Slip", "SlipLayout", "Thermal80Slip", "render_json_slip", "render_slip", "render_slips"]


class SlipLayout(Layout):
    """The chip-settlement slip; ``A6Slip`` and ``Thermal80Slip`` set the paper."""

    PAGE: tuple[float, float | None] = A6
    MARGIN_X = 5 * mm
    MARGIN_Y = 5 * mm
    SIZE = 7.5
    SMALL = 6.3
    SMALLEST = 4.8
    TITLE = 10.5
    SUBTITLE = 8.5
    LEADING = 1.22
    QR = 17 * mm
    # Board rows: label, cards, hand description, royalty (fractions of the content width).
    ROW_LABEL = 0.0
    ROW_CARDS = 0.14
    ROW_HAND = 0.48
    # Exchange columns: order, payer, payee, then right edges of points, due, paid.
    EX_ORDER = 0.0
    EX_PAYER = 0.06
    EX_PAYEE = 0.31
    EX_POINTS = 0.66
    EX_DUE = 0.83
    # Stack columns: name, then right edges of before, after, change.
    ST_BEFORE = 0.62
    ST_AFTER = 0.82

    def __init__(self, data: SlipData) -> None:
        self.data = data
        self.language = data.language

    def x(self, fraction: float) -> float:
        return fraction * self.content_width

    def blocks(self) -> list[Block]:
        blocks = self.header()
        for player in self.data.players:
            blocks.extend(self.player_blocks(player))
        blocks.extend(self.exchange_blocks())
        blocks.extend(self.stack_blocks())
        blocks.extend(self.deal_blocks())
        blocks.extend(self.footer())
        return blocks

    # header
    def header(self) -> list[Block]:
        data = self.data
        blocks = [
            self.text_block(
                [Cell(0, (self.fitted(data.event or _("Chip settlement"), bold=True, size=self.TITLE),))], self.TITLE
            )
        ]
        parts = []
        if data.table:  # a number ("3") or a name ("Final table")
            parts.append(_("Table %(number)s") % {"number": data.table} if data.table.isdigit() else data.table)
        if data.hand_number is not None:
            parts.append(_("Hand %(number)s") % {"number": data.hand_number})
        flags = hand_flags(data)
        title_runs = [self.fitted(" · ".join(parts), bold=True, size=self.SUBTITLE)] if parts else []
        if flags:
            title_runs.append(self.run("  " + " · ".join(flags), bold=True, size=self.SUBTITLE, colour=RED))
        if title_runs:
            blocks.append(self.text_block([Cell(0, tuple(title_runs))], self.SUBTITLE))
        if data.level is not None:
            level = _("Level %(level)s · %(chips)s chips per point") % {
                "level": data.level,
                "chips": chips(data.chips_per_point, self.language),
            }
        else:
            level = _("%(chips)s chips per point") % {"chips": chips(data.chips_per_point, self.language)}
        blocks.append(self.text_block([Cell(0, (self.fitted(level),))]))
        details = [
            part
            for part in (when(data.recorded_at), _("Dealer: %(name)s") % {"name": data.dealer} if data.dealer else "")
            if part
        ]
        if details:
            blocks.append(self.text_block([Cell(0, (self.fitted(" · ".join(details)),))]))
        blocks.append(self.rule_block(4.0, thickness=0.8))
        return blocks

    # players
    def player_blocks(self, player: SeatView) -> list[Block]:
        size = self.SIZE
        name = f"{player.position_label}  {player.name}"
        extras = []
        if player.seat is not None:
            extras.append(_("seat %(seat)s") % {"seat": player.seat})
        if player is self.data.button:
            extras.append(pgettext("printed", "button"))
        points = _("Points %(points)s") % {"points": signed(player.points, self.language)}
        points_run = self.run(points, bold=True)
        room = self.content_width - runs_width([points_run]) - 6
        extra_text = ("  " + " · ".join(extras)) if extras else ""
        name_run = self.fitted(name, bold=True, room=room - width(extra_text, REGULAR, self.SMALL))
        first = [
            Cell(0, (name_run, self.run(extra_text, size=self.SMALL, colour=GREY))),
            Cell(self.content_width, (points_run,), "right"),
        ]
        blocks = [self.text_block(first, size, space_before=1.5)]
        labels = (pgettext("printed", "Top"), pgettext("printed", "Middle"), pgettext("printed", "Bottom"))
        for label, cards, hand, royalty in zip(labels, player.cards, player.hands, player.royalties, strict=True):
            card_cell = (
                fit_cards(cards, size, self.x(self.ROW_HAND) - self.x(self.ROW_CARDS) - 3, self.SMALLEST)
                if cards.strip()
                else [self.run("—", colour=GREY)]
            )
            hand_room = self.content_width - self.x(self.ROW_HAND) - width("+00", REGULAR, size) - 4
            cells = [
                Cell(
                    self.x(self.ROW_LABEL),
                    (self.fitted(label, size=self.SMALL, room=self.x(self.ROW_CARDS) - 2, colour=GREY),),
                ),
                Cell(self.x(self.ROW_CARDS), tuple(card_cell)),
                Cell(self.x(self.ROW_HAND), (self.fitted(hand, size=self.SMALL, room=hand_room),)),
            ]
            if royalty:
                cells.append(Cell(self.content_width, (self.run(f"+{royalty}"),), "right"))
            blocks.append(self.text_block(cells, size))
        status = []
        if player.fouled:
            status.append(_("UNFINISHED, FOULED") if player.unfinished else pgettext("printed", "FOULED"))
        status.append(_("Royalties %(total)s") % {"total": player.royalty_total})
        if player.sat_out:
            status.append(pgettext("printed", "sat out"))
        if player.fantasyland_cards:
            status.append(_("played Fantasyland (%(cards)s cards)") % {"cards": player.fantasyland_cards})
        if player.fantasyland_next_cards:
            status.append(fantasyland_next(player.fantasyland_next_cards))
        colour = RED if player.fouled else black
        status_text = " · ".join(status)
        blocks.extend(self.paragraph(status_text, size=self.SMALL, colour=colour))
        blocks.append(self.rule_block(3.0))
        return blocks

    # exchanges
    def exchange_blocks(self) -> list[Block]:
        data = self.data
        small = self.SMALL
        blocks = [
            self.text_block(
                [Cell(0, (self.run(_("Exchanges in payment order"), bold=True, size=self.SUBTITLE),))],
                self.SUBTITLE,
                space_before=1.0,
            )
        ]
        header = [
            self.label(self.x(self.EX_ORDER), "#"),
            self.label(self.x(self.EX_PAYER), pgettext("printed", "Pays")),
            self.label(self.x(self.EX_PAYEE), pgettext("printed", "To")),
            self.label(self.x(self.EX_POINTS), pgettext("printed", "Points"), "right"),
            self.label(self.x(self.EX_DUE), pgettext("printed", "Due"), "right"),
            self.label(self.content_width, pgettext("printed", "Paid"), "right"),
        ]
        blocks.append(self.text_block(header, small))
        notes = exchange_notes(data)
        for exchange, note in zip(data.exchanges, notes, strict=True):
            blocks.append(self.exchange_block(exchange, note))
        if not data.exchanges:
            blocks.append(self.plain("—"))
        blocks.append(self.rule_block(3.0))
        return blocks

    def exchange_block(self, exchange: ExchangeView, note: str) -> Block:
        size, small = self.SIZE, self.SMALL
        name_room = self.x(self.EX_PAYEE) - self.x(self.EX_PAYER) - 3
        payee_room = self.x(self.EX_POINTS) - self.x(self.EX_PAYEE) - width("000", REGULAR, size)
        muted = GREY if exchange.skipped or exchange.even else black
        paid = "0" if exchange.skipped else chips(exchange.chips_moved, self.language)
        payer, payee = exchange.sides
        cells = [
            Cell(self.x(self.EX_ORDER), (self.run(f"{exchange.number}", colour=muted),)),
            Cell(self.x(self.EX_PAYER), (self.fitted(payer.name, room=name_room, colour=muted),)),
            Cell(self.x(self.EX_PAYEE), (self.fitted(payee.name, room=payee_room, colour=muted),)),
            Cell(self.x(self.EX_POINTS), (self.run(f"{exchange.abs_points}", colour=muted),), "right"),
            Cell(self.x(self.EX_DUE), (self.run(chips(exchange.chips_due, self.language), colour=muted),), "right"),
            Cell(self.content_width, (self.run(paid, bold=not exchange.skipped, colour=muted),), "right"),
        ]
        line_height = size * self.LEADING
        note_lines: list[str] = []
        if note:
            note_lines = wrap(note, small, self.content_width - self.x(self.EX_PAYER))
        height = line_height + len(note_lines) * small * self.LEADING
        note_colour = RED if exchange.capped and not exchange.skipped else GREY

        def draw(pen: Pen, top: float) -> None:
            pen.line(top - size, cells)
            baseline = top - line_height - small
            for line in note_lines:
                pen.line(baseline, [Cell(self.x(self.EX_PAYER), ((line, REGULAR, small, note_colour),))])
                baseline -= small * self.LEADING

        return Block(height, draw)

    # the deal made after the event's last hand
    def deal_blocks(self) -> list[Block]:
        data = self.data
        if not data.deal:
            return []
        blocks = [
            self.rule_block(4.0),
            self.text_block(
                [Cell(0, (self.fitted(_("Deal: %(kind)s") % {"kind": data.deal_kind}, bold=True),))],
                space_before=1.0,
            ),
        ]
        for place, name, amount in data.deal:
            blocks.append(
                self.text_block(
                    [
                        Cell(0, (self.run(f"{place}.", size=self.SMALL),)),
                        Cell(4 * mm, (self.fitted(name, room=self.content_width * 0.6),)),
                        Cell(self.content_width, (self.run(money(amount, self.language)),), "right"),
                    ]
                )
            )
        return blocks

    # stacks, eliminations, next button
    def stack_blocks(self) -> list[Block]:
        data = self.data
        blocks: list[Block] = []
        if data.settled:
            blocks.append(
                self.text_block(
                    [
                        Cell(0, (self.run(pgettext("printed", "Stacks"), bold=True, size=self.SUBTITLE),)),
                        self.label(self.x(self.ST_BEFORE), pgettext("printed", "Before"), "right"),
                        self.label(self.x(self.ST_AFTER), pgettext("printed", "After"), "right"),
                        self.label(self.content_width, pgettext("printed", "Change"), "right"),
                    ],
                    self.SUBTITLE,
                    space_before=1.0,
                )
            )
            before_room = self.x(self.ST_BEFORE) - width("000,000", REGULAR, self.SIZE) - 4
            for player in data.players:
                cells = [
                    Cell(0, (self.fitted(f"{player.position_label}  {player.name}", room=before_room),)),
                    Cell(self.x(self.ST_BEFORE), (self.run(chips(player.stack_before, self.language)),), "right"),
                    Cell(
                        self.x(self.ST_AFTER), (self.run(chips(player.stack_after, self.language), bold=True),), "right"
                    ),
                    Cell(self.content_width, (self.run(signed(player.chips_won, self.language)),), "right"),
                ]
                blocks.append(self.text_block(cells))
        for player in data.players:
            if player.eliminated:
                blocks.extend(self.paragraph(eliminated(player), colour=RED, space_before=1.0))
        if data.chip_moves:
            title = _("Correction %(version)s, chips to move:") % {"version": data.version - 1}
            blocks.extend(self.paragraph(title, colour=RED, space_before=1.0))
            for sentence in moves_sentences(data.chip_moves, lambda amount: chips(amount, self.language)):
                blocks.extend(self.paragraph(sentence, colour=RED))
        if data.next_button or data.next_button_seat is not None:
            blocks.extend(self.paragraph(next_button_note(data), space_before=1.5))
        blocks.append(self.rule_block(4.0, thickness=0.8))
        return blocks

    # QR code and initials
    def footer(self) -> list[Block]:
        data = self.data
        small = self.SMALL
        initials = _("Dealer's initials")
        if not data.public_url:
            height = 16.0

            def draw_line_only(pen: Pen, top: float) -> None:
                self.draw_initials(pen, 0, top - height + 2, initials)

            withheld = []
            if data.qr_withheld:
                withheld = self.paragraph(qr_withheld_note(data.qr_withheld), size=small, colour=RED)
            return [*withheld, Block(height, draw_line_only)]
        qr = self.QR
        text_x = qr + 3 * mm
        room = self.content_width - text_x
        url_lines = wrap(data.public_url, self.SMALLEST, room) or [data.public_url]
        url_lines = [part for line in url_lines for part in split_long(line, self.SMALLEST, room)]

        def draw(pen: Pen, top: float) -> None:
            draw_qr(pen.canvas, data.public_url, pen.left, top - qr, qr)
            baseline = top - small
            pen.line(baseline, [self.label(text_x, _("This hand online:"))])
            for line in url_lines[:3]:
                baseline -= self.SMALLEST * self.LEADING
                pen.line(baseline, [Cell(text_x, ((line, REGULAR, self.SMALLEST, GREY),))])
            self.draw_initials(pen, text_x, top - qr + 1, initials)

        return [Block(qr + 2, draw)]

    def draw_initials(self, pen: Pen, x: float, baseline: float, label: str) -> None:
        label_run = self.run(label + ":", size=self.SMALL)
        pen.line(baseline, [Cell(x, (label_run,))])
        start = pen.left + x + runs_width([label_run]) + 3
        pen.canvas.setStrokeColor(black)
        pen.canvas.setLineWidth(0.6)
        pen.canvas.line(start, baseline - 1, pen.left + self.content_width, baseline - 1)

    def continued(self, page: int) -> list[Block]:
        data = self.data
        text = _("%(event)s · hand %(hand)s (continued)") % {
            "event": data.event or data.table,
            "hand": data.hand_number or "—",
        }
        return [
            self.text_block([Cell(0, (self.fitted(text, size=self.SMALL, colour=GREY),))], self.SMALL),
            self.rule_block(3.0),
        ]


class A6Slip(SlipLayout):
    PAGE = A6


class Thermal80Slip(SlipLayout):
    """80 mm thermal roll: about 72 mm printable, one page as long as the slip."""

    PAGE = (80 * mm, None)
    MARGIN_X = 4 * mm
    MARGIN_Y = 4 * mm
    SIZE = 7.2
    SMALL = 6.0
    QR = 16 * mm
    ROW_CARDS = 0.15
    ROW_HAND = 0.5


class NoticeLayout(Layout):
    """A page saying there is nothing to print (an empty batch)."""

    PAGE = A6


SLIP_LAYOUTS: dict[str, type[SlipLayout]] = {"a6": A6Slip, "thermal80": Thermal80Slip}


def _slip_into(canvas: Canvas, data: SlipData) -> int:
    with translation.override(data.language):
        layout = SLIP_LAYOUTS[data.page_format](data)
        return layout.render_into(canvas, layout.blocks())


def _slip_title(data: SlipData) -> str:
    return " · ".join(str(part) for part in (data.event, data.table, data.hand_number) if part)


def render_slip(data: SlipData) -> bytes:
    """The chip-settlement slip of one hand as a PDF (A6, or 80 mm thermal width)."""
    register_fonts()  # text is measured before the canvas exists
    return pdf_bytes(_slip_title(data), data.language, lambda canvas: _slip_into(canvas, data))


def render_slips(slips: Sequence[SlipData]) -> bytes:
    """Many slips as one PDF, each starting on its own page, in the order given."""
    register_fonts()  # text is measured before the canvas exists

    def draw(canvas: Canvas) -> None:
        for data in slips:
            _slip_into(canvas, data)
        if not slips:
            notice = NoticeLayout()
            notice.render_into(canvas, [notice.plain(_("No hands"))])

    title = _slip_title(slips[0]) if slips else "VPT Director"
    return pdf_bytes(title, slips[0].language if slips else translation.get_language() or "en", draw)


def render_json_slip(
    hand_json: Mapping[str, Any], hand_input: Mapping[str, Any] | None = None, **options: Any
) -> bytes:
    """The slip of a hand scored by ``score_hand`` (its JSON output, and its input for the cards).

    ``options`` go to :func:`vpt.slips.data.slip_data_from_json` (event, table, language...).
    """
    return render_slip(slip_data_from_json(hand_json, hand_input=hand_input, **options))
