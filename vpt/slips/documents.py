"""The A4 documents: the table list, results and hand history (the seat cards are ``seat_cards.py``).

Terms:

table list
    Every open table with its dealer, button and seats, then the players A to Z with table and
    seat, for the director's desk.
results
    Places, names, entries, stacks (players still in) and payouts, with the prize pool.
hand history
    Every hand of one table: each player's boards, points and stacks, then the exchanges.

Each is a *document*: A4 (the history landscape) with a title, a subtitle
(event and when printed), a page number on each page, and rows laid out in columns given as
fractions of the width (``DocumentLayout.columns``). Drawn from the values in ``data.py``
only; labels in the data's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import Color, black
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm

from vpt.rounds.hand_view import SeatView

from .data import HandHistoryData, ResultsData, SlipData, TableListData
from .layout import (
    GREY,
    RED,
    REGULAR,
    Block,
    Cell,
    Layout,
    Pen,
    chips,
    fit_cards,
    keep_together,
    money,
    pdf_bytes,
    register_fonts,
    signed,
    when,
    width,
)
from .wording import exchange_notes, fantasyland_next, hand_flags

__all__ = ["DocumentLayout", "render_hand_history", "render_results", "render_table_list"]


class DocumentLayout(Layout):
    """A titled A4 document with a page number on each page."""

    PAGE: tuple[float, float | None] = A4
    MARGIN_X = 15 * mm
    MARGIN_Y = 14 * mm
    SIZE = 9.5
    SMALL = 7.5
    TITLE = 15.0
    HEADING = 11.0

    def __init__(self, title: str, event: str, printed_at: datetime | None, language: str) -> None:
        self.title = title
        self.event = event
        self.subtitle = " · ".join(part for part in (event, when(printed_at)) if part)
        self.language = language

    def heading(self) -> list[Block]:
        blocks = [self.text_block([Cell(0, (self.fitted(self.title, bold=True, size=self.TITLE),))], self.TITLE)]
        if self.subtitle:
            blocks.append(self.text_block([Cell(0, (self.fitted(self.subtitle, colour=GREY),))]))
        blocks.append(self.rule_block(6.0, thickness=0.8))
        return blocks

    def continued(self, page: int) -> list[Block]:
        return [
            self.text_block([Cell(0, (self.fitted(self.title, bold=True, size=self.SMALL, colour=GREY),))], self.SMALL),
            self.rule_block(4.0),
        ]

    def finish_page(self, pen: Pen, page: int) -> None:
        pen.line(self.MARGIN_Y / 2, [self.label(self.content_width, _("Page %(page)s") % {"page": page}, "right")])

    def columns(
        self,
        values: Sequence[tuple[float, str, str]],
        *,
        bold: bool = False,
        size: float | None = None,
        colour: Color = black,
        space_before: float = 0.0,
    ) -> Block:
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

    def document(self, blocks: Sequence[Block]) -> bytes:
        """The PDF of ``blocks``, titled "event · title"."""
        return pdf_bytes(f"{self.event} · {self.title}", self.language, lambda canvas: self.render_into(canvas, blocks))


def render_table_list(data: TableListData) -> bytes:
    """Every table with dealer, button and seats, then the players A to Z with table and seat."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        layout = DocumentLayout(_("Table list"), data.event, data.printed_at, data.language)
        blocks = layout.heading()
        index: list[tuple[str, int, int]] = []
        for table in data.tables:
            details = [_("Table %(number)s") % {"number": table.number}]
            if table.dealer:
                details.append(_("Dealer: %(name)s") % {"name": table.dealer})
            if table.button_seat is not None and table.dead_button:
                details.append(_("button: seat %(seat)s, dead button") % {"seat": table.button_seat})
            elif table.button_seat is not None:
                details.append(_("button: seat %(seat)s") % {"seat": table.button_seat})
            if table.why_not == "too_few_players":
                details.append(_("fewer than two players: no hand is dealt"))
            group = [
                layout.text_block(
                    [Cell(0, (layout.fitted(" · ".join(details), bold=True, size=layout.HEADING),))],
                    layout.HEADING,
                    space_before=4.0,
                )
            ]
            for seat in table.seats:
                flags = fantasyland_next(seat.fantasyland_cards) if seat.fantasyland_cards else ""
                group.append(
                    layout.columns(
                        [
                            (0.02, _("Seat %(number)s") % {"number": seat.seat}, "left"),
                            (0.16, seat.player or _("(empty)"), "left"),
                            (0.66, chips(seat.stack, data.language) if seat.player else "", "right"),
                            (0.70, flags, "left"),
                        ],
                        colour=black if seat.player else GREY,
                    )
                )
                if seat.player:
                    index.append((seat.player, table.number, seat.seat))
            blocks.append(keep_together(group))
        if not data.tables:
            blocks.append(layout.plain(_("No tables")))
        if index:
            blocks.append(
                layout.text_block(
                    [Cell(0, (layout.run(_("Players A to Z"), bold=True, size=layout.HEADING),))],
                    layout.HEADING,
                    space_before=10.0,
                )
            )
            blocks.append(
                layout.columns(
                    [
                        (0.02, pgettext("printed", "Player"), "left"),
                        (0.55, pgettext("printed", "Table"), "right"),
                        (0.70, pgettext("printed", "Seat"), "right"),
                    ],
                    size=layout.SMALL,
                    colour=GREY,
                )
            )
            for name, table_number, seat_number in sorted(index, key=lambda item: (item[0].casefold(), item[1:])):
                blocks.append(
                    layout.columns(
                        [(0.02, name, "left"), (0.55, str(table_number), "right"), (0.70, str(seat_number), "right")]
                    )
                )
        return layout.document(blocks)


