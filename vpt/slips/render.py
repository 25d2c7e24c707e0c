"""PDF renderers: data values in (``data.py``), PDF bytes out. No queries, no models.

Each printable is a *flow* of blocks (a line of text, a player's board, an exchange with its
note, a QR code) laid out top to bottom. A page of fixed size (A6, A4) starts a new page when
the next block does not fit; the 80 mm thermal roll has no fixed height, so its one page is as
tall as its blocks. Labels are translated into the language of the data
(``translation.override``); the font is the DejaVu Sans shipped in ``static/fonts`` so the
suit symbols and accented letters print the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any

import qrcode
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab import rl_config
from reportlab.lib.colors import Color, black
from reportlab.lib.pagesizes import A4, A6, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from .data import (
    HandHistoryData,
    ResultsData,
    SeatCardData,
    SlipData,
    SlipExchange,
    SlipPlayer,
    TableListData,
    slip_data_from_json,
)

__all__ = [
    "FONT_DIR", "render_hand_history", "render_json_slip", "render_results", "render_seat_cards",
    "render_slip", "render_slips", "render_table_list",
]

FONT_DIR = Path(__file__).resolve().parent.parent.parent / "static" / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
RED = Color(0.78, 0.0, 0.0)
GREY = Color(0.35, 0.35, 0.35)
RULE_GREY = Color(0.6, 0.6, 0.6)
_SUITS = {"s": ("♠", black), "h": ("♥", RED), "d": ("♦", RED), "c": ("♣", black),
          "♠": ("♠", black), "♥": ("♥", RED), "♦": ("♦", RED), "♣": ("♣", black)}


@cache
def register_fonts() -> None:
    """Register the shipped TrueType fonts with reportlab (once per process)."""
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    # Plain Flate streams: ASCII85 on top makes every PDF a quarter bigger and slower to write,
    # for 7-bit-clean output no printer needs. reportlab only reads this flag (process-wide).
    rl_config.useA85 = 0


# --- text helpers -------------------------------------------------------------------------

Run = tuple[str, str, float, Color]  # text, font, size, colour


@lru_cache(maxsize=8192)
def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit(text: str, font: str, size: float, room: float, smallest: float) -> tuple[str, float]:
    """Shrink ``text`` down to ``smallest`` points to fit ``room``; cut it with an ellipsis past that."""
    while size > smallest and width(text, font, size) > room:
        size = max(smallest, size - 0.5)
    if width(text, font, size) <= room:
        return text, size
    while text and width(text + "…", font, size) > room:
        text = text[:-1]
    return text + "…", size


def chips(amount: int | None, language: str) -> str:
    """Chips with the language's thousands separator: ``10,900`` / ``10.900``; a dash for none."""
    if amount is None:
        return "—"
    text = f"{amount:,}"
    return text.replace(",", ".") if language == "es" else text


def signed(amount: int | None, language: str) -> str:
    if amount is None:
        return "—"
    return ("+" if amount > 0 else "") + chips(amount, language)


def money(amount: Decimal | None, language: str) -> str:
    """Real money, two decimals: ``1,234.50`` / ``1.234,50``."""
    if amount is None:
        return ""
    text = f"{amount.quantize(Decimal('0.01'), rounding=ROUND_HALF_UP):,.2f}"
    if language == "es":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def when(moment: datetime | None) -> str:
    """A date and time in the event's time zone, the same in every language: ``2026-11-29 18:42``."""
    if moment is None:
        return ""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.strftime("%Y-%m-%d %H:%M")


def card_runs(cards: str, font: str, size: float) -> list[Run]:
    """A row's cards as text runs: ranks in black, ♠♣ black, ♥♦ red; ``T`` printed as ``10``."""
    runs: list[Run] = []
    for index, token in enumerate(cards.split()):
        if index:
            runs.append((" ", font, size, black))
        suit = _SUITS.get(token[-1:].lower()) or _SUITS.get(token[-1:])
        if token.upper() == "JK" or suit is None:
            runs.append((token.upper(), font, size, black))
            continue
        symbol, colour = suit
        rank = token[:-1].upper()
        rank = "10" if rank in {"T", "10"} else rank
        runs.append((rank, font, size, colour))
        runs.append((symbol, font, size, colour))
    return runs


def fit_cards(cards: str, size: float, room: float, smallest: float) -> list[Run]:
    """A row's card runs at the largest size (down to ``smallest``) that fits ``room``."""
    runs = card_runs(cards, REGULAR, size)
    while size > smallest and runs_width(runs) > room:
        size = max(smallest, size - 0.25)
        runs = card_runs(cards, REGULAR, size)
    return runs


def runs_width(runs: Sequence[Run]) -> float:
    return sum(width(text, font, size) for text, font, size, _colour in runs)


# --- the flow -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Cell:
    """Runs placed on a line: ``x`` from the left margin, aligned ``left``, ``right`` or ``center``."""

    x: float
    runs: tuple[Run, ...]
    align: str = "left"


