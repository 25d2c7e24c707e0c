"""Layout primitives the printables are drawn with: fonts, text, numbers, cards, the flow, QR codes.

Terms:

run
    A piece of text in one font, size and colour (``Run``: text, font, size, colour). A card
    row is several runs (``card_runs``): ranks and suits coloured by suit.
cell
    Runs placed on a line at ``x`` from the left margin, aligned left, right or centre.
block
    Something with a height that draws itself below a given top: a line of cells, a rule,
    space, or a group kept together (``keep_together``).
flow
    The blocks of a printable laid out top to bottom (``Layout.render_into``). A page of fixed
    size (A6, A4) starts a new page when the next block does not fit; a page with no height
    (the 80 mm thermal roll) is as tall as its blocks.
pen
    Draws on one page inside the column between the margins.
layout
    Page size, margins and type sizes as class attributes; each printable subclasses it.

Numbers print the language's way: chips with its thousands separator (``chips``), money with
two decimals (``money``), moments in the event's time zone (``when``). The font is the DejaVu
Sans shipped in ``static/fonts`` so the suit symbols and accented letters print the same
everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path

import qrcode
from django.utils import timezone, translation
from reportlab import rl_config
from reportlab.lib.colors import Color, black
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from vpt.events.money_format import format_money
from vpt.ofc import InvalidHand, card_face

FONT_DIR = Path(__file__).resolve().parent.parent.parent / "static" / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
RED = Color(0.78, 0.0, 0.0)
GREY = Color(0.35, 0.35, 0.35)
RULE_GREY = Color(0.6, 0.6, 0.6)


@cache
def register_fonts() -> None:
    """Register the shipped TrueType fonts with reportlab (once per process)."""
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    # Plain Flate streams: ASCII85 on top makes every PDF a quarter bigger and slower to write,
    # for 7-bit-clean output no printer needs. reportlab only reads this flag (process-wide).
    rl_config.useA85 = 0


# --- text ---------------------------------------------------------------------------------

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


def wrap(text: str, size: float, room: float) -> list[str]:
    """``text`` in the regular font broken into lines no wider than ``room`` (words kept whole)."""
    return simpleSplit(text, REGULAR, size, room)


def split_long(text: str, size: float, room: float) -> list[str]:
    """Break a word longer than ``room`` (a URL) into pieces that fit."""
    pieces, current = [], ""
    for char in text:
        if current and width(current + char, REGULAR, size) > room:
            pieces.append(current)
            current = ""
        current += char
    return [*pieces, current] if current else pieces


def runs_width(runs: Sequence[Run]) -> float:
    return sum(width(text, font, size) for text, font, size, _colour in runs)


# --- numbers and moments ------------------------------------------------------------------


def chips(amount: int | None, language: str) -> str:
    """Chips with the language's thousands separator: ``10,900`` / ``10.900``; a dash for none."""
    if amount is None:
        return "—"
    text = f"{amount:,}"
    return text.replace(",", ".") if language == "es" else text


def signed(amount: int | None, language: str) -> str:
    """Chips or points with a ``+`` when above zero: ``+1,700``, ``-300``, ``0``."""
    if amount is None:
        return "—"
    return ("+" if amount > 0 else "") + chips(amount, language)


def money(amount: Decimal | None, language: str) -> str:
    """Real money, two decimals: ``1,234.50`` / ``1.234,50`` (`vpt.money.pool_text`)."""
    return format_money(amount, language)


def when(moment: datetime | None) -> str:
    """A date and time in the event's time zone, as the web prints it in the active language:
    ``2026-11-29 18:42`` in English, ``29/11/2026 18:42`` in Spanish (Django's Spanish
    SHORT_DATETIME_FORMAT, which the hands list and the audit log show)."""
    if moment is None:
        return ""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    if translation.get_language() == "es":
        return moment.strftime("%d/%m/%Y %H:%M")
    return moment.strftime("%Y-%m-%d %H:%M")


