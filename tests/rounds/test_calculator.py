"""The score calculator page: /tables/calculator/, its htmx preview fragment and the plain-POST fallback.

No test here has database access: the page scores and stores nothing.
"""

import html as html_module
import re

import pytest
from django.test import Client
from django.utils import translation

from vpt.ofc import card_face, describe, parse_cards, row_value
from vpt.rounds.describe import describe_row
from vpt.rounds.hand_view import ExchangeView
from vpt.rounds.preview import preview_context

URL = "/tables/calculator/"
HTMX = {"HX-Request": "true"}


def hand(**changes: str) -> dict[str, str]:
    """The spec example as the calculator form posts it, with field changes (`p1_middle=...`)."""
    data = {
        "variant": "progressive",
        "chips_per_point": "100",
        "players": "2",
        "p0-name": "Ana",
        "p0-stack": "10000",
        "p0-fantasyland_cards": "0",
        "p0-top": "Qs Qh 2c",
        "p0-middle": "Kd Kc 8h 8s 3d",
        "p0-bottom": "2h 5h 9h Jh Ah",
        "p1-name": "Ben",
        "p1-stack": "8000",
        "p1-fantasyland_cards": "0",
        "p1-top": "Jc Jd 4s",
        "p1-middle": "Th Tc 7d 7c 5s",
        "p1-bottom": "4c 5d 6h 7s 8c",
    }
    data.update({re.sub(r"^(p\d)_", r"\1-", key): value for key, value in changes.items()})
    return data