class Pen:
    """Draws on one page: ``top`` is where the next block starts, ``left``/``width`` the column."""

    def __init__(self, canvas: Canvas, left: float, width: float) -> None:
        self.canvas = canvas
        self.left = left
        self.width = width

    def line(self, baseline: float, cells: Iterable[Cell]) -> None:
        """One line as one text object, so extracted text reads left to right."""
        text = self.canvas.beginText()
        for cell in cells:
            start = self.left + cell.x
            if cell.align == "right":
                start -= runs_width(cell.runs)
            elif cell.align == "center":
                start -= runs_width(cell.runs) / 2
            text.setTextOrigin(start, baseline)
            for content, font, size, colour in cell.runs:
                text.setFont(font, size)
                text.setFillColor(colour)
                text.textOut(content)
        self.canvas.drawText(text)

    def rule(self, y: float, *, colour: Color = RULE_GREY, thickness: float = 0.4) -> None:
        self.canvas.setStrokeColor(colour)
        self.canvas.setLineWidth(thickness)
        self.canvas.line(self.left, y, self.left + self.width, y)


Draw = Callable[[Pen, float], None]  # pen, top of the block


@dataclass(frozen=True, slots=True)
class Block:
    height: float
    draw: Draw


class Layout:
    """Page geometry and type sizes; the subclasses set the page and the printable."""

    PAGE: tuple[float, float | None] = A4  # height None: grows with the content
    MARGIN_X = 15 * mm
    MARGIN_Y = 15 * mm
    SIZE = 9.0
    SMALL = 7.5
    SMALLEST = 5.5
    TITLE = 14.0
    LEADING = 1.25  # line height / type size

    @property
    def content_width(self) -> float:
        return self.PAGE[0] - 2 * self.MARGIN_X

    def run(self, text: str, *, bold: bool = False, size: float | None = None, colour: Color = black) -> Run:
        return (text, BOLD if bold else REGULAR, size or self.SIZE, colour)

    def text_block(self, cells: Sequence[Cell], size: float | None = None, *, space_before: float = 0.0) -> Block:
        size = size or self.SIZE
        height = size * self.LEADING + space_before

        def draw(pen: Pen, top: float) -> None:
            pen.line(top - space_before - size, cells)

        return Block(height, draw)

    def fitted(self, text: str, *, bold: bool = False, size: float | None = None, room: float | None = None,
               colour: Color = black) -> Run:
        size = size or self.SIZE
        font = BOLD if bold else REGULAR
        content, fitted_size = fit(text, font, size, room if room is not None else self.content_width, self.SMALLEST)
        return (content, font, fitted_size, colour)

    def paragraph(self, text: str, *, size: float | None = None, colour: Color = black,
                  space_before: float = 0.0) -> list[Block]:
        from reportlab.lib.utils import simpleSplit

        size = size or self.SIZE
        lines = simpleSplit(text, REGULAR, size, self.content_width) or [""]
        return [self.text_block([Cell(0, ((line, REGULAR, size, colour),))], size,
                                space_before=space_before if index == 0 else 0.0)
                for index, line in enumerate(lines)]

    def rule_block(self, space: float = 3.0, *, thickness: float = 0.4) -> Block:
        def draw(pen: Pen, top: float) -> None:
            pen.rule(top - space / 2, thickness=thickness)

        return Block(space, draw)

    def space(self, height: float) -> Block:
        return Block(height, lambda pen, top: None)

    def continued(self, page: int) -> list[Block]:
        """What a page after the first starts with."""
        return []

    def finish_page(self, pen: Pen, page: int) -> None:
        """Called on every page before it is closed (page numbers, cut marks)."""

    def render_into(self, canvas: Canvas, blocks: Sequence[Block]) -> int:
        """Lay ``blocks`` out on new pages of ``canvas``; returns the number of pages."""
        page_width, page_height = self.PAGE
        if page_height is None:
            page_height = sum(block.height for block in blocks) + 2 * self.MARGIN_Y
        canvas.setPageSize((page_width, page_height))
        pen = Pen(canvas, self.MARGIN_X, self.content_width)
        top = page_height - self.MARGIN_Y
        bottom = self.MARGIN_Y
        page = 1
        pending = list(blocks)
        index = 0
        while index < len(pending):
            block = pending[index]
            if top - block.height < bottom - 0.01 and top < page_height - self.MARGIN_Y - 0.01:
                self.finish_page(pen, page)
                canvas.showPage()
                canvas.setPageSize((page_width, page_height))
                page += 1
                top = page_height - self.MARGIN_Y
                pending[index:index] = self.continued(page)
                block = pending[index]
            block.draw(pen, top)
            top -= block.height
            index += 1
        self.finish_page(pen, page)
        canvas.showPage()
        return page


def new_canvas(buffer: BytesIO, title: str, language: str = "en") -> Canvas:
    register_fonts()
    canvas = Canvas(buffer, pageCompression=1, initialFontName=REGULAR, initialFontSize=8, lang=language)
    canvas.setTitle(title)
    canvas.setAuthor("VPT Director")
    canvas.setCreator("VPT Director")
    return canvas


