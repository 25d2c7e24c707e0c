"""The chip-settlement slip, rendered from engine JSON and read back with pypdf."""

from __future__ import annotations

import zlib
from dataclasses import replace
from datetime import UTC, datetime
from io import BytesIO
from typing import Any

import pytest
from pypdf import PdfReader

from vpt.ofc import deck, score_json
from vpt.rounds.hand_view import ExchangeView, SeatView
from vpt.slips.data import SlipData, next_button, slip_data_from_json
from vpt.slips.layout import RED, card_runs, chips, money
from vpt.slips.slip import render_slip, render_slips
from vpt.slips.wording import exchange_notes

# Ana wins rows from both; Ben fouls (top aces over a middle pair of tens) with only 300 chips;
# Cai on the button (500 chips) has full houses. In payment order:
#   1 Ana-Ben  +17: Ben owes 1,700, has 300: pays 300 and is out.
#   2 Ana-Cai  -21: Ana owes 2,100, but Cai can win at most his own 500.
#   3 Ben-Cai  -32: skipped, Ben is already out.
HAND: dict[str, Any] = {
    "chips_per_point": 100,
    "players": [
        {
            "name": "Ana García",
            "stack": 10000,
            "top": "Qs Qh 2c",
            "middle": "Kd Kc 8h 8s 3d",
            "bottom": "2h 5h 9h Jh Ah",
        },
        {"name": "Ben", "stack": 300, "top": "Ac Ad 4s", "middle": "Th Tc 7d 6c 5s", "bottom": "4c 5d 6h 7s 8c"},
        {"name": "Cai Wu", "stack": 500, "top": "Ks Kh 3c", "middle": "9c 9d 9s 6d 6s", "bottom": "Jd Jc Js 2d 2s"},
    ],
}
WHEN = datetime(2026, 11, 29, 17, 42, tzinfo=UTC)  # 18:42 in Madrid
URL = "https://vpt.example.org/standings/vpt-madrid-2026/hands/1234/"


def slip(language: str = "en", page_format: str = "a6", hand: dict[str, Any] = HAND, **extra: Any) -> SlipData:
    options: dict[str, Any] = {
        "event": "VPT Madrid 2026",
        "table": "3",
        "hand_number": 42,
        "level": 5,
        "recorded_at": WHEN,
        "dealer": "Marta",
        "public_url": URL,
        "places": {"Ben": 17},
        "seats": {"Ana García": 1, "Ben": 2, "Cai Wu": 3},
    }
    options.update(extra)
    return slip_data_from_json(score_json(hand), hand_input=hand, language=language, page_format=page_format, **options)


def positions(text: str, needles: list[str]) -> list[int]:
    found = [text.find(needle) for needle in needles]
    missing = [needle for needle, at in zip(needles, found, strict=True) if at < 0]
    assert not missing, f"not printed: {missing}\n---\n{text}"
    return found


def test_the_json_hand_is_the_one_the_comments_describe() -> None:
    result = score_json(HAND)

    assert [(e["points"], e["chips_due"], e["chips_paid"], e["capped"], e["skipped"]) for e in result["exchanges"]] == [
        (17, 1700, 300, True, False),
        (-21, 2100, -500, True, False),
        (-32, 3200, 0, True, True),
    ]
    assert [p["stack_after"] for p in result["players"]] == [9800, 0, 1000]


def test_every_exchange_in_payment_order_with_its_amounts(pdf_text) -> None:
    text = pdf_text(render_slip(slip()))

    rows = positions(
        text, ["1 Ben Ana García 17 1,700 300", "2 Ana García Cai Wu 21 2,100 500", "3 Ben Cai Wu 32 3,200 0"]
    )
    assert rows == sorted(rows)


def test_capped_and_skipped_exchanges_get_plain_notes(pdf_text) -> None:
    text = pdf_text(render_slip(slip()))

    notes = positions(
        text,
        [
            "capped: Ben had only 300 left",
            "capped: Cai Wu could win at most 500",
            "skipped: Ben was eliminated earlier in this hand",
        ],
    )
    assert notes == sorted(notes)


def test_stacks_after_eliminations_and_the_next_button(pdf_text) -> None:
    text = pdf_text(render_slip(slip()))

    positions(
        text,
        [
            "P1 Ana García 10,000 9,800 -200",
            "P2 Ben 300 0 -300",
            "P3 Cai Wu 500 1,000 +500",
            "Eliminated: Ben, finishing place 17",
            # Cai made full houses without fouling... and top KK: no Fantasyland; Ana's
            # queens take her there, so the button holds.
            "Next hand: the button stays on seat 3 with Cai Wu",
        ],
    )


