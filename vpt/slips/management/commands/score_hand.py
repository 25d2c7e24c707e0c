"""``manage.py score_hand [FILE|-] [--jsonl]``: score hands from JSON, with no database.

One hand (default): read one JSON hand from FILE, or standard input when FILE is absent or
``-``; print the result as indented JSON; exit 0. On bad input print one line naming the
problem on standard error, nothing on standard output, and exit 2 (``score-hand-json.md``).

``--jsonl``: one hand per input line, one compact result per output line, for re-scoring whole
event logs. A bad line prints ``{"error": "line 3: ..."}`` in its place and the rest go on;
blank lines are skipped. Exit 0 when every line scored; 2 at the end when a line was bad (with
one line on standard error saying how many), or at once when the input cannot be read at all.

One hand is at most 1 MB (``vpt.ofc.MAX_INPUT_BYTES``; in ``--jsonl``, each line): a bigger
one is refused after reading no more than that.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, NoReturn, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from vpt.ofc import MAX_INPUT_BYTES, InvalidHand, score_text, too_big

EXIT_BAD_INPUT = 2


class Command(BaseCommand):
    help = "Score and settle OFC hands given as JSON (score-hand-json.md). Touches no database."

    # No system checks: they would inspect models and migrations, and this command must run
    # on a machine with no database at all (a laptop re-scoring an exported log).
    requires_system_checks: list[str] = []
    # call_command("score_hand", stdin=io.StringIO(...)) feeds standard input (tests, callers).
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", nargs="?", default="-", metavar="FILE", help="JSON file to read; '-' or absent reads standard input"
        )
        parser.add_argument(
            "--jsonl", action="store_true", help="one hand per input line, one compact result per output line"
        )
        parser.add_argument(
            "--slip",
            metavar="OUT.pdf",
            help="also write the hand's chip-settlement slip to OUT.pdf (one hand, not --jsonl)",
        )

    def execute(self, *args: Any, **options: Any) -> Any:
        # Bad input must print only its one-line message (Django would prefix "CommandError: ")
        # and exit 2. From call_command() the CommandError propagates, for tests and callers.
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if not getattr(self, "_called_from_command_line", False) or options.get("traceback"):
                raise
            self.stderr.write(str(error))
            sys.exit(error.returncode)

    def handle(self, *args: Any, **options: Any) -> None:
        stdin: TextIO = options.get("stdin") or sys.stdin
        if options["jsonl"] and options.get("slip"):
            raise CommandError("--slip prints the slip of one hand: it cannot be used with --jsonl")
        if options["jsonl"]:
            bad = 0
            for output, ok in self.score_lines(self.read_lines(options["file"], stdin)):
                self.stdout.write(output)
                bad += not ok
            if bad:
                self.fail(f"{bad} bad input line{'s' if bad != 1 else ''}: see the error objects in the output")
            return
        text = self.read_text(options["file"], stdin, limit=MAX_INPUT_BYTES)
        self.hand_text = text  # the slip prints the cards, which only the input holds
        try:
            result = score_text(text)
        except InvalidHand as error:
            self.fail(str(error))
        self.handle_result(result, options)

    def handle_result(self, result: dict[str, Any], options: dict[str, Any]) -> None:
        """Print one scored hand. Extend here for outputs other than JSON (a settlement slip)."""
        self.stdout.write(json.dumps(result, indent=2))
        if options.get("slip"):
            from vpt.slips.slip import (
                render_json_slip,  # reportlab loads only when a slip is asked for
            )

            pdf = render_json_slip(result, json.loads(self.hand_text))
            try:
                with open(options["slip"], "wb") as file:
                    file.write(pdf)
            except OSError as error:
                raise CommandError(f"{options['slip']}: cannot write: {error.strerror or error}") from None

    @staticmethod
    def score_lines(lines: Iterator[str]) -> Iterator[tuple[str, bool]]:
        """One compact JSON output line per non-blank input line, errors included, each with
        whether it scored (``False``: an ``{"error": ...}`` object)."""
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                output: dict[str, Any] = score_text(line, line=number)
            except InvalidHand as error:
                yield json.dumps({"error": str(error)}, separators=(",", ":")), False
                continue
            yield json.dumps(output, separators=(",", ":")), True

    def read_text(self, name: str, stdin: TextIO, *, limit: int | None = None) -> str:
        """The whole input as text; with a ``limit`` in bytes, refuse a bigger input unread."""
        if name == "-":
            data = _read_stream(stdin, limit)
            name = "standard input"
        else:
            try:
                with open(name, "rb") as file:
                    data = file.read() if limit is None else file.read(limit + _BOM + 1)
            except OSError as error:
                self.fail(f"{name}: cannot read: {error.strerror or error}")
        if limit is not None and len(data) > limit + _BOM:
            self.fail(str(too_big()))
        return _decode(data, name, self.fail)

    def read_lines(self, name: str, stdin: TextIO) -> Iterator[str]:
        # Whole input at once: simple, and an event's log is far smaller than memory. A file that
        # cannot be read or decoded fails before any output, so no partial result is printed.
        # Lines end at "\n" only (JSON Lines): str.splitlines() would also break a valid hand at a
        # U+2028, U+2029 or U+0085 inside a name, and shift every later line number.
        return iter(self.read_text(name, stdin).split("\n"))

    def fail(self, message: str) -> NoReturn:
        raise CommandError(message, returncode=EXIT_BAD_INPUT)


_BOM = 3  # bytes of the UTF-8 byte-order mark some editors write, not counted in the limit


def _read_stream(stream: TextIO, limit: int | None) -> bytes | str:
    size = -1 if limit is None else limit + _BOM + 1
    buffer = getattr(stream, "buffer", None)
    return buffer.read(size) if buffer is not None else stream.read(size)


def _decode(data: bytes | str, name: str, fail: Any) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")  # tolerate the BOM some editors write
    except UnicodeDecodeError as error:
        fail(f"{name}: not UTF-8 text (byte {error.start + 1})")
        raise  # unreachable: fail() raises