# --- cards --------------------------------------------------------------------------------


def card_runs(cards: str, font: str, size: float) -> list[Run]:
    """A row's cards as text runs, from the engine's faces: ♥♦ cards red, ♠♣ and jokers black,
    ``T`` printed as ``10``; a token that is no card is printed as typed, in black."""
    runs: list[Run] = []
    for index, token in enumerate(cards.split()):
        if index:
            runs.append((" ", font, size, black))
        try:
            face = card_face(token)
        except InvalidHand:
            runs.append((token.upper(), font, size, black))
            continue
        colour = RED if face.red else black
        runs.append((face.rank, font, size, colour))
        if face.suit:
            runs.append((face.suit, font, size, colour))
    return runs


def fit_cards(cards: str, size: float, room: float, smallest: float) -> list[Run]:
    """A row's card runs at the largest size (down to ``smallest``) that fits ``room``."""
    runs = card_runs(cards, REGULAR, size)
    while size > smallest and runs_width(runs) > room:
        size = max(smallest, size - 0.25)
        runs = card_runs(cards, REGULAR, size)
    return runs


# --- the flow -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """Runs placed on a line: ``x`` from the left margin, aligned ``left``, ``right`` or ``center``."""

    x: float
    runs: tuple[Run, ...]
    align: str = "left"


class Pen:
    """Draws on one page: ``left``/``width`` are the column between the margins."""

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


def keep_together(blocks: Sequence[Block]) -> Block:
    """Several blocks moved to the next page as one."""
    height = sum(block.height for block in blocks)

    def draw(pen: Pen, top: float) -> None:
        for block in blocks:
            block.draw(pen, top)
            top -= block.height

    return Block(height, draw)


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

    def label(self, x: float, text: str, align: str = "left") -> Cell:
        """A column heading or caption: small grey type."""
        return Cell(x, (self.run(text, size=self.SMALL, colour=GREY),), align)

    def text_block(self, cells: Sequence[Cell], size: float | None = None, *, space_before: float = 0.0) -> Block:
        size = size or self.SIZE
        height = size * self.LEADING + space_before

        def draw(pen: Pen, top: float) -> None:
            pen.line(top - space_before - size, cells)

        return Block(height, draw)

    def plain(self, text: str) -> Block:
        """One line of text in the body type ("No hands")."""
        return self.text_block([Cell(0, (self.run(text),))])

    def fitted(
        self,
        text: str,
        *,
        bold: bool = False,
        size: float | None = None,
        room: float | None = None,
        colour: Color = black,
    ) -> Run:
        size = size or self.SIZE
        font = BOLD if bold else REGULAR
        content, fitted_size = fit(text, font, size, room if room is not None else self.content_width, self.SMALLEST)
        return (content, font, fitted_size, colour)

    def paragraph(
        self, text: str, *, size: float | None = None, colour: Color = black, space_before: float = 0.0
    ) -> list[Block]:
        size = size or self.SIZE
        lines = wrap(text, size, self.content_width) or [""]
        return [
            self.text_block(
                [Cell(0, ((line, REGULAR, size, colour),))], size, space_before=space_before if index == 0 else 0.0
            )
            for index, line in enumerate(lines)
        ]

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


# --- the document -------------------------------------------------------------------------


def new_canvas(buffer: BytesIO, title: str, language: str = "en") -> Canvas:
    register_fonts()
    canvas = Canvas(buffer, pageCompression=1, initialFontName=REGULAR, initialFontSize=8, lang=language)
    canvas.setTitle(title)
    canvas.setAuthor("VPT Director")
    canvas.setCreator("VPT Director")
    return canvas


def pdf_bytes(title: str, language: str, draw: Callable[[Canvas], object]) -> bytes:
    """A PDF file: ``draw`` fills a new canvas with its pages."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, title, language)
    draw(canvas)
    canvas.save()
    return buffer.getvalue()


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
