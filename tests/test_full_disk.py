"""A full disk: the director is told before writes fail, and the log file goes on after."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import Settings

from vpt import disk
from vpt.events.services import create_event
from vpt.log_files import SurvivingRotatingFileHandler


def test_the_log_file_goes_on_after_the_disk_was_full(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    handler = SurvivingRotatingFileHandler(tmp_path / "vpt.log", maxBytes=5 * 1024 * 1024, delay=True)
    record = logging.LogRecord("vpt", logging.ERROR, __file__, 1, "%s", ("line",), None)
    try:
        handler.emit(logging.makeLogRecord({**record.__dict__, "args": ("before",)}))
        handler.stream.close()
        handler.stream = open("/dev/full", "w")  # noqa: SIM115  (a disk with no room left)
        handler.emit(logging.makeLogRecord({**record.__dict__, "args": ("lost",)}))
        handler.emit(logging.makeLogRecord({**record.__dict__, "args": ("after",)}))
    finally:
        handler.close()

    assert (tmp_path / "vpt.log").read_text().splitlines() == ["before", "after"]
    assert "No space left on device" in capsys.readouterr().err


@pytest.fixture
def fresh_check() -> None:
    disk._checked = (float("-inf"), None)


def test_the_director_sees_disk_almost_full_before_writes_fail(
    client_as_director: Client, director: User, settings: Settings, fresh_check: None
) -> None:
    create_event(name="Disk Open", slug="disk-open", actor=director)
    free_mb = min(disk_usage_mb(folder) for folder in disk.watched_folders())

    settings.VPT_DISK_WARN_MB = free_mb + 1024  # less free than the threshold
    warned = client_as_director.get("/floor/events/disk-open/").content.decode()
    public = Client().get("/standings/disk-open/").content.decode()
    disk._checked = (float("-inf"), None)
    settings.VPT_DISK_WARN_MB = 1  # plenty of room
    quiet = client_as_director.get("/floor/events/disk-open/").content.decode()

    assert "data-low-disk" in warned and "Disk almost full" in warned
    assert "When the disk is full no hand can be recorded" in warned
    assert "data-low-disk" not in public and "data-low-disk" not in quiet


def disk_usage_mb(folder: Path) -> int:
    import shutil

    return shutil.disk_usage(folder).free // disk.MEGABYTE
