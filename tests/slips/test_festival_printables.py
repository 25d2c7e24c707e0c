"""The festival's printables (festival.md): bag labels, the advance list, the Day 2 seat list."""

from __future__ import annotations

from datetime import UTC, datetime

from vpt.slips.festival import (
    AdvanceListData,
    AdvanceRow,
    BagLabel,
    BagLabelData,
    Day2Seat,
    Day2SeatListData,
    render_advance_list,
    render_bag_labels,
    render_day2_seat_list,
)

WHEN = datetime(2026, 12, 2, 23, 0, tzinfo=UTC)


def test_bag_labels_one_page_per_player_with_name_flight_stack(pdf_pages, page_sizes) -> None:
    data = BagLabelData(
        event="VPT Madrid Main Event",
        labels=(
            BagLabel("Ana García", flight="Day 1A", stack=45_300, table=2, seat=4, url="https://vpt.example/me/abc/"),
            BagLabel("Ben", flight="Day 1A", stack=12_000, table=1, seat=1),
        ),
    )

    pages = pdf_pages(render_bag_labels(data))

    assert len(pages) == 2
    assert "VPT Madrid Main Event · Day 1A" in pages[0]
    assert "Ana García" in pages[0] and "45,300" in pages[0] and "Table 2 · seat 4" in pages[0]
    assert "My page" in pages[0]
    assert "Ben" in pages[1] and "12,000" in pages[1] and "My page" not in pages[1]
    assert page_sizes(render_bag_labels(data))[0][0] > page_sizes(render_bag_labels(data))[0][1]  # landscape


def test_bag_labels_on_a_loopback_address_say_why_there_is_no_qr(pdf_text) -> None:
    data = BagLabelData(
        event="Main", labels=(BagLabel("Ana", flight="1A", stack=100),), qr_withheld="http://127.0.0.1:8000"
    )

    text = pdf_text(render_bag_labels(data))

    assert "127.0.0.1" in text and "My page" not in text


def test_bag_labels_in_spanish_and_nobody(pdf_text) -> None:
    spanish = BagLabelData(event="Main", labels=(BagLabel("Ana", "1A", 45_300, 2, 4),), language="es")
    assert "Mesa 2 · asiento 4" in pdf_text(render_bag_labels(spanish))
    assert "Nobody advances" in pdf_text(render_bag_labels(BagLabelData(event="Main", labels=())))


def test_advance_list_flags_a_differing_bag_and_names_withdrawn_stacks(pdf_text) -> None:
    data = AdvanceListData(
        event="Day 1A",
        main_event="Main Event",
        rows=(
            AdvanceRow("Ana", 30_000, table=1, seat=2, bag_count=30_000),
            AdvanceRow("Ben", 20_000, table=2, seat=1, bag_count=19_500),
            AdvanceRow("Cai", 10_000, table=1, seat=3, withdrawn=True),
        ),
        chips_in_play=60_000,
        starting_chips=60_000,
        printed_at=WHEN,
    )

    text = pdf_text(render_advance_list(data))

    assert "Advance list" in text and "Main Event · Day 1A" in text
    assert "Ana 1 2 30,000 30,000" in text
    assert "Ben 2 1 20,000 ≠ 19,500" in text
    assert text.index("Withdrawn stacks") < text.index("Cai")
    assert "Chips in play: 60,000 · starting chips: 60,000 · equal" in text


def test_advance_list_says_when_the_chips_differ_in_spanish(pdf_text) -> None:
    data = AdvanceListData(event="1A", rows=(), chips_in_play=59_000, starting_chips=60_000, language="es")

    text = pdf_text(render_advance_list(data))

    assert "Lista de clasificados" in text and "no coinciden" in text and "Nadie pasa al día 2" in text


def test_day2_seat_list_by_table_and_seat(pdf_text) -> None:
    data = Day2SeatListData(
        event="Main Event",
        seats=(
            Day2Seat(table=2, seat=1, player="Ben", flight="1B", stack=20_000),
            Day2Seat(table=1, seat=3, player="Cai", flight="1A", stack=10_000),
            Day2Seat(table=1, seat=1, player="Ana", flight="1A", stack=30_000),
        ),
        printed_at=WHEN,
    )

    text = pdf_text(render_day2_seat_list(data))

    assert "Day 2 seat list" in text
    assert text.index("Table 1") < text.index("1 Ana 1A 30,000") < text.index("3 Cai 1A 10,000") < text.index("Table 2")
    assert "1 Ben 1B 20,000" in text
    assert "Day 2 has not started" in pdf_text(render_day2_seat_list(Day2SeatListData(event="Main", seats=())))
