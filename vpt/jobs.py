"""The room's job runner: what `make run` does besides answering requests.

`python -m vpt.jobs` loops every `--every` seconds (default 5) and
- applies what time did to the running clocks, and deals the next hand at the tables a break
  that ended kept waiting (`vpt.rounds.clock.apply_clock_changes`, so public pages never have
  to write), and moves on a hand-for-hand round that no table still plays (its last table was
  broken: `vpt.rounds.hand_for_hand.move_on_finished_rounds`);
- takes a backup (`vpt.backups.take_backup`) into `<data folder>/backups/` when the last one is
  `VPT_BACKUP_MINUTES` old (default 5; 0 turns automatic backups off), and after a round ends:
  when more rounds have ended (`tables.Round`) than at the last backup. Rounds end
  every few seconds somewhere in a big room, so a round's backup waits until the last backup
  is at least `ROUND_BACKUP_SECONDS` old: the 50 kept then reach back 50 minutes at least.

`vpt.serve` starts it next to gunicorn; it exits when its parent (the server) is gone, or with
`--once` after one pass (for cron or a test). It sits outside the layered apps: it reads the
tables' rounds and calls into events, and no app imports it.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

logger = logging.getLogger("vpt.jobs")

ROUND_BACKUP_SECONDS = 60


@dataclass
class BackupPolicy:
    minutes: float
    last_taken: float | None = None  # time.time() of the last backup, None before the first
    last_rounds: int | None = None

    def due(self, now: float, rounds: int) -> str | None:
        """Why a backup is due now, or None."""
        if self.minutes <= 0:
            return None
        if self.last_taken is None:
            return "first"
        age = now - self.last_taken
        if age >= self.minutes * 60:
            return "time"
        if self.last_rounds is not None and rounds > self.last_rounds and age >= ROUND_BACKUP_SECONDS:
            return "round"
        return None


def rounds_played() -> int:
    """Rounds ended so far at every table of every event."""
    from vpt.tables.models import Round

    return Round.objects.filter(closed_at__isnull=False).count()


def clock_job() -> Callable[[], int] | None:
    """The other half of "reads never write": None while the clock has no such function."""
    from vpt.rounds import clock

    job = getattr(clock, "apply_clock_changes", None)
    return job if callable(job) else None


def tick(policy: BackupPolicy, now: float | None = None) -> str | None:
    """One pass: the clocks, then a backup if one is due. Returns the backup's path, if taken."""
    from django.db import connections

    from vpt.backups import latest_backup, take_backup

    now = time.time() if now is None else now
    try:
        job = clock_job()
        if job is not None:
            job()
        from vpt.rounds.hand_for_hand import move_on_finished_rounds

        move_on_finished_rounds()  # a hand-for-hand round whose last table was broken
        if policy.last_taken is None:
            latest = latest_backup()
            if latest is not None:
                policy.last_taken = latest.taken_at.timestamp()
        rounds = rounds_played()
        if policy.last_rounds is None:
            policy.last_rounds = rounds
        reason = policy.due(now, rounds)
        if reason is None:
            return None
        path = take_backup()
        policy.last_taken, policy.last_rounds = now, rounds
        logger.warning("backup (%s): %s", reason, path)
        return str(path)
    finally:
        # A pooled connection goes back to the pool; a plain one is closed between passes.
        connections.close_all()


def main(argv: Sequence[str] | None = None) -> None:
    # Read first: by the time Django is set up on a busy machine the parent may be gone already.
    started_by = os.getppid()
    parser = argparse.ArgumentParser(prog="python -m vpt.jobs", description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=float, default=5.0, help="seconds between passes")
    parser.add_argument("--once", action="store_true", help="one pass, then exit")
    parser.add_argument("--parent", type=int, default=None, help="exit when this process is gone (default: parent)")
    options = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")
    import django

    django.setup()
    from django.db import DatabaseError

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    policy = BackupPolicy(minutes=float(os.environ.get("VPT_BACKUP_MINUTES", "5")))
    parent = options.parent or started_by
    while os.getppid() == parent:
        try:
            path = tick(policy)
            if path:
                print(f"[{datetime.now():%H:%M:%S}] backup: {path}", flush=True)
        except DatabaseError as error:  # the runner outlives a database outage: one line each pass
            logger.error("job runner pass failed, the database: %s", error)
        except Exception:
            logger.exception("job runner pass failed")
        if options.once:
            return
        # This process is the server's (vpt.serve's supervisor's) child: once the server has
        # gone, this process is adopted by another and stops too.
        deadline = time.monotonic() + options.every
        while time.monotonic() < deadline:
            if os.getppid() != parent:
                return
            time.sleep(min(1.0, options.every))


if __name__ == "__main__":
    main(sys.argv[1:])
