"""Writers to SQLite take turns in a queue instead of polling for its lock.

SQLite has one write lock per database file. A writer that finds it taken sleeps and tries again
(the busy handler: 1, 2, 5, ... up to 100 ms between tries), so with a room of tablets writing
at once the lock sits idle between a commit and the next try, and a writer can lose its turn
again and again: the room bench saw the lock held 20 ms a hand (p50) but reached after 1.3 s
(p95). `write_turn()` queues the writers instead: the threads of a process on a lock, the
processes on an `flock` of the database file itself; the kernel wakes the next one the moment
the lock is given back. (`flock` and SQLite's own POSIX locks do not meet on Linux or macOS;
the descriptor stays open for the life of the process, since closing one would drop SQLite's
POSIX locks on that file.) Nothing waits that would not have waited anyway, and a writer that does
not take a turn (the job runner, a director's page) still gets the database by the busy handler.

On PostgreSQL (row locks queue by themselves) and inside an open transaction it does nothing.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connections

try:
    import fcntl
except ImportError:  # not POSIX: the processes fall back on SQLite's busy handler
    fcntl = None  # type: ignore[assignment]

_in_process = threading.Lock()
_files: dict[tuple[int, str], int] = {}
_files_lock = threading.Lock()


def _turn_file(database: str) -> int | None:
    """This process's descriptor of `database` (a file path) to queue on, opened once."""
    if fcntl is None or database.startswith("file:") or database in ("", ":memory:"):
        return None
    # Keyed by process too: a descriptor inherited across a fork shares its lock with the parent.
    key = (os.getpid(), database)
    with _files_lock:
        if key not in _files:
            try:
                _files[key] = os.open(database, os.O_RDONLY)
            except OSError:  # not made yet (the first connection makes it): no queue this time
                return None
        return _files[key]


@contextmanager
def write_turn(using: str = "default") -> Iterator[None]:
    """Wait for this writer's turn at the database, then hold it for the `with` block (which
    opens the transaction)."""
    connection = connections[using]
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    descriptor = _turn_file(str(connection.settings_dict["NAME"]))
    with _in_process:
        if descriptor is None:
            yield
            return
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