# --- QR codes -----------------------------------------------------------------------------

@lru_cache(maxsize=256)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def draw_qr(canvas: Canvas, url: str, x: float, y: float, size: float) -> None:
    """A QR code for ``url`` with its lower-left corner at (x, y): one rectangle per dark run."""
    matrix = qr_matrix(url)
    module = size / len(matrix)
    canvas.setFillColor(black)
    path = canvas.beginPath()
    for row_index, row in enumerate(matrix):
        row_y = y + size - (row_index + 1) * module
        column = 0
        while column < len(row):
            if row[column]:
                start = column
                while column < len(row) and row[column]:
                    column += 1
                path.rect(x + start * module, row_y, (column - start) * module, module)
            else:
                column += 1
    canvas.drawPath(path, stroke=0, fill=1)


# --- the chip-settlement slip -------------------------------------------------------------

def exchange_notes(data: SlipData) -> list[str]:
    """The plain note printed under each exchange ("" for none), in payment order.

    The hand is replayed from the stacks before, so a skipped exchange names who was already
    out, and a capped one says whether the winner's cap or the loser's last chips limited it.
    """
    holding = {player.name: player.stack_before for player in data.players}
    started = dict(holding)
    notes = []
    for exchange in data.exchanges:
        note = ""
        if exchange.skipped:
            out = [name for name in (exchange.payer, exchange.payee) if holding.get(name) == 0]
            if not out:
                out = [player.name for player in data.players
                       if player.name in (exchange.payer, exchange.payee) and player.eliminated]
            if len(out) == 2:
                note = _("skipped: %(first)s and %(second)s were eliminated earlier in this hand") % {
                    "first": out[0], "second": out[1]}
            elif out:
                note = _("skipped: %(name)s was eliminated earlier in this hand") % {"name": out[0]}
            else:
                note = _("skipped: a player was eliminated earlier in this hand")
        elif exchange.capped:
            cap = started.get(exchange.payee)
            if cap is not None and exchange.chips_paid == cap:
                note = _("capped: %(name)s could win at most %(chips)s") % {
                    "name": exchange.payee, "chips": chips(cap, data.language)}
            else:
                note = _("capped: %(name)s had only %(chips)s left") % {
                    "name": exchange.payer, "chips": chips(exchange.chips_paid, data.language)}
        elif exchange.even:
            note = _("even: no chips move")
        notes.append(note)
        if not exchange.skipped and exchange.chips_paid is not None:
            if holding.get(exchange.payer) is not None:
                holding[exchange.payer] = holding[exchange.payer] - exchange.chips_paid  # type: ignore[operator]
            if holding.get(exchange.payee) is not None:
                holding[exchange.payee] = holding[exchange.payee] + exchange.chips_paid  # type: ignore[operator]
    return notes


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
        blocks.extend(self.footer())
        return blocks

    # header
    def header(self) -> list[Block]:
        data = self.data
        blocks = [self.text_block([Cell(0, (self.fitted(data.event or _("Chip settlement"), bold=True,
                                                          size=self.TITLE),))], self.TITLE)]
        parts = []
        if data.table:  # a number ("3") or a name ("Final table")
            parts.append(_("Table %(number)s") % {"number": data.table} if data.table.isdigit() else data.table)
        if data.hand_number is not None:
            parts.append(_("Hand %(number)s") % {"number": data.hand_number})
        flags = []
        if data.void:
            flags.append(pgettext("printed", "VOID"))
        if data.version > 1:
            flags.append(_("correction %(version)s") % {"version": data.version - 1})
        title_runs = [self.fitted(" · ".join(parts), bold=True, size=self.SUBTITLE)] if parts else []
        if flags:
            title_runs.append(self.run("  " + " · ".join(flags), bold=True, size=self.SUBTITLE, colour=RED))
        if title_runs:
            blocks.append(self.text_block([Cell(0, tuple(title_runs))], self.SUBTITLE))
        if data.level is not None:
            level = _("Level %(level)s · %(chips)s chips per point") % {
                "level": data.level, "chips": chips(data.chips_per_point, self.language)}
        else:
            level = _("%(chips)s chips per point") % {"chips": chips(data.chips_per_point, self.language)}
        blocks.append(self.text_block([Cell(0, (self.fitted(level),))]))
        details = [part for part in (when(data.recorded_at),
                                     _("Dealer: %(name)s") % {"name": data.dealer} if data.dealer else "") if part]
        if details:
            blocks.append(self.text_block([Cell(0, (self.fitted(" · ".join(details)),))]))
        blocks.append(self.rule_block(4.0, thickness=0.8))
        return blocks

    # players
    def player_blocks(self, player: SlipPlayer) -> list[Block]:
        size = self.SIZE
        name = f"{player.position}  {player.name}"
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
        first = [Cell(0, (name_run, self.run(extra_text, size=self.SMALL, colour=GREY))),
                 Cell(self.content_width, (points_run,), "right")]
        blocks = [self.text_block(first, size, space_before=1.5)]
        labels = (pgettext("printed", "Top"), pgettext("printed", "Middle"), pgettext("printed", "Bottom"))
        for label, cards, hand, royalty in zip(labels, player.cards, player.hands, player.royalties):
            card_cell = fit_cards(cards, size, self.x(self.ROW_HAND) - self.x(self.ROW_CARDS) - 3, self.SMALLEST) \
                if cards.strip() else [self.run("—", colour=GREY)]
            hand_room = self.content_width - self.x(self.ROW_HAND) - width("+00", REGULAR, size) - 4
            cells = [Cell(self.x(self.ROW_LABEL), (self.fitted(label, size=self.SMALL,
                                                                room=self.x(self.ROW_CARDS) - 2, colour=GREY),)),
                     Cell(self.x(self.ROW_CARDS), tuple(card_cell)),
                     Cell(self.x(self.ROW_HAND), (self.fitted(hand, size=self.SMALL, room=hand_room),))]
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
            status.append(_("Fantasyland next hand: %(cards)s cards") % {"cards": player.fantasyland_next_cards})
        colour = RED if player.fouled else black
        status_text = " · ".join(status)
        blocks.extend(self.paragraph(status_text, size=self.SMALL, colour=colour))
        blocks.append(self.rule_block(3.0))
        return blocks

    # exchanges
    def exchange_blocks(self) -> list[Block]:
        data = self.data
        small = self.SMALL
        blocks = [self.text_block([Cell(0, (self.run(_("Exchanges in payment order"), bold=True,
                                                      size=self.SUBTITLE),))], self.SUBTITLE, space_before=1.0)]
        header = [
            Cell(self.x(self.EX_ORDER), (self.run("#", size=small, colour=GREY),)),
            Cell(self.x(self.EX_PAYER), (self.run(pgettext("printed", "Pays"), size=small, colour=GREY),)),
            Cell(self.x(self.EX_PAYEE), (self.run(pgettext("printed", "To"), size=small, colour=GREY),)),
            Cell(self.x(self.EX_POINTS), (self.run(pgettext("printed", "Points"), size=small, colour=GREY),), "right"),
            Cell(self.x(self.EX_DUE), (self.run(pgettext("printed", "Due"), size=small, colour=GREY),), "right"),
            Cell(self.content_width, (self.run(pgettext("printed", "Paid"), size=small, colour=GREY),), "right"),
        ]
        blocks.append(self.text_block(header, small))
        notes = exchange_notes(data)
        for exchange, note in zip(data.exchanges, notes):
            blocks.append(self.exchange_block(exchange, note))
        if not data.exchanges:
            blocks.append(self.text_block([Cell(0, (self.run("—"),))]))
        blocks.append(self.rule_block(3.0))
        return blocks

    def exchange_block(self, exchange: SlipExchange, note: str) -> Block:
        size, small = self.SIZE, self.SMALL
        name_room = self.x(self.EX_PAYEE) - self.x(self.EX_PAYER) - 3
        payee_room = self.x(self.EX_POINTS) - self.x(self.EX_PAYEE) - width("000", REGULAR, size)
        muted = GREY if exchange.skipped or exchange.even else black
        paid = "0" if exchange.skipped else chips(exchange.chips_paid, self.language)
        cells = [
            Cell(self.x(self.EX_ORDER), (self.run(f"{exchange.order}", colour=muted),)),
            Cell(self.x(self.EX_PAYER), (self.fitted(exchange.payer, room=name_room, colour=muted),)),
            Cell(self.x(self.EX_PAYEE), (self.fitted(exchange.payee, room=payee_room, colour=muted),)),
            Cell(self.x(self.EX_POINTS), (self.run(f"{exchange.points}", colour=muted),), "right"),
            Cell(self.x(self.EX_DUE), (self.run(chips(exchange.chips_due, self.language), colour=muted),), "right"),
            Cell(self.content_width, (self.run(paid, bold=not exchange.skipped, colour=muted),), "right"),
        ]
        line_height = size * self.LEADING
        note_lines: list[str] = []
        if note:
            from reportlab.lib.utils import simpleSplit

            note_lines = simpleSplit(note, REGULAR, small, self.content_width - self.x(self.EX_PAYER))
        height = line_height + len(note_lines) * small * self.LEADING
        note_colour = RED if exchange.capped and not exchange.skipped else GREY

        def draw(pen: Pen, top: float) -> None:
            pen.line(top - size, cells)
            baseline = top - line_height - small
            for line in note_lines:
                pen.line(baseline, [Cell(self.x(self.EX_PAYER), ((line, REGULAR, small, note_colour),))])
                baseline -= small * self.LEADING

        return Block(height, draw)

    # stacks, eliminations, next button
    def stack_blocks(self) -> list[Block]:
        data = self.data
        small = self.SMALL
        blocks: list[Block] = []
        if data.settled:
            blocks.append(self.text_block([
                Cell(0, (self.run(pgettext("printed", "Stacks"), bold=True, size=self.SUBTITLE),)),
                Cell(self.x(self.ST_BEFORE), (self.run(pgettext("printed", "Before"), size=small, colour=GREY),), "right"),
                Cell(self.x(self.ST_AFTER), (self.run(pgettext("printed", "After"), size=small, colour=GREY),), "right"),
                Cell(self.content_width, (self.run(pgettext("printed", "Change"), size=small, colour=GREY),), "right"),
            ], self.SUBTITLE, space_before=1.0))
            before_room = self.x(self.ST_BEFORE) - width("000,000", REGULAR, self.SIZE) - 4
            for player in data.players:
                cells = [
                    Cell(0, (self.fitted(f"{player.position}  {player.name}", room=before_room),)),
                    Cell(self.x(self.ST_BEFORE), (self.run(chips(player.stack_before, self.language)),), "right"),
                    Cell(self.x(self.ST_AFTER), (self.run(chips(player.stack_after, self.language), bold=True),),
                         "right"),
                    Cell(self.content_width, (self.run(signed(player.chips_won, self.language)),), "right"),
                ]
                blocks.append(self.text_block(cells))
        for player in data.players:
            if player.eliminated:
                if player.place is not None:
                    text = _("Eliminated: %(name)s, finishing place %(place)s") % {
                        "name": player.name, "place": player.place}
                else:
                    text = _("Eliminated: %(name)s") % {"name": player.name}
                blocks.extend(self.paragraph(text, colour=RED, space_before=1.0))
        if data.next_button or data.next_button_seat is not None:
            seat = data.next_button_seat
            if not data.next_button:  # someone new sits there
                text = _("Next hand: the button moves to seat %(seat)s") % {"seat": seat}
            elif data.button_holds:
                text = _("Next hand: the button stays with %(name)s (Fantasyland)") % {"name": data.next_button}
            elif seat is not None:
                text = _("Next hand: the button moves to %(name)s, seat %(seat)s") % {
                    "name": data.next_button, "seat": seat}
            else:
                text = _("Next hand: the button moves to %(name)s") % {"name": data.next_button}
            blocks.extend(self.paragraph(text, space_before=1.5))
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

            return [Block(height, draw_line_only)]
        qr = self.QR
        text_x = qr + 3 * mm
        from reportlab.lib.utils import simpleSplit

        room = self.content_width - text_x
        url_lines = simpleSplit(data.public_url, REGULAR, self.SMALLEST, room) or [data.public_url]
        url_lines = [part for line in url_lines for part in _split_long(line, self.SMALLEST, room)]

        def draw(pen: Pen, top: float) -> None:
            draw_qr(pen.canvas, data.public_url, pen.left, top - qr, qr)
            baseline = top - small
            pen.line(baseline, [Cell(text_x, (self.run(_("This hand online:"), size=small, colour=GREY),))])
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
        text = _("%(event)s · hand %(hand)s (continued)") % {"event": data.event or data.table,
                                                             "hand": data.hand_number or "—"}
        return [self.text_block([Cell(0, (self.fitted(text, size=self.SMALL, colour=GREY),))], self.SMALL),
                self.rule_block(3.0)]


