"""A board photo sent with the hand: checked with Pillow, stored without metadata, shown to the
director only. A bad photo refuses the whole submission with a message, and records nothing."""

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
from factories import hand_post
from PIL import Image

from vpt.rounds import photos
from vpt.rounds.models import Hand, HandPhoto
from vpt.tables.models import Table

GPS_IFD = 0x8825
MAKE = 0x010F


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def jpeg_with_exif(size: tuple[int, int] = (640, 480)) -> bytes:
    image = Image.new("RGB", size, (20, 120, 60))
    exif = Image.Exif()
    exif[MAKE] = "PhoneCam"
    exif[0x0112] = 6  # orientation: rotate 90° to show upright
    exif.get_ifd(GPS_IFD)[2] = (40.0, 25.0, 0.0)  # latitude
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif, comment=b"secret")
    return out.getvalue()


def post_hand(client: Client, table: Table, photo: SimpleUploadedFile) -> Any:
    data = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL])
    return client.post(reverse("dealer:table", args=[table.pk]), {**data, "photo": photo})


def test_a_good_photo_is_kept_upright_and_without_metadata(
    client: Client, table: Table, dealer_user: User, director: User, media: Path
) -> None:
    client.force_login(dealer_user)
    upload = SimpleUploadedFile("board.jpg", jpeg_with_exif(), content_type="image/jpeg")
    response = post_hand(client, table, upload)
    assert response.status_code == 302
    photo = HandPhoto.objects.get(hand__table=table, hand__number=1)
    path = Path(photo.image.path)
    assert media in path.parents
    with Image.open(path) as stored:
        assert stored.format == "JPEG"
        assert stored.size == (480, 640)  # turned upright by the EXIF orientation, then dropped
        assert not stored.getexif()
        assert "exif" not in stored.info and "comment" not in stored.info
    assert b"PhoneCam" not in path.read_bytes()
    assert (photo.width, photo.height, photo.uploaded_by) == (480, 640, dealer_user)

    # The director sees it beside the boards; the dealer and the public cannot fetch it.
    url = reverse("floor:hand-photo", args=[photo.hand_id])
    assert client.get(url).status_code == 403
    assert Client().get(url).status_code in (302, 403)
    director_client = Client()
    director_client.force_login(director)
    answer = director_client.get(url)
    assert answer.status_code == 200 and answer["Content-Type"] == "image/jpeg"
    assert "private" in answer["Cache-Control"]
    assert b"".join(answer.streaming_content) == path.read_bytes()
    page = director_client.get(reverse("floor:hand-detail", args=[photo.hand_id])).content.decode()
    assert f'src="{url}"' in page and "data-hand-photo" in page
    correct = director_client.get(reverse("floor:hand-correct", args=[photo.hand_id])).content.decode()
    assert f'src="{url}"' in correct
    public = Client().get(reverse("public:table", args=[table.event.slug, table.number])).content.decode()
    assert url not in public
    with pytest.raises(ValueError):
        photo.image.url  # noqa: B018 -- the storage has no URL


def big_png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, format="PNG", optimize=True)
    return out.getvalue()


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("notes.jpg", b"these are not the pixels you are looking for", "not a photo"),
        ("board.png", big_png(12_000, 12_000), "too many pixels"),
        ("board.jpg", b"\xff\xd8" + b"0" * (photos.MAX_BYTES + 10), "too large"),
    ],
    ids=["not-an-image", "decompression-bomb", "over-10-MB"],
)
def test_a_bad_photo_refuses_the_hand_with_a_message(
    client: Client, table: Table, dealer_user: User, name: str, content: bytes, problem: str
) -> None:
    client.force_login(dealer_user)
    response = post_hand(client, table, SimpleUploadedFile(name, content, content_type="image/jpeg"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "The hand was not recorded" in page and problem in page
    assert not Hand.objects.filter(table=table).exists()
    assert not HandPhoto.objects.exists()


def test_the_photo_is_optional(client: Client, table: Table, dealer_user: User) -> None:
    client.force_login(dealer_user)
    data = hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL])
    assert client.post(reverse("dealer:table", args=[table.pk]), data).status_code == 302
    assert Hand.objects.filter(table=table).count() == 1 and not HandPhoto.objects.exists()


def test_the_device_sends_the_photo_on_its_own_once_the_hand_is_recorded(
    client: Client, table: Table, dealer_user: User
) -> None:
    """The device records the hand as JSON through the Table API, then uploads its photo to the
    hand: kept (201), sent again it replaces the first; a bad one is said on the result page,
    and the hand stays recorded."""
    client.force_login(dealer_user)
    assert (
        client.post(
            reverse("dealer:table", args=[table.pk]),
            hand_post(table, [JACKS, ACES_FULL, QUEENS_FULL]),
        ).status_code
        == 302
    )
    url = reverse("dealer:hand-photo-upload", args=[table.pk, 1])
    for _try in range(2):
        response = client.post(
            url, {"photo": SimpleUploadedFile("board.jpg", jpeg_with_exif(), content_type="image/jpeg")}
        )
        assert response.status_code == 201 and response.json() == {"hand_number": 1}
    assert HandPhoto.objects.filter(hand__table=table).count() == 1

    refused = client.post(url, {"photo": SimpleUploadedFile("board.jpg", b"not an image", content_type="image/jpeg")})

    assert refused.status_code == 400 and refused.json()["code"]
    result = client.get(reverse("dealer:hand-result", args=[table.pk, 1])).content.decode()
    assert "The hand is recorded, but its photo was not kept" in result
    assert Hand.objects.filter(table=table).count() == 1 and HandPhoto.objects.count() == 1
    assert client.post(reverse("dealer:hand-photo-upload", args=[table.pk, 2])).status_code == 404