def test_header_boards_royalties_fantasyland_qr_and_initials(pdf_text) -> None:
    text = pdf_text(render_slip(slip()))

    positions(
        text,
        [
            "VPT Madrid 2026",
            "Table 3 · Hand 42",
            "Level 5 · 100 chips per point",
            "2026-11-29 18:42",
            "Dealer: Marta",
            "P1 Ana García seat 1",
            "Points -4",
            "Top Q♠ Q♥ 2♣ pair of queens +7",
            "Middle K♦ K♣ 8♥ 8♠ 3♦ two pair, kings and eights",
            "Bottom 2♥ 5♥ 9♥ J♥ A♥ flush, ace high +4",
            "Royalties 11 · Fantasyland next hand: 14 cards",
            "P2 Ben seat 2",
            "Middle 10♥ 10♣ 7♦ 6♣ 5♠ pair of tens",
            "FOULED · Royalties 0",
            "P3 Cai Wu seat 3 · button",
            "Points +53",
            "full house, nines full of sixes +12",
            "This hand online:",
            URL,
            "Dealer's initials:",
        ],
    )


def test_red_hearts_and_diamonds_black_spades_and_clubs() -> None:
    runs = card_runs("Qs Qh 10d Tc", "DejaVuSans", 8)
    colours = {text: colour for text, _font, _size, colour in runs if text.strip()}

    assert colours["♥"] == RED and colours["♦"] == RED
    assert colours["♠"] != RED and colours["♣"] != RED
    assert [text for text, *_ in runs if text.strip()] == ["Q", "♠", "Q", "♥", "10", "♦", "10", "♣"]


def test_the_red_is_in_the_pdf() -> None:
    reader = PdfReader(BytesIO(render_slip(slip())))
    content = reader.pages[0].get_contents().get_data()  # type: ignore[union-attr]

    assert b".78 0 0 rg" in content


def test_the_spanish_slip_is_in_spanish(pdf_text) -> None:
    text = pdf_text(render_slip(slip("es")))

    positions(
        text,
        [
            "Mesa 3 · Mano 42",
            "Nivel 5 · 100 fichas por punto",
            "29/11/2026 18:42",  # the date as the Spanish web prints it, not 2026-11-29
            "Crupier: Marta",
            "Arriba Q♠ Q♥ 2♣ pareja de reinas",
            "doble pareja, reyes y ochos",
            "Quién paga a quién, en orden de pago",
            "Paga Cobra Puntos A pagar Pagado",
            "1 Ben Ana García 17 1.700 300",
            "tope: a Ben solo le quedaban 300",
            "tope: Cai Wu podía ganar como máximo 500",
            "sin pago: Ben ya había quedado fuera antes en esta mano",
            "P1 Ana García 10.000 9.800 -200",
            "Eliminación: Ben, puesto final 17",
            "Próxima mano: el botón se queda en el asiento 3 con Cai Wu",
            "Iniciales del crupier",
        ],
    )
    for english in ("Exchanges", "capped", "skipped", "Dealer", "pair of", "Eliminated", "Next hand"):
        assert english not in text


@pytest.mark.parametrize("language", ["en", "es"])
def test_both_formats_render(page_sizes, pdf_pages, language: str) -> None:
    a6 = render_slip(slip(language, "a6"))
    thermal = render_slip(slip(language, "thermal80"))
    two_handed = render_slip(
        slip(language, "thermal80", hand={"chips_per_point": 100, "players": HAND["players"][:2]}, places={})
    )

    assert page_sizes(a6) == [(297.6, 419.5)]
    ((width, height),) = page_sizes(thermal)
    assert width == pytest.approx(226.8, abs=0.1)
    assert 300 < height < 1000
    assert page_sizes(two_handed)[0][1] < height  # the roll is as long as the slip
    assert "".join(pdf_pages(thermal)[0].split()) == "".join(pdf_pages(a6)[0].split())  # same content