def _split_long(text: str, size: float, room: float) -> list[str]:
    """Break a word longer than ``room`` (a URL) into pieces that fit."""
    pieces, current = [], ""
    for char in text:
        if current and width(current + char, REGULAR, size) > room:
            pieces.append(current)
            current = ""
        current += char
    return pieces + [current] if current else pieces


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
    buffer = BytesIO()
    canvas = new_canvas(buffer, _slip_title(data), data.language)
    _slip_into(canvas, data)
    canvas.save()
    return buffer.getvalue()


def render_slips(slips: Sequence[SlipData]) -> bytes:
    """Many slips as one PDF, each starting on its own page, in the order given."""
    register_fonts()  # text is measured before the canvas exists
    buffer = BytesIO()
    canvas = new_canvas(buffer, _slip_title(slips[0]) if slips else "VPT Director",
                        slips[0].language if slips else translation.get_language() or "en")
    for data in slips:
        _slip_into(canvas, data)
    if not slips:
        notice = NoticeLayout()
        notice.render_into(canvas, [notice.text_block([Cell(0, (notice.run(_("No hands")),))])])
    canvas.save()
    return buffer.getvalue()


def render_json_slip(hand_json: Mapping[str, Any], hand_input: Mapping[str, Any] | None = None,
                     **options: Any) -> bytes:
    """The slip of a hand scored by ``score_hand`` (its JSON output, and its input for the cards).

    ``options`` go to :func:`vpt.slips.data.slip_data_from_json` (event, table, language...).
    """
    return render_slip(slip_data_from_json(hand_json, hand_input=hand_input, **options))