def text(html: str) -> str:
    return re.sub(r"\s+", " ", html_module.unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def test_page_renders_in_english(client: Client) -> None:
    response = client.get(URL, headers={"accept-language": "en"})

    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Score calculator</h1>" in html
    assert 'hx-post="/tables/calculator/"' in html and 'action="/tables/calculator/"' in html
    assert 'hx-target="#hand-preview"' in html
    assert html.count('data-card="') == 54  # 52 cards and two jokers (shown for joker-ultimate)
    assert 'data-card="Qh" aria-label="queen of hearts"><span>Q</span><span>♥</span></button>' in html
    assert 'class="card suit-hearts red" data-card="Th"' in html and "><span>10</span><span>♥</span><" in html
    assert html.count("data-row-input") == 12  # 4 player slots x 3 rows
    assert '<fieldset class="player-board" data-player-slot="3" hidden>' in html
    assert "/static/js/card-picker.js" in html
    assert 'data-state="empty"' in html
    for variant in ("progressive", "regular", "joker-ultimate", "classic"):
        assert f'value="{variant}"' in html


def test_page_renders_in_spanish(client: Client) -> None:
    html = client.get(URL, headers={"accept-language": "es"}).content.decode()

    assert "<h1>Calculadora de puntos</h1>" in html
    assert "Progresiva (VPT)" in html and "Fichas por punto" in html
    assert 'aria-label="reina de corazones"' in html
    assert ">Arriba<" in html and ">Medio<" in html and ">Abajo<" in html


def test_htmx_post_returns_only_the_preview_fragment(client: Client) -> None:
    response = client.post(URL, hand(), headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and "<form" not in html
    assert html.strip().startswith('<section id="hand-preview"')
    page = text(html)
    assert "Ana +9 points Fantasyland next hand: 14 cards" in page
    assert "pair of queens +7" in page and "flush, ace high +4" in page
    assert "Royalties 11" in page and "Royalties 8" in page
    assert "Stack 10,000 → 10,900" in page and "Stack 8,000 → 7,100" in page
    assert "Ana – Ben: Ben pays Ana 9 points · 900 chips" in page


def test_preview_shows_a_foul_and_three_handed_settlement_in_payment_order(client: Client) -> None:
    data = hand(
        players="3",
        # Ben's middle (a straight) is stronger than his bottom (two pair): fouled.
        p1_middle="4c 5d 6h 7s 8c",
        p1_bottom="Th Tc 7d 7c 5s",
        p2_name="Cy",
        p2_stack="500",
        p2_fantasyland_cards="0",
        p2_top="As Ad Ac",
        p2_middle="6c 6d 6s Qd Qc",
        p2_bottom="Ks Kh 9c 9d 9s",
    )

    html = client.post(URL, data, headers=HTMX).content.decode()
    page = text(html)

    assert re.findall(r'data-exchange="([^"]+)"', html) == ["Ana-Ben", "Ana-Cy", "Ben-Cy"]
    ben = page[page.index("Ben -") : page.index("Cy +")]
    assert "Fouled" in ben and "Royalties 0" in ben
    assert "three of a kind, aces +22" in page  # Cy's top trips
    assert "Fantasyland next hand: 17 cards" in page
    # Ana beats the fouled Ben 6 + her 11 royalties; Cy's trips and two full houses beat Ana.
    assert "Ana – Ben: Ben pays Ana 17 points · 1,700 chips" in page
    # Cy started with 500: that is the most Cy can win from each opponent.
    capped = ", capped by Cy's stack: a player wins at most their own stack"
    assert f"Ana – Cy: Ana pays Cy 35 points · 500 chips paid of 3,500 due{capped}" in page
    assert f"Ben – Cy: Ben pays Cy 46 points · 500 chips paid of 4,600 due{capped}" in page
    assert page.index("Ana – Ben") < page.index("Ana – Cy") < page.index("Ben – Cy")
    assert "Stack 10,000 → 11,200" in page and "Stack 8,000 → 5,800" in page and "Stack 500 → 1,500" in page


def test_preview_shows_an_elimination_and_the_skipped_exchange(client: Client) -> None:
    data = hand(
        players="3",
        p2_name="Cy",
        p2_stack="500",
        p2_fantasyland_cards="0",
        p2_top="As Ad Ac",
        p2_middle="6c 6d 6s Qd Qc",
        p2_bottom="Ks Kh 3c 3h 3s",
    )  # fouled

    page = text(client.post(URL, data, headers=HTMX).content.decode())

    assert "Cy -31 points Fouled Eliminated" in page
    assert "Stack 500 → 0" in page
    # The payer's last chips capped it: named, and out.
    assert "Ana – Cy: Cy pays Ana 17 points · 500 chips paid of 1,700 due, capped by Cy's stack ·" in page
    assert "Ben – Cy: Cy pays Ben 14 points · 1,400 chips due, skipped: a player was already eliminated" in page


def test_a_player_paid_down_to_zero_stays_in_and_collects(client: Client) -> None:
    # Worked by hand (ofc-rules.md, exact-stack payment), 100 chips per point:
    # 1 Ana-Ben: Ben owes Ana 9 points = 900 and holds exactly 900: pays in full, on 0, stays in.
    # 2 Ana-Cy: the fouled Cy owes Ana 17 = 1,700 of his 5,000.
    # 3 Ben-Cy: Cy owes Ben 14 = 1,400; Ben may win at most his own 900: collects 900.
    data = hand(
        players="3",
        p1_stack="900",
        p2_name="Cy",
        p2_stack="5000",
        p2_fantasyland_cards="0",
        p2_top="As Ad Ac",
        p2_middle="6c 6d 6s Qd Qc",
        p2_bottom="Ks Kh 3c 3h 3s",
    )  # fouled

    page = text(client.post(URL, data, headers=HTMX).content.decode())

    assert "Ana – Ben: Ben pays Ana 9 points · 900 chips" in page
    assert "Ben – Cy: Cy pays Ben 14 points · 900 chips paid of 1,400 due, capped by Ben's stack: a player" in page
    assert "skipped" not in page and "cannot pay" not in page
    assert "Stack 900 → 900" in page and "Stack 5,000 → 2,400" in page
    assert "Eliminated" not in page


def test_a_player_on_zero_who_owes_again_cannot_pay_and_is_out(client: Client) -> None:
    # 1 Ana-Ben: Ben pays Ana his exact 900 (9 points): on 0, still in.
    # 3 Ben-Cy: Ben owes Cy again; holding 0 he cannot pay and is eliminated (nothing moves).
    data = hand(
        players="3",
        p1_stack="900",
        p2_name="Cy",
        p2_stack="5000",
        p2_fantasyland_cards="0",
        p2_top="As Ad Ac",
        p2_middle="6c 6d 6s Qd Qc",
        p2_bottom="Ks Kh 9c 9d 9s",
    )

    html = client.post(URL, data, headers=HTMX).content.decode()
    page = text(html)

    assert "Ana – Ben: Ben pays Ana 9 points · 900 chips" in page
    ben_cy = page[page.index("Ben – Cy") :]
    assert re.match(
        r"Ben – Cy: Ben pays Cy \d+ points · [\d,]+ chips due: Ben has no chips left, cannot pay "
        r"and is eliminated",
        ben_cy,
    ), ben_cy
    assert "0 chips paid" not in page and "Stack 900 → 0" in page
    assert page.count("Eliminated") == 1 and "data-cannot-pay" in html


def test_unfinished_board_previews_as_fouled(client: Client) -> None:
    page = text(client.post(URL, hand(p1_bottom="4c 5d 6h"), headers=HTMX).content.decode())

    assert "Unfinished: fouled" in page
    assert "unfinished: 3 of 5 cards" in page


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Ben, Middle: Kd is used twice: each card can be on the table only once"),
        ("es", "Ben, Medio: Kd está repetida: cada carta solo puede estar una vez en la mesa"),
    ],
)
def test_error_names_player_row_and_card(client: Client, language: str, expected: str) -> None:
    html = client.post(
        URL, hand(p1_middle="Th Tc 7d 7c Kd"), headers={**HTMX, "accept-language": language}
    ).content.decode()

    assert 'data-state="invalid"' in html
    assert f'<li id="problem-p1-middle" data-error-field="p1-middle">{expected}</li>' in html


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"p0_top": "Qs Qh 2c 3c"}, "Ana, Top: 4 cards, but this row takes 3"),
        (
            {"p0_bottom": "2h 5h 9h Jh 1x"},
            'Ana, Bottom: "1x" is not a card: type a rank and a suit, such as Qs, 10h or A♥',
        ),
        ({"p1_stack": ""}, "Ben, Stack: missing: give a stack for every player or for none"),
        ({"p1_stack": "lots"}, "Ben, Stack: Enter a whole number."),
        ({"p1_top": "JK Jd 4s"}, "Ben, Top: a joker (JK), but Progressive (VPT) is played without jokers"),
        ({"players": "4"}, "Progressive (VPT) is played by 2 to 3 players, not 4"),
        (
            {"p0_fantasyland_cards": "13"},
            "Ana, Fantasyland cards: 13 cards is not a Fantasyland deal in Progressive (VPT) (0 or 14, 15, 16, 17)",
        ),
        ({"p1_name": "Ana"}, "Player 2, Name: two players are called Ana"),
        ({"chips_per_point": "0"}, "Chips per point: Ensure this value is greater than or equal to 1."),
        ({"chips_per_point": "9" * 5000}, "Chips per point: More than the largest allowed, 10^12."),
        ({"chips_per_point": "1000000000001"}, "Chips per point: More than the largest allowed, 10^12."),
        ({"p1_stack": "9" * 5000}, "Ben, Stack: More than the largest allowed, 10^12."),
    ],
)
def test_other_problems_are_named(client: Client, changes: dict[str, str], expected: str) -> None:
    page = text(client.post(URL, hand(**changes), headers=HTMX).content.decode())

    assert expected in page


