"""CSV cells that start like a formula are quoted (OWASP's CSV injection advice)."""

import csv
import io

import pytest
from django.core.management import call_command

from vpt.csvsafe import safe_cell
from vpt.events.models import Player
from vpt.events.services import create_event

HOSTILE = ['=HYPERLINK("http://evil.example","Prize")', "+34 600", "-1+1", "@SUM(A1:A9)", "\tTab", "\rReturn"]


@pytest.mark.parametrize("value", HOSTILE)
def test_text_starting_like_a_formula_gets_a_quote(value: str) -> None:
    assert safe_cell(value) == "'" + value


@pytest.mark.parametrize("value", ["Ana García", "", "O'Neil", "a=b", 0, -40, 12])
def test_other_cells_are_left_alone(value: object) -> None:
    assert safe_cell(value) == value


def test_hostile_names_imported_from_csv_are_exported_neutralised(director, capsys, tmp_path) -> None:
    event = create_event(name="Hostile Open", slug="hostile-open", actor=director)
    players = tmp_path / "players.csv"
    with players.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["name"], *[[name] for name in [*HOSTILE, "Ana"]]])
    call_command("import_players", str(players), event="hostile-open")
    assert Player.objects.filter(event=event).count() == 7
    capsys.readouterr()

    call_command("export_results", event="hostile-open")
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))

    names = sorted(row[1] for row in rows[1:])
    # The import strips each name, so "\tTab" arrives as "Tab"; the others keep their first character.
    assert names == sorted(
        ['\'=HYPERLINK("http://evil.example","Prize")', "'+34 600", "'-1+1", "'@SUM(A1:A9)", "Tab", "Return", "Ana"]
    )