def render_results(data: ResultsData) -> bytes:
    """Every entry's place, name, entry number, chips and prize; the pool explained and the deal."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        layout = DocumentLayout(pgettext("printed", "Results"), data.event, data.printed_at, data.language)
        blocks = layout.heading()
        currency = f" {data.currency}" if data.currency else ""
        if data.prize_pool is not None:
            blocks.append(
                layout.text_block(
                    [
                        Cell(
                            0,
                            (
                                layout.run(
                                    _("Prize pool: %(amount)s")
                                    % {"amount": money(data.prize_pool, data.language) + currency}
                                ),
                            ),
                        )
                    ]
                )
            )
            if data.pool_explained:
                blocks.extend(layout.paragraph(data.pool_explained, size=layout.SMALL, colour=GREY))
            blocks.append(layout.space(4.0))
        if data.deal:
            blocks.append(
                layout.text_block([Cell(0, (layout.run(_("Deal: %(kind)s") % {"kind": data.deal_kind}, bold=True),))])
            )
            for deal_place, name, amount in data.deal:
                blocks.append(
                    layout.columns(
                        [
                            (0.08, str(deal_place), "right"),
                            (0.12, name, "left"),
                            (1.0, money(amount, data.language) + currency, "right"),
                        ]
                    )
                )
            blocks.append(layout.space(4.0))
        blocks.append(
            layout.columns(
                [
                    (0.08, pgettext("printed", "Place"), "right"),
                    (0.12, pgettext("printed", "Player"), "left"),
                    (0.62, pgettext("printed", "Entry"), "right"),
                    (0.80, pgettext("printed", "Stack"), "right"),
                    (1.0, pgettext("printed", "Payout"), "right"),
                ],
                bold=True,
                size=layout.SMALL,
            )
        )
        blocks.append(layout.rule_block(3.0))
        reentered = pgettext("printed", "re-entered")
        for row in data.rows:
            place = str(row.place) if row.place is not None else (reentered if row.reentered else "—")
            blocks.append(
                layout.columns(
                    [
                        (0.08, place, "right"),
                        (0.12, row.name, "left"),
                        (0.62, str(row.entries), "right"),
                        (0.80, chips(row.stack, data.language) if row.stack is not None else "", "right"),
                        (1.0, money(row.payout, data.language) + (currency if row.payout is not None else ""), "right"),
                    ]
                )
            )
        if not data.rows:
            blocks.append(layout.plain(_("No entries")))
        return layout.document(blocks)


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
        title = _("Hand history · %(table)s") % {"table": data.table}
        layout = HistoryLayout(title, data.event, data.printed_at, data.language)
        blocks = layout.heading()
        c = [fraction * layout.content_width for fraction in layout.COLUMNS]
        small = layout.SMALL
        header = [
            layout.label(c[1], pgettext("printed", "Player")),
            layout.label(c[2], pgettext("printed", "Top")),
            layout.label(c[3], pgettext("printed", "Middle")),
            layout.label(c[4], pgettext("printed", "Bottom")),
            layout.label(c[6], pgettext("printed", "Royalties"), "right"),
            layout.label(c[7], pgettext("printed", "Points"), "right"),
            layout.label(c[8], pgettext("printed", "Before"), "right"),
            layout.label(c[9], pgettext("printed", "After"), "right"),
            layout.label(c[10], pgettext("printed", "Change"), "right"),
        ]
        for hand in data.hands:
            group = [_history_hand_title(layout, hand), layout.text_block(header, small)]
            for player in hand.players:
                group.append(_history_player_row(layout, c, hand, player))
            notes = exchange_notes(hand)
            parts = []
            for exchange, note in zip(hand.exchanges, notes, strict=True):
                paid = "0" if exchange.skipped else chips(exchange.chips_moved, data.language)
                payer, payee = exchange.sides
                part = _("%(order)s. %(payer)s pays %(payee)s %(paid)s") % {
                    "order": exchange.number,
                    "payer": payer.name,
                    "payee": payee.name,
                    "paid": paid,
                }
                if note:
                    part += f" ({note})"
                parts.append(part)
            if parts:
                group.extend(
                    layout.paragraph(_("Exchanges: %(list)s") % {"list": "; ".join(parts)}, size=small, colour=GREY)
                )
            group.append(layout.rule_block(5.0))
            blocks.append(keep_together(group))
        if not data.hands:
            blocks.append(layout.plain(_("No hands")))
        return layout.document(blocks)


def _history_hand_title(layout: HistoryLayout, hand: SlipData) -> Block:
    parts = [_("Hand %(number)s") % {"number": hand.hand_number}]
    if hand.level is not None:
        parts.append(_("Level %(level)s") % {"level": hand.level})
    parts.append(_("%(chips)s chips per point") % {"chips": chips(hand.chips_per_point, layout.language)})
    if hand.recorded_at:
        parts.append(when(hand.recorded_at))
    parts.append(_("button: %(name)s") % {"name": hand.button.name})
    runs = [layout.run(" · ".join(parts), bold=True)]
    flags = hand_flags(hand)
    if flags:
        runs.append(layout.run("  " + " · ".join(flags), bold=True, colour=RED))
    return layout.text_block([Cell(0, tuple(runs))], layout.SIZE, space_before=3.0)


def _history_player_row(layout: HistoryLayout, c: Sequence[float], hand: SlipData, player: SeatView) -> Block:
    size = layout.SIZE
    language = layout.language
    notes = []
    if player.fouled:
        notes.append(pgettext("printed", "FOULED"))
    if player.fantasyland_next_cards:
        notes.append(fantasyland_next(player.fantasyland_next_cards))
    if player.eliminated:
        notes.append(
            _("eliminated, place %(place)s") % {"place": player.place}
            if player.place is not None
            else pgettext("printed", "eliminated")
        )
    cells = [
        Cell(c[0], (layout.run(player.position_label, size=layout.SMALL, colour=GREY),)),
        Cell(c[1], (layout.fitted(player.name, room=c[2] - c[1] - 4),)),
    ]
    for column, next_column, cards in zip((c[2], c[3], c[4]), (c[3], c[4], c[5]), player.cards, strict=True):
        cells.append(
            Cell(
                column,
                tuple(fit_cards(cards, size, next_column - column - 4, layout.SMALLEST))
                if cards.strip()
                else (layout.run("—", colour=GREY),),
            )
        )
    cells += [
        Cell(c[6], (layout.run(str(player.royalty_total)),), "right"),
        Cell(c[7], (layout.run(signed(player.points, language)),), "right"),
        Cell(c[8], (layout.run(chips(player.stack_before, language)),), "right"),
        Cell(c[9], (layout.run(chips(player.stack_after, language), bold=True),), "right"),
        Cell(c[10], (layout.run(signed(player.chips_won, language)),), "right"),
    ]
    if notes:
        cells.append(
            Cell(
                c[10] + 6,
                (
                    layout.fitted(
                        " · ".join(notes),
                        size=layout.SMALL,
                        room=layout.content_width - c[10] - 6,
                        colour=RED if player.fouled or player.eliminated else black,
                    ),
                ),
            )
        )
    return layout.text_block(cells, size)
