"""Reading a players' CSV file as spreadsheets export it: the header row in any case, trimmed,
in UTF-8 (with or without a byte-order mark) or Windows-1252 (detected, and said), `,` or `;`
separated (Spanish Excel writes `;`), in English or Spanish (Name/Nombre/Player/Jugador,
Email/Correo, Country/País).

`read_player_file` only reads: every problem of the file comes back at once as sentences with
their line number (`PlayerFileError.problems`), and the rows carry their line so later checks
(`check_rows`: names already registered or twice in the file; matching rows to people) can
name it too. The web import and `manage.py import_players` both read through here.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from vpt.people.names import fold_name

# Each field and the headers that name it, folded (`fold_name`): lower case, no accents.
HEADERS = {
    "name": ("name", "nombre", "player", "jugador", "jugadora", "player name", "full name", "nombre completo"),
    "country": ("country", "pais", "nation", "nationality", "nacionalidad"),
    "email": ("email", "e-mail", "mail", "correo", "correo electronico", "email address"),
}
MAX_LENGTHS = {"name": 120, "country": 60, "email": 254}  # the Player model's columns
SEPARATORS = ",;\t"
UTF8, UTF8_BOM, WINDOWS_1252 = "utf-8", "utf-8-sig", "cp1252"


@dataclass(frozen=True)
class ImportRow:
    line: int  # the file's line where this row starts (the header is line 1)
    name: str
    country: str
    email: str


@dataclass(frozen=True)
class PlayerFile:
    rows: tuple[ImportRow, ...]
    columns: dict[str, str]  # field -> the header as the file wrote it
    ignored: tuple[str, ...]  # headers that name no field
    encoding: str = UTF8  # what the file was read as (`_decode`)

    def columns_sentence(self) -> str:
        """Which columns were read, for the director: 'Columns used: name from “Nombre”, …'."""
        labels = {"name": _("name"), "country": _("country"), "email": _("email")}
        used = ", ".join(
            _("%(field)s from “%(header)s”") % {"field": labels[field], "header": header}
            for field, header in self.columns.items()
        )
        sentence = _("Columns used: %(columns)s.") % {"columns": used}
        if self.ignored:
            ignored = ", ".join(f"“{header}”" for header in self.ignored)
            sentence += " " + _("Left out: %(columns)s.") % {"columns": ignored}
        sentence += " " + _("Read as %(encoding)s.") % {"encoding": encoding_label(self.encoding)}
        return sentence


class PlayerFileError(ValueError):
    """The file cannot be imported; ``problems`` are sentences, each naming its line."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = tuple(problems)


def _separator(header_line: str) -> str:
    """The separator the header row uses most: a name alone on the line is read with `,`."""
    counts = {separator: header_line.count(separator) for separator in SEPARATORS}
    best = max(SEPARATORS, key=lambda separator: counts[separator])
    return best if counts[best] else ","


def _decode(data: bytes | str) -> tuple[str, str]:
    """The file's text and the encoding it was read in: UTF-8 with a byte-order mark (Excel's
    "CSV UTF-8"), UTF-8, else Windows-1252 (Excel's plain "CSV" on a Western Windows, "CSV
    (delimitado por comas)"). A file valid as UTF-8 is read so: bytes of Windows-1252 accents
    are almost never valid UTF-8, while UTF-8 read as Windows-1252 would turn "é" into "Ã©"."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff"), UTF8
    if data.startswith(b"\xef\xbb\xbf"):
        encodings: tuple[str, ...] = (UTF8_BOM,)
    else:
        encodings = (UTF8, WINDOWS_1252)
    for encoding in encodings:
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    raise PlayerFileError(
        [_("The file is neither UTF-8 nor Windows-1252 text: save it as “CSV UTF-8” and import it again.")]
    )


def encoding_label(encoding: str) -> str:
    """The encoding as the director's spreadsheet names it."""
    return {
        UTF8: _("UTF-8"),
        UTF8_BOM: _("UTF-8 with a byte-order mark (Excel's “CSV UTF-8”)"),
        WINDOWS_1252: _("Windows-1252 (Excel's plain “CSV”)"),
    }.get(encoding, encoding)


def _columns(header: list[str]) -> tuple[dict[str, int], list[str]]:
    """Each field's column index (the first header naming it) and the headers naming none."""
    index: dict[str, int] = {}
    ignored = []
    for position, text in enumerate(header):
        folded = fold_name(text)
        field = next((field for field, names in HEADERS.items() if folded in names), None)
        if field is not None and field not in index:
            index[field] = position
        elif text.strip():
            ignored.append(text.strip())
    return index, ignored


def _row_problems(row: ImportRow) -> list[str]:
    problems = []
    if not row.name:
        problems.append(_("Line %(line)s: no name.") % {"line": row.line})
    labels = {"name": _("the name"), "country": _("the country"), "email": _("the email")}
    for field, limit in MAX_LENGTHS.items():
        if len(getattr(row, field)) > limit:
            problems.append(
                _("Line %(line)s: %(field)s is longer than %(limit)s characters.")
                % {"line": row.line, "field": labels[field], "limit": limit}
            )
    if row.email and len(row.email) <= MAX_LENGTHS["email"]:
        try:
            validate_email(row.email)
        except ValidationError:
            problems.append(
                _("Line %(line)s: “%(email)s” is not an email address.") % {"line": row.line, "email": row.email}
            )
    return problems


def read_player_file(data: bytes | str) -> PlayerFile:
    """The file's players, or `PlayerFileError` with every problem found (nothing is half read)."""
    text, encoding = _decode(data)
    if not text.strip():
        raise PlayerFileError([_("The file is empty: it needs a header row, such as Name,Country,Email.")])
    first_line = io.StringIO(text, newline="").readline()
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_separator(first_line))
    header = next(reader)
    index, ignored = _columns(header)
    if "name" not in index:
        found = ", ".join(f"“{cell.strip()}”" for cell in header if cell.strip())
        sentence = _(
            "Line 1: the file needs a name column (Name, Nombre, Player or Jugador); its header row reads %(headers)s."
        )
        raise PlayerFileError([sentence % {"headers": found or _("nothing")}])
    rows: list[ImportRow] = []
    problems: list[str] = []
    line = reader.line_num + 1
    for cells in reader:
        if any(cell.strip() for cell in cells):
            values = {field: cells[i].strip() if i < len(cells) else "" for field, i in index.items()}
            row = ImportRow(
                line=line, name=values["name"], country=values.get("country", ""), email=values.get("email", "")
            )
            problems.extend(_row_problems(row))
            rows.append(row)
        line = reader.line_num + 1
    if not rows and not problems:
        problems.append(_("The file has no players: only its header row."))
    if problems:
        raise PlayerFileError(problems)
    columns = {field: header[i].strip() for field, i in sorted(index.items(), key=lambda item: item[1])}
    return PlayerFile(rows=tuple(rows), columns=columns, ignored=tuple(ignored), encoding=encoding)


def check_rows(rows: Sequence[ImportRow], registered: Collection[str]) -> list[str]:
    """Names the event already has, or that the file repeats, as sentences with their line."""
    seen: set[str] = set()
    problems = []
    for row in rows:
        if row.name in registered:
            problems.append(_("Line %(line)s: %(name)s is already registered.") % {"line": row.line, "name": row.name})
        elif row.name in seen:
            problems.append(
                _("Line %(line)s: %(name)s appears twice in the file.") % {"line": row.line, "name": row.name}
            )
        seen.add(row.name)
    return problems
