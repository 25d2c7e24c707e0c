"""The payout receipt a player signs at the cash desk: A6 and 80 mm (issue 19)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from vpt.events.entries import register_player
from vpt.events.models import Entry
from vpt.events.services import create_event
from vpt.money.cash_services import pay_prize
from vpt.money.payout_services import set_payout_structure
from vpt.slips.receipt import ReceiptData, render_receipt

WHEN = datetime(2026, 12, 1, 21, 30, tzinfo=UTC)


def test_the_receipt_names_the_player_place_amount_and_has_a_signature_line(
    pdf_text: Callable[[bytes], str], page_sizes: Callable[[bytes], list[tuple[float, float]]]
) -> None:
    data = ReceiptData(
        event="VPT Madrid 2026",
        name="Ana García",
        place=2,
        amount=Decimal("1080"),
        method="Cash",
        paid_by="Desk One",
        paid_at=WHEN,
        currency="EUR",
    )

    a6 = render_receipt(data)
    roll = render_receipt(replace(data, page_format="thermal80", language="es"))

    text = pdf_text(a6)
    assert "Prize payout receipt" in text and "VPT Madrid 2026" in text
    assert "Player Ana García" in text and "Place 2" in text and "1,080.00 EUR" in text
    assert "Paid by Cash" in text and "At the desk Desk One" in text
    assert "Player's signature" in text
    assert page_sizes(a6) == [(297.6, 419.5)]
    assert "1.080,00 EUR" in pdf_text(roll) and "Firma del jugador" in pdf_text(roll)
    assert page_sizes(roll)[0][0] == 226.8


@pytest.mark.django_db
def test_the_desk_prints_the_receipt_of_a_prize_paid_out(
    client: Client, director: User, pdf_text: Callable[[bytes], str]
) -> None:
    event = create_event(name="Receipt Cup", slug="receipt-cup", actor=director, buy_in=Decimal("50"), levels=[100])
    for name in ("Ana", "Ben"):
        register_player(event, name=name, actor=director)
    set_payout_structure(event, percentages=["100"], unit=Decimal("1"), actor=director)
    Entry.objects.filter(player__name="Ana").update(place=1)
    ana = Entry.objects.get(player__name="Ana")
    url = f"/floor/slips/events/receipt-cup/receipts/{ana.pk}.pdf"

    anonymous = client.get(url)
    client.force_login(director)
    before = client.get(url)
    pay_prize(ana, method="cash", actor=director)
    receipt = client.get(url + "?format=thermal80")

    assert anonymous.status_code == 302 and before.status_code == 404
    assert receipt.status_code == 200 and receipt["Content-Type"] == "application/pdf"
    assert "Player Ana" in pdf_text(receipt.content) and "100.00" in pdf_text(receipt.content)
    assert "At the desk director" in pdf_text(receipt.content)