# --- A4 documents -------------------------------------------------------------------------

class DocumentLayout(Layout):
    """A titled A4 document with a page number on each page."""

    PAGE: tuple[float, float | None] = A4
    MARGIN_X = 15 * mm
    MARGIN_Y = 14 * mm
    SIZE = 9.5
    SMALL = 7.5
    TITLE = 15.0
    HEADING = 11.0

    def __init__(self, title: str, subtitle: str, language: str) -> None:
        self.title = title
        self.subtitle = subtitle
        self.language = language

    def heading(self) -> list[Block]:
        blocks = [self.text_block([Cell(0, (self.fitted(self.title, bold=True, size=self.TITLE),))], self.TITLE)]
        if self.subtitle:
            blocks.append(self.text_block([Cell(0, (self.fitted(self.subtitle, colour=GREY),))]))
        blocks.append(self.rule_block(6.0, thickness=0.8))
        return blocks

    def continued(self, page: int) -> list[Block]:
        return [self.text_block([Cell(0, (self.fitted(self.title, bold=True, size=self.SMALL, colour=GREY),))],
                                self.SMALL), self.rule_block(4.0)]

    def finish_page(self, pen: Pen, page: int) -> None:
        label = _("Page %(page)s") % {"page": page}
        pen.line(self.MARGIN_Y / 2, [Cell(self.content_width, (self.run(label, size=self.SMALL, colour=GREY),),
                                          "right")])

    def columns(self, values: Sequence[tuple[float, str, str]], *, bold: bool = False, size: float | None = None,
                colour: Color = black, space_before: float = 0.0) -> Block:
        """A table row: (x fraction, text, align); each text shrinks to fit before the next column."""
        size = size or self.SIZE
        cells = []
        for index, (fraction, text, align) in enumerate(values):
            x = fraction * self.content_width
            if align == "right":
                room = x - (values[index - 1][0] * self.content_width if index else 0) - 4
            else:
                next_x = values[index + 1][0] * self.content_width if index + 1 < len(values) else self.content_width
                if index + 1 < len(values) and values[index + 1][2] == "right":
                    next_x -= width("0000000", REGULAR, size)
                room = next_x - x - 4
            cells.append(Cell(x, (self.fitted(text, bold=bold, size=size, room=max(room, 10), colour=colour),), align))
        return self.text_block(cells, size, space_before=space_before)