def test_typed_cards_accept_10_symbols_and_lowercase(client: Client) -> None:
    page = text(client.post(URL, hand(p0_top="q♠ Q♥️ 2c", p1_middle="10h 10♣ 7d 7c 5s"), headers=HTMX).content.decode())

    assert "Ana +9 points" in page
    assert "two pair, tens and sevens" in page


def test_joker_ultimate_scores_jokers(client: Client) -> None:
    page = text(client.post(URL, hand(variant="joker-ultimate", p1_top="JK Jd Jc"), headers=HTMX).content.decode())

    # The joker makes Ben's top trips, stronger than his middle (two pair): he fouls.
    assert "three of a kind, jacks" in page
    assert "Ben -17 points Fouled" in page


def test_plain_post_without_htmx_renders_the_whole_page_with_the_preview(client: Client) -> None:
    response = client.post(URL, hand(players="3", p2_name="Cy"))

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "<h1>Score calculator</h1>" in html
    assert 'value="Qs Qh 2c"' in html  # the entered boards come back
    assert '<fieldset class="player-board" data-player-slot="3">' in html  # now shown
    assert '<section id="hand-preview"' in html
    # Three players, Cy with no cards and no stack: bad input naming him.
    assert "Cy, Stack: missing: give a stack for every player or for none" in text(html)


def test_plain_post_in_spanish(client: Client) -> None:
    page = text(client.post(URL, hand(), headers={"accept-language": "es"}).content.decode())

    assert "Ana +9 puntos" in page
    assert "pareja de reinas +7" in page and "color al as +4" in page
    assert "Ben paga a Ana 9 puntos · 900 fichas" in page


