"""Data built once for many tests: a transaction around a class or module of tests, rolled back
after its last one. Each test's own transaction (pytest-django's `db`) nests in it as a
savepoint, so what a test writes is still undone after it, and the data it shares is built once."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import caches
from django.db import transaction


@contextmanager
def shared_transaction() -> Iterator[None]:
    """A transaction rolled back at its end, in which the services' durable transactions may
    nest, as they do in a test's own (Django's TestCase marks its class-wide atomic the same way)."""
    atomic = transaction.atomic()
    atomic._from_testcase = True  # type: ignore[attr-defined]
    atomic.__enter__()
    try:
        yield
    finally:
        transaction.set_rollback(True)
        atomic.__exit__(None, None, None)


def clear_caches() -> None:
    """Empty every cache before a test on shared data: a page an earlier test cached describes
    what that test wrote, since rolled back, and could carry the same version key."""
    for cache in caches.all():
        cache.clear()
