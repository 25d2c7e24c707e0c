"""While PostgreSQL is known down, pages answer at once; one probe a second finds it back; the
pool retries a lost connection every couple of seconds, however long the outage (vpt.outage)."""

from __future__ import annotations

import pytest
from psycopg_pool import pool

from vpt import outage
from vpt.outage import MAX_RECONNECT_DELAY_SECONDS, OutageBreaker, cap_pool_reconnect_delay


class Probe:
    def __init__(self) -> None:
        self.up = False
        self.calls = 0

    def __call__(self) -> bool:
        self.calls += 1
        return self.up


def test_known_down_answers_at_once_and_one_probe_a_second_finds_it_back() -> None:
    now = [100.0]
    probe = Probe()
    breaker = OutageBreaker(probe, every=1.0, clock=lambda: now[0])
    assert not breaker.answer_at_once()

    breaker.failed()
    assert [breaker.answer_at_once() for _ in range(50)] == [True] * 50
    assert probe.calls == 0  # within the second: no probe at all

    now[0] += 1.0
    assert breaker.answer_at_once() and breaker.answer_at_once()
    assert probe.calls == 1  # one probe for the second, still down

    probe.up = True
    now[0] += 1.0
    assert not breaker.answer_at_once()
    assert not breaker.down and probe.calls == 2


def test_the_pool_retries_every_couple_of_seconds_however_long_the_outage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outage, "_breaker", OutageBreaker(lambda: True))  # not this process's own
    cap_pool_reconnect_delay()
    attempt = pool.AttemptWithBackoff(timeout=3600)
    delays = []
    for _ in range(12):  # doubling from 1 s, these would reach 2048 s
        attempt.update_delay(0.0)
        delays.append(attempt.delay)

    assert delays[0] <= 1.1
    assert max(delays) == MAX_RECONNECT_DELAY_SECONDS == 2.0


def test_a_failed_reconnection_makes_the_database_known_down(monkeypatch: pytest.MonkeyPatch) -> None:
    breaker = OutageBreaker(lambda: False)
    monkeypatch.setattr(outage, "_breaker", breaker)
    cap_pool_reconnect_delay()

    pool.AttemptWithBackoff(timeout=3600).update_delay(0.0)  # what the pool does when a connect fails

    assert breaker.down and breaker.answer_at_once()
