"""Seat cards, table list, results sheet and hand history, read back with pypdf."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from vpt.ofc import score_json
from vpt.slips.data import (
    HandHistoryData,
    ResultRow,
    ResultsData,
    SeatCard,
    SeatCardData,
    TableListData,
    TableListSeat,
    TableListTable,
    slip_data_from_json,
)
from vpt.slips.documents import render_hand_history, render_results, render_table_list
from vpt.slips.seat_cards import render_seat_cards

WHEN = datetime(2026, 11, 29, 17, 0, tzinfo=UTC)


def test_seat_cards_one_page_per_player(pdf_pages, page_sizes) -> None:
    data = SeatCardData(
        event="VPT Madrid 2026",
        cards=(
            SeatCard("Ana García", table=1, seat=2),
            SeatCard("Ben", table=3, seat=1, entry=2),
            SeatCard("Cai Wu", table=12, seat=3),
        ),
    )

    pdf = render_seat_cards(data)
    pages = pdf_pages(pdf)

    assert len(pages) == 3
    assert pages[0].split("\n") == ["VPT Madrid 2026", "Table Seat", "1 2", "Ana García"]
    assert pages[1].split("\n")[-2:] == ["Ben", "entry 2"]
    assert "12 3" in pages[2] and "Cai Wu" in pages[2]
    assert set(page_sizes(pdf)) == {(419.5, 297.6)}  # A6 landscape


def test_seat_cards_in_spanish(pdf_pages) -> None:
    data = SeatCardData(event="VPT", language="es", cards=(SeatCard("Ben", table=3, seat=1, entry=2),))

    assert pdf_pages(render_seat_cards(data))[0].split("\n") == ["VPT", "Mesa Asiento", "3 1", "Ben", "entrada 2"]


def test_no_seat_cards(pdf_pages) -> None:
    assert pdf_pages(render_seat_cards(SeatCardData(event="VPT", cards=()))) == ["No seats drawn"]


def table_list(language: str = "en") -> TableListData:
    return TableListData(
        event="VPT Madrid 2026",
        language=language,
        printed_at=WHEN,
        tables=(
            TableListTable(
                number=1,
                dealer="Marta",
                button_seat=3,
                seats=(
                    TableListSeat(1, "Zoe", 10000),
                    TableListSeat(2, "ana", 12500, fantasyland_cards=15),
                    TableListSeat(3, "Ben", 7500),
                ),
            ),
            TableListTable(
                number=2, seats=(TableListSeat(1, "Cai Wu", 10000), TableListSeat(2), TableListSeat(3, "Dan", 9000))
            ),
        ),
    )


def test_table_list_prints_every_table_and_seat_then_players_a_to_z(pdf_text) -> None:
    text = pdf_text(render_table_list(table_list()))

    lines = text.split("\n")
    assert lines[:2] == ["Table list", "VPT Madrid 2026 · 2026-11-29 18:00"]
    expected = [
        "Table 1 · Dealer: Marta · button: seat 3",
        "Seat 1 Zoe 10,000",
        "Seat 2 ana 12,500 Fantasyland next hand: 15 cards",
        "Seat 3 Ben 7,500",
        "Table 2",
        "Seat 1 Cai Wu 10,000",
        "Seat 2 (empty)",
        "Seat 3 Dan 9,000",
        "Players A to Z",
        "Player Table Seat",
        "ana 1 2",
        "Ben 1 3",
        "Cai Wu 2 1",
        "Dan 2 3",
        "Zoe 1 1",
        "Page 1",
    ]
    assert lines[2:] == expected


def test_table_list_in_spanish(pdf_text) -> None:
    text = pdf_text(render_table_list(table_list("es")))

    assert text.startswith("Lista de mesas")
    for line in (
        "Mesa 1 · Crupier: Marta · botón: asiento 3",
        "Asiento 1 Zoe 10.000",
        "Asiento 2 (vacío)",
        "Jugadores de la A a la Z",
        "Página 1",
    ):
        assert line in text


def test_a_long_table_list_runs_over_pages_keeping_each_table_together(pdf_pages) -> None:
    tables = tuple(
        TableListTable(number=n, seats=tuple(TableListSeat(s, f"Player {n}-{s}", 10000) for s in (1, 2, 3)))
        for n in range(1, 41)
    )

    pages = pdf_pages(render_table_list(TableListData(event="Big", tables=tables)))

    assert len(pages) > 2
    for page_number, page in enumerate(pages, start=1):
        assert page.rstrip().endswith(f"Page {page_number}")
    for page in pages:  # no table split from its seats
        for n in range(1, 41):
            if f"Table {n}\n" in page:
                assert f"Seat 3 Player {n}-3" in page


def test_results_sheet(pdf_text) -> None:
    data = ResultsData(
        event="VPT Madrid 2026",
        printed_at=WHEN,
        prize_pool=Decimal("5400.00"),
        currency="EUR",
        rows=(
            ResultRow(None, "Cai Wu", entries=1, stack=30000),
            ResultRow(1, "Ana García", entries=2, payout=Decimal("2430.50")),
            ResultRow(2, "Ben", payout=Decimal("1620")),
            ResultRow(3, "Dan"),
        ),
    )

    text = pdf_text(render_results(data))

    assert text.split("\n") == [
        "Results",
        "VPT Madrid 2026 · 2026-11-29 18:00",
        "Prize pool: 5,400.00 EUR",
        "Place Player Entry Stack Payout",
        "— Cai Wu 1 30,000",
        "1 Ana García 2 2,430.50 EUR",
        "2 Ben 1 1,620.00 EUR",
        "3 Dan 1",
        "Page 1",
    ]


def test_results_sheet_in_spanish(pdf_text) -> None:
    data = ResultsData(event="VPT", language="es", rows=(ResultRow(1, "Ana", payout=Decimal("2430.5")),))

    assert pdf_text(render_results(data)).split("\n") == [
        "Resultados",
        "VPT",
        "Puesto Jugador Entrada Stack Premio",
        "1 Ana 1 2.430,50",
        "Página 1",
    ]


HAND: dict[str, Any] = {
    "chips_per_point": 50,
    "players": [
        {"name": "Ana", "stack": 10000, "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"},
        {"name": "Ben", "stack": 8000, "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
    ],
}


def test_hand_history_prints_each_hand_with_stacks_and_exchanges(pdf_text) -> None:
    first = slip_data_from_json(
        score_json(HAND), hand_input=HAND, event="VPT", table="1", hand_number=1, level=2, recorded_at=WHEN
    )
    again = {**HAND, "players": [{**HAND["players"][0], "stack": 10450}, {**HAND["players"][1], "stack": 7550}]}
    second = replace(slip_data_from_json(score_json(again), hand_input=again, hand_number=2, level=2), void=True)

    text = pdf_text(render_hand_history(HandHistoryData(event="VPT", table="Table 1", hands=(first, second))))

    lines = text.split("\n")
    assert lines[0] == "Hand history · Table 1"
    assert lines[2:6] == [
        "Hand 1 · Level 2 · 50 chips per point · 2026-11-29 18:00 · button: Ben",
        "Player Top Middle Bottom Royalties Points Before After Change",
        ("P1 Ana Q♠ Q♥ 2♣ K♦ K♣ 8♥ 8♠ 3♦ 2♥ 5♥ 9♥ J♥ A♥ 11 +9 10,000 10,450 +450 Fantasyland next hand: 14 cards"),
        "P2 Ben J♣ J♦ 4♠ 10♥ 10♣ 7♦ 7♣ 5♠ 4♣ 5♦ 6♥ 7♠ 8♣ 8 -9 8,000 7,550 -450",
    ]
    assert "Exchanges: 1. Ben pays Ana 450" in text
    assert "Hand 2 · Level 2 · 50 chips per point · button: Ben VOID" in text
    assert "P1 Ana" in text and "10,450 10,900 +450" in text


def test_empty_hand_history(pdf_text) -> None:
    assert "No hands" in pdf_text(render_hand_history(HandHistoryData(event="VPT", table="Table 1", hands=())))