def _document(layout: DocumentLayout, blocks: Sequence[Block], title: str) -> bytes:
    buffer = BytesIO()
    canvas = new_canvas(buffer, title, layout.language)
    layout.render_into(canvas, blocks)
    canvas.save()
    return buffer.getvalue()


class SeatCardLayout(Layout):
    """One seat card per page: A6 landscape, to stand on the table."""

    PAGE = landscape(A6)
    MARGIN_X = 8 * mm
    MARGIN_Y = 8 * mm
    SIZE = 10.0
    LABEL = 11.0
    NUMBER = 54.0
    NAME = 24.0


def render_seat_cards(data: SeatCardData) -> bytes:
    """One page per seat card: event, table and seat in large type, the player's name."""
    register_fonts()  # text is measured before the canvas exists
    layout = SeatCardLayout()
    buffer = BytesIO()
    canvas = new_canvas(buffer, data.event, data.language)
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
            pen.line(label_y, [Cell(half / 2, (layout.run(pgettext("printed", "Table"), size=layout.LABEL, colour=GREY),), "center"),
                               Cell(half * 1.5, (layout.run(pgettext("printed", "Seat"), size=layout.LABEL, colour=GREY),), "center")])
            number_y = label_y - layout.NUMBER * 0.95
            pen.line(number_y, [Cell(half / 2, (layout.run(str(card.table), bold=True, size=layout.NUMBER),), "center"),
                                Cell(half * 1.5, (layout.run(str(card.seat), bold=True, size=layout.NUMBER),),
                                     "center")])
            name = layout.fitted(card.player, bold=True, size=layout.NAME)
            name_y = layout.MARGIN_Y + 10 * mm
            pen.line(name_y, [Cell(layout.content_width / 2, (name,), "center")])
            if card.entry > 1:
                pen.line(name_y - layout.SIZE * 1.5, [Cell(layout.content_width / 2, (
                    layout.run(_("entry %(number)s") % {"number": card.entry}, size=layout.SIZE, colour=GREY),),
                    "center")])
            canvas.showPage()
        if not data.cards:
            canvas.setPageSize((page_width, page_height))
            Pen(canvas, layout.MARGIN_X, layout.content_width).line(
                page_height / 2, [Cell(0, (layout.run(_("No seats drawn")),))])
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_table_list(data: TableListData) -> bytes:
    """Every table with dealer, button and seats, then the players A to Z with table and seat."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        subtitle = " · ".join(part for part in (data.event, when(data.printed_at)) if part)
        layout = DocumentLayout(_("Table list"), subtitle, data.language)
        blocks = layout.heading()
        index: list[tuple[str, int, int]] = []
        for table in data.tables:
            details = [_("Table %(number)s") % {"number": table.number}]
            if table.dealer:
                details.append(_("Dealer: %(name)s") % {"name": table.dealer})
            if table.button_seat is not None:
                details.append(_("button: seat %(seat)s") % {"seat": table.button_seat})
            group = [layout.text_block([Cell(0, (layout.fitted(" · ".join(details), bold=True,
                                                                size=layout.HEADING),))],
                                       layout.HEADING, space_before=4.0)]
            for seat in table.seats:
                flags = _("Fantasyland next hand: %(cards)s cards") % {"cards": seat.fantasyland_cards} \
                    if seat.fantasyland_cards else ""
                group.append(layout.columns([
                    (0.02, _("Seat %(number)s") % {"number": seat.seat}, "left"),
                    (0.16, seat.player or _("(empty)"), "left"),
                    (0.66, chips(seat.stack, data.language) if seat.player else "", "right"),
                    (0.70, flags, "left"),
                ], colour=black if seat.player else GREY))
                if seat.player:
                    index.append((seat.player, table.number, seat.seat))
            blocks.append(_keep_together(group))
        if not data.tables:
            blocks.append(layout.text_block([Cell(0, (layout.run(_("No tables")),))]))
        if index:
            blocks.append(layout.text_block([Cell(0, (layout.run(_("Players A to Z"), bold=True,
                                                                  size=layout.HEADING),))],
                                            layout.HEADING, space_before=10.0))
            blocks.append(layout.columns([(0.02, pgettext("printed", "Player"), "left"), (0.55, pgettext("printed", "Table"), "right"),
                                          (0.70, pgettext("printed", "Seat"), "right")], size=layout.SMALL, colour=GREY))
            for name, table_number, seat_number in sorted(index, key=lambda item: (item[0].casefold(), item[1:])):
                blocks.append(layout.columns([(0.02, name, "left"), (0.55, str(table_number), "right"),
                                              (0.70, str(seat_number), "right")]))
        return _document(layout, blocks, f"{data.event} · {layout.title}")


def _keep_together(blocks: Sequence[Block]) -> Block:
    """Several blocks moved to the next page as one."""
    height = sum(block.height for block in blocks)

    def draw(pen: Pen, top: float) -> None:
        for block in blocks:
            block.draw(pen, top)
            top -= block.height

    return Block(height, draw)


def render_results(data: ResultsData) -> bytes:
    """Places, names, entries and payouts (players still in show their stack instead of a place)."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        subtitle = " · ".join(part for part in (data.event, when(data.printed_at)) if part)
        layout = DocumentLayout(pgettext("printed", "Results"), subtitle, data.language)
        blocks = layout.heading()
        currency = f" {data.currency}" if data.currency else ""
        if data.prize_pool is not None:
            blocks.append(layout.text_block([Cell(0, (layout.run(
                _("Prize pool: %(amount)s") % {"amount": money(data.prize_pool, data.language) + currency}),))]))
            blocks.append(layout.space(4.0))
        blocks.append(layout.columns([
            (0.08, pgettext("printed", "Place"), "right"), (0.12, pgettext("printed", "Player"), "left"), (0.62, pgettext("printed", "Entries"), "right"),
            (0.80, pgettext("printed", "Stack"), "right"), (1.0, pgettext("printed", "Payout"), "right")], bold=True, size=layout.SMALL))
        blocks.append(layout.rule_block(3.0))
        for row in data.rows:
            blocks.append(layout.columns([
                (0.08, str(row.place) if row.place is not None else "—", "right"),
                (0.12, row.name, "left"),
                (0.62, str(row.entries), "right"),
                (0.80, chips(row.stack, data.language) if row.stack is not None else "", "right"),
                (1.0, money(row.payout, data.language) + (currency if row.payout is not None else ""), "right"),
            ]))
        if not data.rows:
            blocks.append(layout.text_block([Cell(0, (layout.run(_("No entries")),))]))
        return _document(layout, blocks, f"{data.event} · {layout.title}")