def test_get_and_post_only(client: Client) -> None:
    assert client.put(URL).status_code == 405


@pytest.mark.parametrize(
    "cards",
    [
        "Ah Kd 7c",
        "Qs Qh 2c",
        "9s 9h 9d",
        "Kd Kc 8h 8s 3d",
        "As Ah Ad Kc Ks",
        "Ad 2c 3c 4h 5s",
        "2h 5h 9h Jh Ah",
        "Ts Js Qs Ks As",
        "5d 6d 7d 8d 9d",
        "7s 7h 7d 7c 2s",
        "Th Tc 7d 7c 5s",
        "Qs Jd 9c 5h 3s",
        "JK JK 7c 7d 7h",
    ],
)
def test_row_descriptions_in_english_match_the_engine(cards: str) -> None:
    value = row_value(parse_cards(cards))
    with translation.override("en"):
        assert describe_row(value) == describe(value)


def test_row_descriptions_in_spanish() -> None:
    with translation.override("es"):
        assert describe_row(row_value(parse_cards("Kd Kc 8h 8s 3d"))) == "doble pareja, reyes y ochos"
        assert describe_row(row_value(parse_cards("4c 5d 6h 7s Jc"))) == "carta alta, jota"
        assert describe_row(row_value(parse_cards("8c 9d Th Js Qc"))) == "escalera a la reina"
        assert describe_row(row_value(parse_cards("Kd Kc Kh 8s 8d"))) == "full de reyes con ochos"
        assert describe_row(None, cards=2, size=3) == "incompleta: 2 de 3 cartas"


def test_preview_context_is_plain_data_for_other_pages() -> None:
    with translation.override("en"):
        preview = preview_context(
            {
                "chips_per_point": 10,
                "players": [
                    {"name": "Ana", "top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah"},
                    {"name": "Ben", "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
                ],
            }
        )

    assert preview["state"] == "scored" and preview["settled"] is False
    assert [p["points"] for p in preview["players"]] == [9, -9]
    assert preview["players"][0]["rows"][0]["cards"][1] == card_face("Qh")  # the engine's face
    exchange = preview["exchanges"][0]
    assert isinstance(exchange, ExchangeView)  # the hand's read model, as a recorded hand has it
    assert (exchange.payer.name, exchange.payee.name) == ("Ben", "Ana")
    assert (exchange.chips_due, exchange.chips_paid, exchange.payer_out) == (90, None, False)


def fouled_preview(language: str) -> dict[str, object]:
    with translation.override(language):
        return preview_context(
            {
                "players": [
                    {"name": "Ana", "top": "Qs Qh 2c", "middle": "8d 8h 9s 4h 3d", "bottom": "2h 5h 9h Jh Ah"},
                    {"name": "Ben", "top": "Jc Jd 4s", "middle": "Th Tc 7d 7c 5s", "bottom": "4c 5d 6h 7s 8c"},
                    {"name": "Cid", "top": "3c 3h", "middle": "Kd Kc 7h Ts 6d", "bottom": "As Ad Ac 6c 6s"},
                ],
            }
        )


def test_a_foul_names_the_row_that_breaks_the_order_and_why() -> None:
    preview = fouled_preview("en")
    ana, ben, cid = preview["players"]  # type: ignore[index]
    assert (ana["foul_row"], ana["foul_reason"]) == (
        "middle",
        "middle, pair of eights, is weaker than top, pair of queens",
    )
    assert [row["breaks_order"] for row in ana["rows"]] == [False, True, False]
    assert (ben["foul_row"], ben["foul_reason"]) == (None, "")
    assert (cid["foul_row"], cid["foul_reason"]) == ("top", "top has 2 of 3 cards")
    # A short board has its own confirmation (the "score it as a foul" box): Ana's is asked.
    assert preview["foul_confirm"] == "Record with Ana's foul?"


def test_a_foul_in_spanish() -> None:
    ana = fouled_preview("es")["players"][0]  # type: ignore[index]
    assert ana["foul_reason"] == "la fila del medio, pareja de ochos, es más débil que la de arriba, pareja de reinas"
    assert fouled_preview("es")["foul_confirm"] == "¿Registrar con la falta de Ana?"
