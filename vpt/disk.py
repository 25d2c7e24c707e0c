"""Disk space, watched for the director: "disk almost full" on the floor before writes fail.

A full disk stops everything at once: SQLite cannot write a hand, backups and logs stop. The
folders that grow are watched (the data folder: backups, logs; the SQLite database's folder),
and every page a director opens says so while any of them has less than `VPT_DISK_WARN_MB`
(1,024 MB) free: time to copy the backups to a USB stick and delete old ones. Read at most
every `CHECK_EVERY_SECONDS` per process (a system call, not the database).
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections
from django.http import HttpRequest

CHECK_EVERY_SECONDS = 10.0
MEGABYTE = 1024 * 1024


@dataclass(frozen=True)
class LowDisk:
    folder: Path
    free_mb: int


def watched_folders() -> list[Path]:
    folders = [Path(settings.DATA_DIR)]
    database = connections["default"].settings_dict
    if connections["default"].vendor == "sqlite" and str(database["NAME"]) not in ("", ":memory:"):
        folders.append(Path(str(database["NAME"])).resolve().parent)
    return list(dict.fromkeys(folders))


def low_disk() -> LowDisk | None:
    """The watched folder with the least free space, when it is under the threshold."""
    threshold = int(getattr(settings, "VPT_DISK_WARN_MB", 1024))
    lowest: LowDisk | None = None
    for folder in watched_folders():
        try:
            free = shutil.disk_usage(folder).free // MEGABYTE
        except OSError:
            continue
        if free < threshold and (lowest is None or free < lowest.free_mb):
            lowest = LowDisk(folder, int(free))
    return lowest


_checked: tuple[float, LowDisk | None] = (float("-inf"), None)


def disk_warning(request: HttpRequest) -> dict[str, Any]:
    """A context processor: ``low_disk`` for a director's pages (None when there is room)."""
    global _checked
    user = getattr(request, "user", None)
    if user is None or not user.is_staff:
        return {}
    now = time.monotonic()
    if now - _checked[0] >= CHECK_EVERY_SECONDS:
        _checked = (now, low_disk())
    return {"low_disk": _checked[1]}
