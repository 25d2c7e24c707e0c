"""Writers to SQLite queue for their turn (`vpt.write_turns`): while one writer holds it, a
thread of the same process and another process both find the turn taken; once it is given
back, the next writer gets it. Checked with non-blocking tries, never by waiting."""

from __future__ import annotations

import fcntl
import os
import threading

import pytest
from django.db import connection, transaction

from vpt import write_turns
from vpt.write_turns import write_turn

pytestmark = pytest.mark.django_db(transaction=True)


def another_process_could_write(database: str) -> bool:
    """Whether another process would get the turn now (a descriptor of its own, a try)."""
    descriptor = os.open(database, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(descriptor)  # closing it gives the lock back
    return True


def test_a_writer_holds_the_turn_against_threads_and_processes() -> None:
    connection.ensure_connection()
    if connection.vendor != "sqlite":  # PostgreSQL queues writers on its row locks: no turn
        with write_turn(), transaction.atomic():
            assert not write_turns._in_process.locked()
        return
    database = str(connection.settings_dict["NAME"])
    with write_turn(), transaction.atomic():
        assert write_turns._in_process.locked()
        assert not another_process_could_write(database)
    assert not write_turns._in_process.locked()
    assert another_process_could_write(database)


def test_a_second_thread_writes_once_the_first_is_done() -> None:
    order: list[str] = []

    def second_writer() -> None:
        with write_turn():
            order.append("second")

    thread = threading.Thread(target=second_writer)
    with write_turn():
        order.append("first")
        thread.start()
        if connection.vendor == "sqlite":
            assert order == ["first"]  # the second writer waits for its turn
        else:  # PostgreSQL: no turn to wait for; its row locks queue the writers
            thread.join()
            assert order == ["first", "second"]
    thread.join()
    assert order == ["first", "second"]


def test_inside_a_transaction_it_takes_no_turn() -> None:
    with transaction.atomic(), write_turn():
        assert not write_turns._in_process.locked()
