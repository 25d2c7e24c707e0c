"""While PostgreSQL is known to be down: answer at once, and come back within seconds.

known down   a request failed because the database did not answer (`vpt.middleware` and
             `/healthz` call `database_failed`), or the pool failed to open a connection. From
             then on each request of this process is answered the 503 page at once, without
             waiting `VPT_DB_POOL_TIMEOUT` for a pooled connection that cannot come (with 10 s
             a request, a few threads would answer a room of phones about one 503 a second,
             and the phones would time out instead of reading "Back in a moment").
probe        at most once a second, one request (the others do not wait for it) tries a fresh
             connection with a one-second timeout (`probe_database`); when it connects, the
             database is up again and requests go through as before.
reconnecting psycopg's pool retries its connections in the background with a delay that doubles
             each time (1, 2, 4 ... 64 s), so after a long outage it could take a minute to
             notice the database is back. `cap_pool_reconnect_delay` keeps that delay at most
             `MAX_RECONNECT_DELAY_SECONDS`.

SQLite has no outages of this kind (the file is local): only PostgreSQL uses the breaker. No
Django import at the top: the settings call `cap_pool_reconnect_delay` while they load.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

logger = logging.getLogger(__name__)

PROBE_EVERY_SECONDS = 1.0
PROBE_TIMEOUT_SECONDS = 1
MAX_RECONNECT_DELAY_SECONDS = 2.0


class OutageBreaker:
    """Remembers that the database is down, and lets one probe at a time find out it is back."""

    def __init__(
        self,
        probe: Callable[[], bool],
        *,
        every: float = PROBE_EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._probe = probe
        self._every = every
        self._clock = clock
        self._lock = threading.Lock()
        self._down = False
        self._last_probe = 0.0

    @property
    def down(self) -> bool:
        return self._down

    def failed(self) -> None:
        if not self._down:
            logger.error("the database is not answering: pages answer 503 at once until it is back")
        self._down, self._last_probe = True, self._clock()

    def answer_at_once(self) -> bool:
        """True while the database is known down: answer 503 without asking it."""
        if not self._down:
            return False
        if not self._lock.acquire(blocking=False):
            return True  # another thread is probing: do not wait for it
        try:
            if self._clock() - self._last_probe < self._every:
                return True
            self._last_probe = self._clock()
            if not self._probe():
                return True
            self._down = False
            logger.error("the database answers again")
            return False
        finally:
            self._lock.release()


def probe_database(alias: str = "default") -> bool:
    """Whether a fresh connection to the database opens within a second (outside the pool)."""
    import psycopg
    from django.db import connections

    params = connections[alias].settings_dict
    options = {key: value for key, value in (params.get("OPTIONS") or {}).items() if key in ("sslmode", "sslrootcert")}
    try:
        psycopg.connect(
            dbname=params["NAME"],
            user=params.get("USER") or None,
            password=params.get("PASSWORD") or None,
            host=params.get("HOST") or None,
            port=params.get("PORT") or None,
            connect_timeout=PROBE_TIMEOUT_SECONDS,
            **options,
        ).close()
    except psycopg.Error:
        return False
    return True


_breaker = OutageBreaker(probe_database)


def uses_breaker() -> bool:
    from django.db import connection

    return bool(connection.vendor == "postgresql")


def database_failed() -> None:
    """A request found the database not answering."""
    if uses_breaker():
        _breaker.failed()


def known_down() -> bool:
    """Answer this request 503 at once: the database is known down (and a probe says so)."""
    return uses_breaker() and _breaker.answer_at_once()


def cap_pool_reconnect_delay() -> None:
    """Make psycopg's pool retry a lost connection at least every `MAX_RECONNECT_DELAY_SECONDS`."""
    from psycopg_pool import base, pool

    class CappedBackoff(base.AttemptWithBackoff):
        def update_delay(self, now: float) -> None:
            # Called when the pool failed to open a connection: the database is known down
            # now, before any request has waited out the pool's timeout.
            _breaker.failed()
            super().update_delay(now)
            self.delay = min(self.delay, MAX_RECONNECT_DELAY_SECONDS)

    # The pool makes its attempts from this name (psycopg_pool 3.2, 3.3); there is no option.
    pool.AttemptWithBackoff = CappedBackoff  # type: ignore[misc]