def test_a6_slip_that_does_not_fit_continues_on_a_second_page(pdf_pages) -> None:
    cards = [str(card) for card in deck()]
    players = [
        {
            "name": f"Player {n}",
            "stack": 5000,
            "top": " ".join(cards[n * 13 : n * 13 + 3]),
            "middle": " ".join(cards[n * 13 + 3 : n * 13 + 8]),
            "bottom": " ".join(cards[n * 13 + 8 : n * 13 + 13]),
        }
        for n in range(4)
    ]
    hand = {"variant": "classic", "chips_per_point": 10, "players": players}
    result = score_json(hand)

    pages = pdf_pages(render_slip(slip(hand=hand, places={}, seats={})))

    assert len(pages) == 2
    assert "hand 42 (continued)" in pages[1]
    text = "\n".join(pages)
    expected = []
    for order, exchange in enumerate(result["exchanges"], start=1):
        payer, payee = (exchange["b"], exchange["a"]) if exchange["points"] > 0 else (exchange["a"], exchange["b"])
        expected.append(
            f"{order} {payer} {payee} {abs(exchange['points'])} {exchange['chips_due']:,} "
            f"{abs(exchange['chips_paid']):,}"
        )
    found = positions(text, expected)
    assert len(expected) == 6 and found == sorted(found)


def test_without_stacks_the_slip_shows_points_only(pdf_text) -> None:
    hand = {"players": [{key: value for key, value in player.items() if key != "stack"} for player in HAND["players"]]}

    text = pdf_text(render_slip(slip(hand=hand, places={})))

    positions(text, ["1 Ben Ana García 17 — —", "3 Ben Cai Wu 32 — —"])
    assert "Before" not in text and "Eliminated" not in text


def test_batch_is_one_pdf_with_a_page_per_slip(pdf_pages, page_sizes) -> None:
    slips = [replace(slip(), hand_number=number) for number in range(1, 8)]
    slips.append(slip("es", "thermal80"))

    pages = pdf_pages(render_slips(slips))

    assert len(pages) == 8
    assert [page.split("\n")[1] for page in pages[:7]] == [f"Table 3 · Hand {n}" for n in range(1, 8)]
    assert "Mesa 3 · Mano 42" in pages[7]
    assert page_sizes(render_slips(slips))[7][0] == pytest.approx(226.8, abs=0.1)


def test_an_empty_batch_says_so(pdf_pages) -> None:
    assert pdf_pages(render_slips([])) == ["No hands"]


def test_void_and_corrected_hands_are_flagged(pdf_text) -> None:
    text = pdf_text(render_slip(replace(slip(), void=True, version=3)))

    assert "Table 3 · Hand 42 VOID · correction 2" in text


def test_no_qr_without_a_public_url(pdf_text) -> None:
    plain = render_slip(slip(public_url=""))

    assert "This hand online" not in pdf_text(plain)
    assert "Dealer's initials:" in pdf_text(plain)
    assert len(plain) < len(render_slip(slip()))


def test_the_pdf_embeds_the_shipped_font() -> None:
    reader = PdfReader(BytesIO(render_slip(slip())))
    fonts = reader.pages[0]["/Resources"]["/Font"]  # type: ignore[index]
    names = {str(font.get_object()["/BaseFont"]) for font in fonts.values()}

    assert names and all("DejaVuSans" in name for name in names)


def test_the_slip_is_compressed() -> None:
    reader = PdfReader(BytesIO(render_slip(slip())))
    raw: Any = reader.pages[0]["/Contents"].get_object()

    assert raw.get("/Filter") == ["/FlateDecode"]  # and no ASCII85 on top
    assert b"rg" in zlib.decompress(raw._data)


# --- the data --------------------------------------------------------------------------------


def player(name: str, **fields: Any) -> SeatView:
    return SeatView(name, **fields)


def test_the_button_moves_to_the_first_player_still_in() -> None:
    players = [player("A", eliminated=True), player("B"), player("C")]

    assert next_button(players) == (players[1], False)


def test_the_button_holds_for_fantasyland_and_the_player_before_an_emptied_button_acts_last() -> None:
    holding = [player("A", fantasyland_next_cards=14), player("B"), player("C")]
    button_out = [player("A", fantasyland_next_cards=14), player("B"), player("C", eliminated=True)]

    assert next_button(holding) == (holding[2], True)
    # The button holds on C's emptied seat (vpt.ofc.button_after_hand): B, before it, acts last.
    assert next_button(button_out) == (button_out[1], False)
    assert next_button([player("A"), player("B", eliminated=True)]) == (None, False)


