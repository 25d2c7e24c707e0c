"""The festival's printables (festival.md, "The end of a flight" and "Day 2").

Terms:

bag label
    One A6 landscape page per advancing player, to stick on their chip bag: the event and the
    flight at the top, the player's name and stack in large type, their table and seat, and in
    the corner a QR code of the player's private page when the label has its URL; on a
    loopback address, a line at the foot saying why it has none (as the seat cards do).
advance list
    A flight's advancing players with table, seat, stack and the bag count typed (a count that
    differs from the stack is marked), the withdrawn stacks named apart, and the chips in play
    against the starting chips.
Day 2 seat list
    Every Day 2 table with its seats: name, flight and stack, for the wall and the desk.

Drawn from the values in this module only (no queries); labels in the data's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import black
from reportlab.lib.units import mm

from .card_pages import CardLayout, render_card_pages
from .documents import DocumentLayout
from .layout import (
    GREY,
    RED,
    Block,
    Cell,
    Pen,
    chips,
    keep_together,
    register_fonts,
)

__all__ = [
    "AdvanceListData",
    "AdvanceRow",
    "BagLabel",
    "BagLabelData",
    "Day2Seat",
    "Day2SeatListData",
    "render_advance_list",
    "render_bag_labels",
    "render_day2_seat_list",
]


@dataclass(frozen=True, slots=True)
class BagLabel:
    player: str
    flight: str
    stack: int
    table: int | None = None
    seat: int | None = None
    url: str = ""  # the player's private page (a QR code); empty: none printed


@dataclass(frozen=True, slots=True)
class BagLabelData:
    """The bag labels of one flight, one label (page) each, in the order given."""

    event: str
    labels: tuple[BagLabel, ...]
    language: str = "en"
    # The loopback address the QR codes would have carried: each label prints why it has none.
    qr_withheld: str = ""


@dataclass(frozen=True, slots=True)
class AdvanceRow:
    player: str
    stack: int
    table: int | None = None
    seat: int | None = None
    bag_count: int | None = None  # the chips counted in the bag; None: not counted
    withdrawn: bool = False  # a second stack of a person (best_stack policy): it leaves play


@dataclass(frozen=True, slots=True)
class AdvanceListData:
    event: str  # the flight's name
    rows: tuple[AdvanceRow, ...]
    chips_in_play: int
    starting_chips: int
    main_event: str = ""
    language: str = "en"
    printed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Day2Seat:
    table: int
    seat: int
    player: str
    flight: str
    stack: int


@dataclass(frozen=True, slots=True)
class Day2SeatListData:
    event: str  # the main event's name
    seats: tuple[Day2Seat, ...]
    language: str = "en"
    printed_at: datetime | None = None


class BagLabelLayout(CardLayout):
    """One bag label per page: A6 landscape."""

    STACK = 40.0


def render_bag_labels(data: BagLabelData) -> bytes:
    """One page per advancing player: name, flight, stack, table and seat, a QR of their page."""
    layout = BagLabelLayout()
    with translation.override(data.language):
        return render_card_pages(
            data.event,
            data.language,
            layout,
            data.labels,
            heading=lambda label: " · ".join(part for part in (data.event, label.flight) if part),
            url=lambda label: label.url,
            draw=lambda pen, label: _bag_label(pen, layout, label, data.language),
            qr_withheld=data.qr_withheld,
            empty=_("Nobody advances"),
        )


def _bag_label(pen: Pen, layout: BagLabelLayout, label: BagLabel, language: str) -> None:
    """The player's name, their stack in large type under its label, their table and seat."""
    name_y = layout.top - 12 * mm
    pen.line(name_y, [Cell(0, (layout.fitted(label.player, bold=True, size=layout.NAME),))])
    stack_label_y = name_y - 10 * mm
    pen.line(stack_label_y, [Cell(0, (layout.run(pgettext("printed", "Stack"), size=layout.LABEL, colour=GREY),))])
    stack_y = stack_label_y - layout.STACK * 0.95
    pen.line(stack_y, [Cell(0, (layout.run(chips(label.stack, language), bold=True, size=layout.STACK),))])
    if label.table is not None and label.seat is not None:
        where = _("Table %(table)s · seat %(seat)s") % {"table": label.table, "seat": label.seat}
        pen.line(layout.MARGIN_Y + 8 * mm, [Cell(0, (layout.run(where, size=layout.LABEL),))])


