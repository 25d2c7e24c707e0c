"""The director's floor shows the last backup and offers it for download; nobody else gets it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse
from factories import make_event

from vpt.events.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director: User) -> Event:
    return make_event(director, name="Spring Open", slug="spring")


def test_the_floor_says_when_there_is_no_backup_yet(client_as_director: Client, event: Event, tmp_path: Path) -> None:
    with override_settings(DATA_DIR=tmp_path):
        page = client_as_director.get(reverse("floor:detail", args=[event.slug])).content.decode()
        assert client_as_director.get(reverse("floor:backup-download")).status_code == 404

    assert "No backup yet" in page
    assert reverse("floor:backup-download") not in page


def test_the_floor_shows_the_latest_backup_and_downloads_it(
    client_as_director: Client, event: Event, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "vpt-20261130-101500.sqlite3").write_bytes(b"older")
    (folder / "vpt-20261130-214502.sqlite3").write_bytes(b"newest")

    with override_settings(DATA_DIR=tmp_path):
        page = client_as_director.get(reverse("floor:detail", args=[event.slug])).content.decode()
        response = client_as_director.get(reverse("floor:backup-download"))

    assert "Last backup:" in page
    assert 'datetime="2026-11-30T21:45:02' in page
    assert reverse("floor:backup-download") in page
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"newest"  # type: ignore[attr-defined]
    assert 'attachment; filename="vpt-20261130-214502.sqlite3"' in response["Content-Disposition"]


def test_only_directors_download_backups(client: Client, dealer_user: User, tmp_path: Path) -> None:
    (tmp_path / "backups").mkdir()
    (tmp_path / "backups" / "vpt-20261130-214502.sqlite3").write_bytes(b"secret")
    url = reverse("floor:backup-download")
    with override_settings(DATA_DIR=tmp_path):
        assert client.get(url).status_code == 302  # to the login page
        client.force_login(dealer_user)
        assert client.get(url).status_code == 403
