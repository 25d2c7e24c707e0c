"""Players' CSV files as Excel and Google Sheets write them (`vpt.events.player_csv`)."""

from __future__ import annotations

import pytest

from vpt.events.player_csv import ImportRow, PlayerFileError, check_rows, read_player_file


def names(data: bytes | str) -> list[tuple[int, str, str, str]]:
    return [(row.line, row.name, row.country, row.email) for row in read_player_file(data).rows]


@pytest.mark.parametrize(
    "data",
    [
        b"Name,Country,Email\r\nAna,ES,ana@example.com\r\nBen,,\r\n",  # Sheets
        "\ufeffName;Country;Email\r\nAna;ES;ana@example.com\r\nBen;;\r\n".encode(),  # Spanish Excel, BOM
        b"  NAME , country ,EMAIL \nAna,ES,ana@example.com\nBen,,\n",
        "Nombre;País;Correo\nAna;ES;ana@example.com\nBen;;\n".encode(),
        "Jugador,Pais,E-mail\nAna,ES,ana@example.com\nBen,,\n",
    ],
)
def test_headers_in_any_case_language_and_separator(data: bytes | str) -> None:
    assert names(data) == [(2, "Ana", "ES", "ana@example.com"), (3, "Ben", "", "")]


def test_the_columns_used_are_named_and_others_left_out() -> None:
    read = read_player_file("Player;Phone;País\nAna;600;ES\n".encode())
    assert read.columns == {"name": "Player", "country": "País"}
    assert read.columns_sentence() == (
        "Columns used: name from “Player”, country from “País”. Left out: “Phone”. Read as UTF-8."
    )


def test_a_name_alone_and_blank_lines_between_players() -> None:
    assert names("Name\nAna\n\nBen\n") == [(2, "Ana", "", ""), (4, "Ben", "", "")]


def test_a_quoted_cell_over_two_lines_keeps_the_following_line_numbers() -> None:
    with pytest.raises(PlayerFileError) as failed:
        read_player_file('Name,Country\nAna,"Costa\nRica"\n,ES\n')
    assert failed.value.problems == ("Line 4: no name.",)


def test_every_problem_is_a_sentence_with_its_line() -> None:
    with pytest.raises(PlayerFileError) as failed:
        read_player_file("Name;Email\nAna;ana@\n;b@example.com\n" + "X" * 121 + ";\n")
    assert failed.value.problems == (
        "Line 2: “ana@” is not an email address.",
        "Line 3: no name.",
        "Line 4: the name is longer than 120 characters.",
    )


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (
            b"Nom,Pays\nAna,FR\n",
            "Line 1: the file needs a name column (Name, Nombre, Player or Jugador);"
            " its header row reads “Nom”, “Pays”.",
        ),
        (b"", "The file is empty: it needs a header row, such as Name,Country,Email."),
        (b"Name,Email\n", "The file has no players: only its header row."),
        (
            b"Name\nJos\x81\n",  # 0x81 is neither UTF-8 nor Windows-1252
            "The file is neither UTF-8 nor Windows-1252 text: save it as “CSV UTF-8” and import it again.",
        ),
    ],
)
def test_a_file_that_cannot_be_read(data: bytes, problem: str) -> None:
    with pytest.raises(PlayerFileError) as failed:
        read_player_file(data)
    assert failed.value.problems == (problem,)


def test_names_registered_or_repeated() -> None:
    rows = [ImportRow(2, "Ana", "", ""), ImportRow(3, "Ben", "", ""), ImportRow(5, "Ben", "", "")]
    assert check_rows(rows, {"Ana"}) == [
        "Line 2: Ana is already registered.",
        "Line 5: Ben appears twice in the file.",
    ]


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("Nombre;País\nJosé Núñez;España\n".encode(), "Read as UTF-8."),
        ("\ufeffNombre;País\nJosé Núñez;España\n".encode(), "Read as UTF-8 with a byte-order mark"),
        # Excel's "CSV (delimitado por comas)" on a Spanish Windows.
        ("Nombre;País\nJosé Núñez;España\n".encode("cp1252"), "Read as Windows-1252"),
        ("Name,Country\nFrançois “Frank” Œuvre – €;FR\n".encode("cp1252"), "Read as Windows-1252"),
    ],
)
def test_utf8_with_or_without_a_bom_and_windows_1252_are_read_and_said(data: bytes, said: str) -> None:
    read = read_player_file(data)
    assert read.rows[0].name in ("José Núñez", "François “Frank” Œuvre – €;FR")
    assert said in read.columns_sentence()