class HistoryLayout(DocumentLayout):
    PAGE = landscape(A4)
    SIZE = 8.5
    SMALL = 7.0
    # Columns (fractions of the width): position, name, top, middle, bottom cards, where the cards
    # end; then the right edges of royalties, points, stack before, after, change; notes follow.
    COLUMNS = (0.0, 0.03, 0.15, 0.22, 0.345, 0.47, 0.535, 0.585, 0.655, 0.725, 0.785)


def render_hand_history(data: HandHistoryData) -> bytes:
    """Every hand of one table: boards, points, stacks, exchanges; A4 landscape."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        subtitle = " · ".join(part for part in (data.event, when(data.printed_at)) if part)
        layout = HistoryLayout(_("Hand history · %(table)s") % {"table": data.table}, subtitle, data.language)
        blocks = layout.heading()
        c = [fraction * layout.content_width for fraction in layout.COLUMNS]
        small = layout.SMALL
        header = [Cell(c[1], (layout.run(pgettext("printed", "Player"), size=small, colour=GREY),)),
                  Cell(c[2], (layout.run(pgettext("printed", "Top"), size=small, colour=GREY),)),
                  Cell(c[3], (layout.run(pgettext("printed", "Middle"), size=small, colour=GREY),)),
                  Cell(c[4], (layout.run(pgettext("printed", "Bottom"), size=small, colour=GREY),)),
                  Cell(c[6], (layout.run(pgettext("printed", "Royalties"), size=small, colour=GREY),), "right"),
                  Cell(c[7], (layout.run(pgettext("printed", "Points"), size=small, colour=GREY),), "right"),
                  Cell(c[8], (layout.run(pgettext("printed", "Before"), size=small, colour=GREY),), "right"),
                  Cell(c[9], (layout.run(pgettext("printed", "After"), size=small, colour=GREY),), "right"),
                  Cell(c[10], (layout.run(pgettext("printed", "Change"), size=small, colour=GREY),), "right")]
        for hand in data.hands:
            group = [_history_hand_title(layout, hand), layout.text_block(header, small)]
            for player in hand.players:
                group.append(_history_player_row(layout, c, hand, player))
            notes = exchange_notes(hand)
            parts = []
            for exchange, note in zip(hand.exchanges, notes):
                paid = "0" if exchange.skipped else chips(exchange.chips_paid, data.language)
                part = _("%(order)s. %(payer)s pays %(payee)s %(paid)s") % {
                    "order": exchange.order, "payer": exchange.payer, "payee": exchange.payee, "paid": paid}
                if note:
                    part += f" ({note})"
                parts.append(part)
            if parts:
                group.extend(layout.paragraph(_("Exchanges: %(list)s") % {"list": "; ".join(parts)},
                                              size=small, colour=GREY))
            group.append(layout.rule_block(5.0))
            blocks.append(_keep_together(group))
        if not data.hands:
            blocks.append(layout.text_block([Cell(0, (layout.run(_("No hands")),))]))
        return _document(layout, blocks, f"{data.event} · {layout.title}")


def _history_hand_title(layout: HistoryLayout, hand: SlipData) -> Block:
    parts = [_("Hand %(number)s") % {"number": hand.hand_number}]
    if hand.level is not None:
        parts.append(_("Level %(level)s") % {"level": hand.level})
    parts.append(_("%(chips)s chips per point") % {"chips": chips(hand.chips_per_point, layout.language)})
    if hand.recorded_at:
        parts.append(when(hand.recorded_at))
    parts.append(_("button: %(name)s") % {"name": hand.button.name})
    runs = [layout.run(" · ".join(parts), bold=True)]
    flags = []
    if hand.void:
        flags.append(pgettext("printed", "VOID"))
    if hand.version > 1:
        flags.append(_("correction %(version)s") % {"version": hand.version - 1})
    if flags:
        runs.append(layout.run("  " + " · ".join(flags), bold=True, colour=RED))
    return layout.text_block([Cell(0, tuple(runs))], layout.SIZE, space_before=3.0)


def _history_player_row(layout: HistoryLayout, c: Sequence[float], hand: SlipData, player: SlipPlayer) -> Block:
    size = layout.SIZE
    language = layout.language
    notes = []
    if player.fouled:
        notes.append(pgettext("printed", "FOULED"))
    if player.fantasyland_next_cards:
        notes.append(_("Fantasyland next hand: %(cards)s cards") % {"cards": player.fantasyland_next_cards})
    if player.eliminated:
        notes.append(_("eliminated, place %(place)s") % {"place": player.place} if player.place is not None
                     else pgettext("printed", "eliminated"))
    cells = [Cell(c[0], (layout.run(player.position, size=layout.SMALL, colour=GREY),)),
             Cell(c[1], (layout.fitted(player.name, room=c[2] - c[1] - 4),))]
    for column, next_column, cards in zip((c[2], c[3], c[4]), (c[3], c[4], c[5]), player.cards):
        cells.append(Cell(column, tuple(fit_cards(cards, size, next_column - column - 4, layout.SMALLEST))
                          if cards.strip() else (layout.run("—", colour=GREY),)))
    cells += [Cell(c[6], (layout.run(str(player.royalty_total)),), "right"),
              Cell(c[7], (layout.run(signed(player.points, language)),), "right"),
              Cell(c[8], (layout.run(chips(player.stack_before, language)),), "right"),
              Cell(c[9], (layout.run(chips(player.stack_after, language), bold=True),), "right"),
              Cell(c[10], (layout.run(signed(player.chips_won, language)),), "right")]
    if notes:
        cells.append(Cell(c[10] + 6, (layout.fitted(" · ".join(notes), size=layout.SMALL,
                                                    room=layout.content_width - c[10] - 6,
                                                    colour=RED if player.fouled or player.eliminated else black),)))
    return layout.text_block(cells, size)
