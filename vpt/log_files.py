"""The log file survives a full disk: it stops while there is no room and goes on after.

Python's file handler keeps writing into a stream that failed (its buffer still holds what
could not be written), so once the disk had filled, `var/logs/vpt.log` stayed silent even
after space was freed. `SurvivingRotatingFileHandler` closes the file when a write fails and
opens it again for the next record; records in between are lost (they still reach stderr,
which is the terminal or the journal), and it says so on stderr at most once a minute.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import time
from logging.handlers import RotatingFileHandler

COMPLAIN_EVERY_SECONDS = 60.0


class SurvivingRotatingFileHandler(RotatingFileHandler):
    _complained_at = float("-inf")

    def handleError(self, record: logging.LogRecord) -> None:
        stream, self.stream = self.stream, None  # type: ignore[assignment]
        if stream is not None:
            with contextlib.suppress(OSError):  # the disk is full: the buffer is lost, the file closed
                stream.close()
        now = time.monotonic()
        if now - self._complained_at >= COMPLAIN_EVERY_SECONDS:
            self._complained_at = now
            error = sys.exc_info()[1]
            sys.stderr.write(f"vpt: cannot write {self.baseFilename} ({error}); trying again with the next line\n")