def render_advance_list(data: AdvanceListData) -> bytes:
    """The advancing players by stack, their bag counts, the withdrawn stacks, the chips proved."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        title = _("Advance list")
        event = " · ".join(part for part in (data.main_event, data.event) if part)
        layout = DocumentLayout(title, event, data.printed_at, data.language)
        blocks = layout.heading()
        blocks.append(_chips_line(layout, data))
        blocks.append(layout.space(4.0))
        header = _advance_columns(
            pgettext("printed", "Player"),
            pgettext("printed", "Table"),
            pgettext("printed", "Seat"),
            pgettext("printed", "Stack"),
            _("Bag count"),
        )
        blocks.append(layout.columns(header, size=layout.SMALL, colour=GREY))
        advancing = [row for row in data.rows if not row.withdrawn]
        withdrawn = [row for row in data.rows if row.withdrawn]
        for row in advancing:
            blocks.append(_advance_row(layout, row, data.language))
        if not advancing:
            blocks.append(layout.plain(_("Nobody advances")))
        if withdrawn:
            group: list[Block] = [
                layout.text_block(
                    [Cell(0, (layout.run(_("Withdrawn stacks"), bold=True, size=layout.HEADING),))],
                    layout.HEADING,
                    space_before=8.0,
                )
            ]
            group.extend(_advance_row(layout, row, data.language) for row in withdrawn)
            blocks.append(keep_together(group))
        return layout.document(blocks)


def _chips_line(layout: DocumentLayout, data: AdvanceListData) -> Block:
    equal = data.chips_in_play == data.starting_chips
    text = _("Chips in play: %(in_play)s · starting chips: %(starting)s") % {
        "in_play": chips(data.chips_in_play, data.language),
        "starting": chips(data.starting_chips, data.language),
    }
    text += " · " + (_("equal") if equal else _("they differ"))
    return layout.text_block([Cell(0, (layout.fitted(text, bold=not equal, colour=black if equal else RED),))])


def _advance_columns(player: str, table: str, seat: str, stack: str, bag: str) -> list[tuple[float, str, str]]:
    return [
        (0.02, player, "left"),
        (0.55, table, "right"),
        (0.64, seat, "right"),
        (0.82, stack, "right"),
        (1.0, bag, "right"),
    ]


def _advance_row(layout: DocumentLayout, row: AdvanceRow, language: str) -> Block:
    differs = row.bag_count is not None and row.bag_count != row.stack
    bag = "" if row.bag_count is None else chips(row.bag_count, language)
    if differs:
        bag = "≠ " + bag
    values = _advance_columns(
        row.player,
        "" if row.table is None else str(row.table),
        "" if row.seat is None else str(row.seat),
        chips(row.stack, language),
        bag,
    )
    return layout.columns(values, colour=RED if differs else (GREY if row.withdrawn else black))


def render_day2_seat_list(data: Day2SeatListData) -> bytes:
    """Every Day 2 table with its seats: name, flight, stack."""
    register_fonts()  # text is measured before the canvas exists
    with translation.override(data.language):
        layout = DocumentLayout(_("Day 2 seat list"), data.event, data.printed_at, data.language)
        blocks = layout.heading()
        tables = sorted({seat.table for seat in data.seats})
        for number in tables:
            group: list[Block] = [
                layout.text_block(
                    [
                        Cell(
                            0, (layout.run(_("Table %(number)s") % {"number": number}, bold=True, size=layout.HEADING),)
                        )
                    ],
                    layout.HEADING,
                    space_before=4.0,
                ),
                layout.columns(
                    [
                        (0.02, pgettext("printed", "Seat"), "left"),
                        (0.14, pgettext("printed", "Player"), "left"),
                        (0.62, _("Flight"), "left"),
                        (1.0, pgettext("printed", "Stack"), "right"),
                    ],
                    size=layout.SMALL,
                    colour=GREY,
                ),
            ]
            for seat in sorted((s for s in data.seats if s.table == number), key=lambda s: s.seat):
                group.append(
                    layout.columns(
                        [
                            (0.02, str(seat.seat), "left"),
                            (0.14, seat.player, "left"),
                            (0.62, seat.flight, "left"),
                            (1.0, chips(seat.stack, data.language), "right"),
                        ]
                    )
                )
            blocks.append(keep_together(group))
        if not tables:
            blocks.append(layout.plain(_("Day 2 has not started")))
        return layout.document(blocks)
