"""The machine's services some tests need: PostgreSQL at 127.0.0.1:5432, Redis at 127.0.0.1:6379.

A test that needs one calls `require`: where the service is missing it is skipped on a
developer's machine and fails in CI (`VPT_REQUIRE_SERVICES=1`, set by .ci/run), so CI never
passes by skipping.
"""

from __future__ import annotations

import os
import socket

import pytest

POSTGRES = ("127.0.0.1", 5432)
REDIS = ("127.0.0.1", 6379)
REDIS_URL = os.environ.get("VPT_CACHE_URL") or "redis://127.0.0.1:6379/0"


def reachable(address: tuple[str, int]) -> bool:
    try:
        with socket.create_connection(address, timeout=2):
            return True
    except OSError:
        return False


def require(address: tuple[str, int], what: str) -> None:
    if reachable(address):
        return
    message = f"{what} is not answering at {address[0]}:{address[1]}"
    if os.environ.get("VPT_REQUIRE_SERVICES") == "1":
        pytest.fail(message)
    pytest.skip(message)
