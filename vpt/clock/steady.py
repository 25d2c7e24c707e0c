"""The instant the tournament clock reads: wall time with the system clock's jumps taken out.

A laptop that joins a network syncs its clock, which can step it hours at once; the
tournament clock, computed from stored instants and "now", would skip levels (or go back).
``steady_now()`` is Django's ``timezone.now()`` less ``wall_clock_jump()``: how far the wall clock
has moved since a reference instant beyond the time that really elapsed, as the kernel's
boot-time clock (which a clock change never moves, and which counts a suspended laptop's
sleep) measured it. Stepping the clock back undoes the jump.

The reference (a wall instant and the boot-time reading taken with it) is kept in the data
folder, tagged with the machine's boot id, so every process on this machine (gunicorn's
workers, the job runner, a worker started after the jump) measures from the same one. After
a reboot the wall clock is trusted again. Each new jump writes one warning in the log.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.utils import timezone

__all__ = ["JumpGuard", "steady_now", "wall_clock_jump"]

logger = logging.getLogger(__name__)

# Smaller differences are the two clocks' rounding and NTP's slewing, not a jump; a jump is
# logged when it first shows and whenever it changes by as much again.
JUMP_THRESHOLD_SECONDS = 2.0
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")


def _boot_seconds() -> float:
    clock_id = getattr(time, "CLOCK_BOOTTIME", time.CLOCK_MONOTONIC)
    return time.clock_gettime(clock_id)


def _boot_id() -> str:
    try:
        return BOOT_ID.read_text().strip()
    except OSError:
        return ""


class JumpGuard:
    """Measures the wall clock's jumps against a clock that only moves forward, evenly."""

    def __init__(
        self,
        *,
        wall: Callable[[], float] = time.time,
        elapsed: Callable[[], float] = _boot_seconds,
        reference_file: Path | None = None,
        boot_id: str = "",
    ) -> None:
        self._wall = wall
        self._elapsed = elapsed
        self._reference_file = reference_file
        self._boot_id = boot_id
        self._reference: tuple[float, float] | None = None
        self._logged_jump = 0.0

    def _load_reference(self) -> tuple[float, float]:
        if self._reference is not None:
            return self._reference
        reference = None
        if self._reference_file is not None:
            try:
                stored = json.loads(self._reference_file.read_text())
                if stored.get("boot_id") == self._boot_id:
                    reference = (float(stored["wall"]), float(stored["elapsed"]))
            except (OSError, ValueError, KeyError, TypeError):
                reference = None
        if reference is None:
            reference = (self._wall(), self._elapsed())
            self._store_reference(reference)
        self._reference = reference
        return reference

    def _store_reference(self, reference: tuple[float, float]) -> None:
        if self._reference_file is None:
            return
        payload = {"boot_id": self._boot_id, "wall": reference[0], "elapsed": reference[1]}
        temporary = self._reference_file.with_suffix(f".{os.getpid()}.tmp")
        try:
            self._reference_file.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_text(json.dumps(payload))
            os.replace(temporary, self._reference_file)
        except OSError as error:  # a full or read-only disk: this process keeps its own reference
            logger.warning("cannot store the clock reference %s: %s", self._reference_file, error)

    def jump(self) -> float:
        """Seconds the wall clock has been moved (forward: positive) since the reference."""
        wall_then, elapsed_then = self._load_reference()
        jump = (self._wall() - wall_then) - (self._elapsed() - elapsed_then)
        if abs(jump) < JUMP_THRESHOLD_SECONDS:
            jump = 0.0
        if abs(jump - self._logged_jump) >= JUMP_THRESHOLD_SECONDS:
            logger.warning(
                "the system clock jumped %+.0f s (now %+.0f s from elapsed time); the tournament clock ignores it",
                jump - self._logged_jump,
                jump,
            )
            self._logged_jump = jump
        return jump


_guard: JumpGuard | None = None


def _process_guard() -> JumpGuard:
    global _guard
    if _guard is None:
        _guard = JumpGuard(reference_file=Path(settings.DATA_DIR) / "clock-reference.json", boot_id=_boot_id())
    return _guard


def wall_clock_jump() -> float:
    """How far this machine's wall clock has been moved since the reference, in seconds."""
    return _process_guard().jump()


def steady_now() -> datetime:
    """Now, as the tournament clock counts it: ``timezone.now()`` without the wall clock's jumps."""
    return timezone.now() - timedelta(seconds=wall_clock_jump())
