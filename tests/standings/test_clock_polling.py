"""A level change while 200 screens poll the public clock: the GETs compute what time shows and
write nothing (so none queues for the event's write lock: on SQLite, "database is locked");
then the one writer, `apply_clock_changes`, stores the change once.

Against a live server on the file SQLite test database, with real threads and HTTP. The server
is Django's live server with a listen queue long enough for 200 connections at once (its
default of 10 makes the kernel drop connection attempts, which retry after 1, 2, 4... seconds:
a test that would depend on the machine's speed)."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread
from django.utils import timezone

from vpt.audit.models import AuditEntry
from vpt.events.models import Clock, Event
from vpt.rounds.clock import apply_clock_changes, start_clock

POLLERS = 200


class WideServer(ThreadedWSGIServer):
    request_queue_size = 1024


class WideServerThread(LiveServerThread):
    server_class = WideServer


@pytest.fixture
def server(transactional_db: None) -> Iterator[str]:
    thread = WideServerThread("localhost", StaticFilesHandler)
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    yield f"http://localhost:{thread.port}"
    thread.terminate()
    thread.join()


def state(event: Event) -> tuple[int, int, int | None, Any]:
    event = Event.objects.select_related("current_level").get(pk=event.pk)
    clock = Clock.objects.get(event=event)
    level = event.current_level.number if event.current_level else None
    return AuditEntry.objects.filter(event_id=event.pk).count(), event.version, level, clock.updated_at


@pytest.mark.django_db(transaction=True)
def test_a_level_change_while_200_screens_poll(server: str, director: User) -> None:
    from vpt.events.services import create_event

    event = create_event(
        name="Poll Cup",
        slug="poll-cup",
        actor=director,
        levels=[{"chips_per_point": 100, "minutes": 20}, {"chips_per_point": 200, "minutes": 20}],
    )
    # Level 1 ran out five minutes ago: every GET finds a level change that is not stored yet.
    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=25))
    before = state(event)
    base = f"{server}/standings/poll-cup"
    start = threading.Barrier(POLLERS, timeout=120)

    def poll(n: int) -> list[str]:
        errors: list[str] = []
        start.wait()
        for url in (f"{base}/clock.json", f"{base}/clock/", f"{base}/clock.json"):
            try:
                with urllib.request.urlopen(url, timeout=120) as response:
                    body = response.read().decode()
                    if response.status != 200:
                        errors.append(f"{url}: {response.status}")
                    elif url.endswith(".json") and json.loads(body)["level"]["number"] != 2:
                        errors.append(f"{url}: level {json.loads(body)['level']['number']}")
                    elif not url.endswith(".json") and "Level 2" not in body:
                        errors.append(f"{url}: no level 2")
            except (urllib.error.URLError, OSError, ValueError) as error:
                errors.append(f"{url}: {error!r}")
        return errors

    with ThreadPoolExecutor(max_workers=POLLERS) as pool:
        results = list(pool.map(poll, range(POLLERS)))

    errors = [error for result in results for error in result]
    assert errors == []
    assert state(event) == before  # no audit entry, no version, no level in force, no clock write

    assert apply_clock_changes() == 1
    audits, version, level, _updated = state(event)
    assert (audits, version, level) == (before[0] + 1, before[1] + 1, 2)