def test_a_skipped_exchange_names_both_players_when_both_are_out() -> None:
    a = player("A", position=0, stack_before=100, stack_after=300, eliminated=False)
    b = player("B", position=1, stack_before=100, stack_after=0, eliminated=True)
    c = player("C", position=2, stack_before=100, stack_after=0, eliminated=True)
    d = player("D", position=3, stack_before=100, stack_after=100)
    data = SlipData(
        event="",
        table="1",
        hand_number=1,
        level=1,
        chips_per_point=10,
        players=(a, b, c, d),
        exchanges=(  # from the first player's side: positive, the second pays the first
            ExchangeView(0, a, b, 20, 200, 100, capped=True),
            ExchangeView(1, a, c, 20, 200, 100, capped=True),
            ExchangeView(2, a, d, 0, 0, 0),
            ExchangeView(3, b, c, -1, 10, 0, capped=True, skipped=True),
        ),
    )

    assert exchange_notes(data) == [
        "capped: A could win at most 100",
        "capped: A could win at most 100",
        "even: no chips move",
        "skipped: B and C were eliminated earlier in this hand",
    ]


def test_bad_language_or_format_is_refused() -> None:
    with pytest.raises(ValueError, match="language 'fr'"):
        slip("fr")
    with pytest.raises(ValueError, match="page format 'a4'"):
        slip(page_format="a4")


def test_number_formats() -> None:
    from decimal import Decimal

    assert (chips(1234567, "en"), chips(1234567, "es"), chips(None, "en")) == ("1,234,567", "1.234.567", "—")
    assert money(Decimal("1234.5"), "en") == "1,234.50"
    assert money(Decimal("1234.505"), "es") == "1.234,51"


def test_the_font_ships_with_its_licence_and_has_the_suits() -> None:
    from reportlab.pdfbase.ttfonts import TTFont

    from vpt.slips.layout import FONT_DIR

    assert "Bitstream Vera" in (FONT_DIR / "DejaVu-LICENSE.txt").read_text(encoding="utf-8")
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        glyphs = TTFont(name, str(FONT_DIR / name)).face.charToGlyph
        assert all(ord(char) in glyphs for char in "♠♥♦♣—…·ñáéíóú€")


# --- the exact-stack payment (ofc-rules.md), worked by hand at 100 chips per point ----------

ANA = {"name": "Ana", "stack": 10000, "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"}
BEN = {"name": "Ben", "stack": 900, "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"}


def exact_stack_slip(cy_bottom: str) -> SlipData:
    cy = {"name": "Cy", "stack": 5000, "top": "As Ad Ac", "middle": "6c 6d 6s Qd Qc", "bottom": cy_bottom}
    hand = {"chips_per_point": 100, "players": [ANA, BEN, cy]}
    return slip_data_from_json(score_json(hand), hand_input=hand)


def test_a_player_paid_down_to_zero_collects_a_later_win() -> None:
    # 1 Ana-Ben: Ben owes 9 points = 900 and holds exactly 900: pays in full, stays in on 0.
    # 2 Ana-Cy: the fouled Cy pays Ana 17 points = 1,700.
    # 3 Ben-Cy: Cy owes Ben 14 points = 1,400; Ben can win at most his own 900 and collects it.
    data = exact_stack_slip("Ks Kh 3c 3h 3s")  # Cy fouls: his bottom is weaker than his middle

    assert [(e.payer.name, e.payee.name, e.chips_due, e.chips_moved, e.skipped) for e in data.exchanges] == [
        ("Ben", "Ana", 900, 900, False),
        ("Cy", "Ana", 1700, 1700, False),
        ("Cy", "Ben", 1400, 900, False),
    ]
    assert exchange_notes(data) == ["", "", "capped: Ben could win at most 900"]
    assert [(p.name, p.stack_after, p.eliminated) for p in data.players] == [
        ("Ana", 12600, False),
        ("Ben", 900, False),
        ("Cy", 2400, False),
    ]


def test_a_player_on_zero_who_owes_again_cannot_pay_and_is_eliminated() -> None:
    # 1 Ana-Ben: Ben pays Ana his exact 900 and stays in on 0.
    # 3 Ben-Cy: Ben owes Cy again; holding 0 he cannot pay: nothing moves and he is out.
    data = exact_stack_slip("Ks Kh 9c 9d 9s")
    ben_cy = data.exchanges[2]

    assert (ben_cy.payer.name, ben_cy.payee.name, ben_cy.chips_paid, ben_cy.skipped) == ("Ben", "Cy", 0, False)
    assert exchange_notes(data)[0] == "" and exchange_notes(data)[2] == "Ben had no chips left: cannot pay, eliminated"
    assert [(p.name, p.stack_after, p.eliminated) for p in data.players][1] == ("Ben", 0, True)
