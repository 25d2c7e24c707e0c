"""bench/room.py's devices when the servers misbehave: a dealer whose requests fail waits a
bounded, jittered, growing time between tries instead of retrying flat out, and a phone whose
server is killed mid-answer (IncompleteRead) counts a failed read and goes on polling. Time is a
fake clock: nothing here sleeps. And the bench reads the line `record_hand` logs per hand."""

from __future__ import annotations

import http.client
import importlib.util
import logging
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from factories import play

from vpt.tables.models import Table

ROOT = Path(__file__).resolve().parent.parent


def load_room() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_room", ROOT / "bench" / "room.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_room", module)
    spec.loader.exec_module(module)
    return module


room = load_room()


class FakeClock:
    """`time.monotonic` and `time.sleep` for the bench: each reading moves 1 ms on (the work a
    request takes), a sleep moves the clock by its length."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def monotonic(self) -> float:
        self.now += 0.001
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(room.time, "monotonic", fake.monotonic)
    monkeypatch.setattr(room.time, "sleep", fake.sleep)
    return fake


def test_the_backoff_doubles_up_to_its_bound_with_jitter_and_starts_over() -> None:
    backoff = room.Backoff(random.Random(3), first=0.1, most=5.0)
    delays = [backoff.delay() for _ in range(12)]
    bounds = [min(5.0, 0.1 * 2**n) for n in range(12)]
    assert all(bound / 2 <= delay <= bound for delay, bound in zip(delays, bounds, strict=True))
    assert max(delays) <= 5.0 and delays[-1] >= 2.5
    assert len(set(delays)) == len(delays)  # jitter: two dealers that failed together part ways
    backoff.reset()
    assert backoff.delay() <= 0.1


class DownClient:
    """A dealer's client whose every request fails (the server is down)."""

    def __init__(self) -> None:
        self.requests = 0

    def request(self, *args: Any, **kwargs: Any) -> None:
        self.requests += 1
        return None


def test_a_dealer_whose_server_is_down_backs_off_instead_of_retrying_flat_out(clock: FakeClock) -> None:
    client, stats = DownClient(), room.Stats()

    room.dealer(client, stats, {"id": 1, "dealer": "dealer01"}, clock.now + 60, seed=1, hand_seconds=0)

    # 60 s of a dead server: flat out it was one try per clock tick (tens of thousands); now
    # about one every 2.5-5 s once the bound is reached.
    assert 12 <= client.requests <= 30
    assert max(clock.slept) <= room.BACKOFF_MOST_SECONDS


class RefusingClient:
    """The dealer page answers, the record is refused (409) every time."""

    def __init__(self) -> None:
        self.records = 0

    def request(self, kind: str, method: str, path: str, *args: Any, **kwargs: Any) -> tuple[int, dict[str, str], str]:
        if method == "POST":
            self.records += 1
            return 409, {}, '<div role="alert">Stale hand number.</div>'
        return 200, {}, '<input name="hand_number" value="3"><input name="s1-top"><input name="s2-top">'


def test_a_refused_record_is_counted_and_retried_after_a_pause(clock: FakeClock) -> None:
    client, stats = RefusingClient(), room.Stats()

    room.dealer(client, stats, {"id": 1, "dealer": "dealer01"}, clock.now + 60, seed=2, hand_seconds=0)

    assert 12 <= client.records <= 30 and stats.errors["record hand"] == client.records
    assert "Stale hand number." in stats.examples[0]


class KilledWorkerConnection:
    """An HTTP connection to a worker killed mid-answer: the body stops short."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def request(self, *args: Any, **kwargs: Any) -> None:
        pass

    def getresponse(self) -> Any:
        class Response:
            status = 200

            def read(self) -> bytes:
                raise http.client.IncompleteRead(b"<html>", 5000)

        return Response()

    def close(self) -> None:
        pass


def test_a_phone_counts_an_incomplete_read_as_a_failed_read_and_polls_on(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(room.http.client, "HTTPConnection", KilledWorkerConnection)
    stats = room.Stats()

    room.phone([8620], stats, "room-bench", clock.now + 4 * room.POLL_SECONDS + 1, seed=1, arrival=0.0)

    assert stats.errors == {"standings page": 1, "standings poll": 4}
    assert all(example.split(": ", 1)[1].startswith("IncompleteRead") for example in stats.examples)


def test_the_bench_reads_the_line_record_hand_logs_per_hand(
    table: Table, director: User, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="vpt.rounds.timing"):
        play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)

    found = room.recorded([record.getMessage() for record in caplog.records])
    assert len(found.held) == len(found.to_lock) == 1 and found.held[0] >= 0
    assert 0 < found.statements[0] <= 12  # the queries a hand costs (test_record_hand_lock), COMMIT aside


def test_record_hand_logs_no_line_when_it_is_off(
    table: Table, director: User, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)

    assert room.recorded([record.getMessage() for record in caplog.records]).held == []
