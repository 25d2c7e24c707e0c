"""Secrets never written to a log: a table's sign-in token is the last part of its card's URL.

A sign-in card's URL (``/tables/sign-in/<token>/``) would otherwise be printed in gunicorn's
access log and in any log line that names the path (a refused request, a traceback). Every
such line passes through `redact`: the token becomes ``[token]``. gunicorn's access log uses
`RedactingLogger` (``--logger-class``, set by `vpt.serve`); Django's handlers use the
`RedactTokens` filter (settings' LOGGING).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from gunicorn.glogging import Logger

SIGN_IN_PATH = re.compile(r"(/tables/sign-in/)[^/\s?#\"']+")


def redact(text: str) -> str:
    """``text`` with every sign-in token replaced by ``[token]``.

    >>> redact('"GET /tables/sign-in/Zx9_abc-DEF/ HTTP/1.1" 200')
    '"GET /tables/sign-in/[token]/ HTTP/1.1" 200'
    """
    return SIGN_IN_PATH.sub(r"\1[token]", text)


class RedactTokens(logging.Filter):
    """A logging filter: the record's message (with its arguments) redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


class RedactingLogger(Logger):
    """gunicorn's logger, its access log lines and error lines redacted."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        return {name: redact(value) if isinstance(value, str) else value for name, value in atoms.items()}

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        self.error_log.addFilter(RedactTokens())
