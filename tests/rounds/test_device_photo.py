"""A table's device signed in by its card keeps a board photo with its own table's hand; the
permission is checked before the photo's body is read or decoded."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from factories import hand_post, make_table
from PIL import Image

from vpt.rounds import photos
from vpt.rounds.models import HandPhoto
from vpt.tables.models import Table
from vpt.tables.services import issue_table_token

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def jpeg() -> SimpleUploadedFile:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), (20, 120, 60)).save(out, format="JPEG")
    return SimpleUploadedFile("board.jpg", out.getvalue(), content_type="image/jpeg")


def signed_in_device(table: Table, director: User) -> Client:
    device = Client()
    token = issue_table_token(table, actor=director).token
    assert device.post(reverse("dealer:sign-in", args=[token])).status_code == 302
    return device


def test_a_card_signed_in_device_attaches_a_photo(table: Table, director: User) -> None:
    device = signed_in_device(table, director)
    device.post(reverse("dealer:table", args=[table.pk]), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]))
    url = reverse("dealer:hand-photo-upload", args=[table.pk, 1])
    response = device.post(url, {"photo": jpeg()})
    assert response.status_code == 201, response.content
    assert response.json() == {"hand_number": 1}
    assert HandPhoto.objects.filter(hand__table=table, hand__number=1).count() == 1


def test_a_refused_photo_is_never_decoded(table: Table, director: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """A device signed in for another table is refused (403) before Pillow ever sees the body."""
    device = signed_in_device(table, director)
    device.post(reverse("dealer:table", args=[table.pk]), hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]))
    other = make_table(director, players=("Xavi", "Yara"), slug="other-event")
    intruder = signed_in_device(other, director)
    decoded: list[object] = []
    real = photos.prepare_photo
    monkeypatch.setattr("vpt.dealer.photo_views.prepare_photo", lambda upload: decoded.append(upload) or real(upload))
    url = reverse("dealer:hand-photo-upload", args=[table.pk, 1])
    assert intruder.post(url, {"photo": jpeg()}).status_code == 403
    assert decoded == [] and not HandPhoto.objects.exists()
