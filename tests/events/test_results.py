"""Results everywhere (issue 19, part 4): an event finished with a deal gives every entry a
place, its prizes add up to the pool exactly, and the payouts page, the results sheet, the CSV,
the XLSX, `export_results` and the public JSON all say the same thing."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from openpyxl import load_workbook
from pypdf import PdfReader

from vpt.events.entries import register_player
from vpt.events.models import Deal, Entry, Event
from vpt.events.services import create_event
from vpt.money.results import RESULT_COLUMNS
from vpt.tours.event_simulation import simulate_event


def pdf_text(pdf: bytes) -> str:
    return "\n".join(re.sub(r"[ \t]+", " ", page.extract_text()) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture
def finished(director: User) -> Event:
    """Nine players played down to three at one table (two re-entered), who made an ICM deal."""
    return simulate_event(
        players=9, hands=0, seed=7, actor=director, starting_stack=300, finish=True, deal="icm", slug="deal-open"
    )


def test_an_event_finished_with_a_deal_places_everyone_and_pays_out_the_pool(finished: Event) -> None:
    entries = list(Entry.objects.filter(event=finished))
    latest = {e.player_id: max(x.number for x in entries if x.player_id == e.player_id) for e in entries}
    reentered = [e for e in entries if e.number < latest[e.player_id]]
    placed = sorted(e.place for e in entries if e not in reentered)
    deal = Deal.objects.get(event=finished)

    assert finished.status == Event.Status.FINISHED and deal.kind == "icm"
    assert len(reentered) == 2 and all(e.place is None for e in reentered)
    assert placed == list(range(1, len(entries) - len(reentered) + 1))
    assert sorted(share.place for share in deal.shares.all()) == [1, 2, 3]
    assert sum((share.amount for share in deal.shares.all()), Decimal(0)) == deal.total == Decimal("1100.00")


def test_every_results_view_agrees(client: Client, client_as_director: Client, finished: Event, capsys) -> None:
    data = client.get("/api/events/deal-open/results").json()
    csv_rows = list(
        csv.DictReader(io.StringIO(client_as_director.get("/floor/events/deal-open/results.csv").content.decode()))
    )
    sheet = load_workbook(io.BytesIO(client_as_director.get("/floor/events/deal-open/results.xlsx").content)).active
    xlsx_rows = [dict(zip(RESULT_COLUMNS, row, strict=True)) for row in sheet.iter_rows(min_row=2, values_only=True)]
    call_command("export_results", event="deal-open")
    command_rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    payouts = client.get("/standings/deal-open/payouts/").content.decode()
    results_pdf = pdf_text(client.get("/slips/events/deal-open/results.pdf").content)

    # The JSON: the shape of tour.md, money as strings, prizes adding up to the pool.
    assert set(data) == {"event", "status", "entries", "buy_in", "fee", "prize_pool", "guarantee", "deal", "rows"}
    assert (data["event"], data["status"], data["entries"]) == ("deal-open", "finished", 11)
    assert (data["buy_in"], data["fee"], data["prize_pool"], data["guarantee"]) == (
        "100.00",
        "10.00",
        "1100.00",
        "0.00",
    )
    assert data["deal"]["kind"] == "icm" and len(data["deal"]["amounts"]) == 3
    assert set(data["rows"][0]) == {"place", "name", "entry_id", "person_id", "prize", "chips", "flight"}
    assert data["rows"][0]["flight"] is None
    assert sum(Decimal(row["prize"]) for row in data["rows"]) == Decimal("1100.00")
    expected = [(row["place"], row["name"], row["prize"]) for row in data["rows"]]
    assert [row[0] for row in expected][:9] == list(range(1, 10)) and [row[0] for row in expected][9:] == [None, None]

    # CSV, the command and the XLSX: the same rows in the same order.
    as_csv = [(int(r["place"]) if r["place"] else None, r["name"], r["prize"]) for r in csv_rows]
    assert as_csv == expected
    assert command_rows == csv_rows
    as_xlsx = [(r["place"] or None, r["name"], f"{Decimal(str(r['prize'])):.2f}") for r in xlsx_rows]
    assert as_xlsx == expected
    assert [r["status"] for r in csv_rows].count("re-entered") == 2

    # The payouts page names every prize winner with the amount; the sheet prints every row.
    for place, name, prize in expected:
        amount = f"{Decimal(prize):,.2f}"
        if Decimal(prize) > 0:
            player = rf"<td>{re.escape(name)}( \(\d\))?</td>"
            cells = rf'<td class="num">{place}</td>{player}<td class="num" data-prize>{amount}</td>'
            assert re.search(cells, payouts)
        printed = str(place) if place is not None else "re-entered"
        assert re.search(
            rf"^{printed} {re.escape(name)} \d .*{re.escape(amount) if Decimal(prize) else ''}", results_pdf, re.M
        )
    assert "Deal at the final table: ICM" in payouts and "Deal: ICM" in results_pdf
    assert '<td class="num" data-prize-total>1,100.00</td>' in payouts
    assert "—" not in results_pdf.split("Payout", 1)[1]


def test_the_results_json_answers_304_while_nothing_changes(client: Client, finished: Event) -> None:
    first = client.get("/api/events/deal-open/results")
    again = client.get("/api/events/deal-open/results", HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200 and first["ETag"]
    assert again.status_code == 304


def test_exports_neutralise_formulas_in_xlsx_too(client_as_director: Client, director: User) -> None:
    event = create_event(name="Hostile", slug="hostile", actor=director, levels=[100])
    register_player(event, name='=HYPERLINK("http://evil.example","Prize")', actor=director)

    sheet = load_workbook(io.BytesIO(client_as_director.get("/floor/events/hostile/results.xlsx").content)).active

    assert sheet.cell(row=2, column=2).value == '\'=HYPERLINK("http://evil.example","Prize")'
    assert sheet.cell(row=2, column=2).data_type == "s"
    assert (
        client_as_director.get("/floor/events/hostile/results.csv")
        .content.decode()
        .splitlines()[1]
        .startswith(",\"'=HYPERLINK")
    )
