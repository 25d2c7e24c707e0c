"""Board photos decode within a memory budget (a 60-megapixel PNG is refused before decoding,
a 48-megapixel JPEG decodes scaled down), and nobody logged out can send a large body."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

BASE_DIR = Path(__file__).resolve().parent.parent.parent
MB = 1024 * 1024

MAKE = """
import sys
from PIL import Image
folder = sys.argv[1]
Image.new("RGB", (10000, 6000), (30, 120, 40)).save(f"{folder}/sixty.png")
Image.new("RGB", (8000, 6000), (30, 120, 40)).save(f"{folder}/forty-eight.jpg", quality=70)
Image.new("RGBA", (4000, 3000), (30, 120, 40, 255)).save(f"{folder}/twelve.png")
"""

DECODE = """
import json, resource, sys
import django
django.setup()
from django.core.files.uploadedfile import SimpleUploadedFile
from vpt.rounds.photos import PhotoError, prepare_photo
data = open(sys.argv[1], "rb").read()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    photo = prepare_photo(SimpleUploadedFile("photo", data))
    outcome = [photo.width, photo.height]
except PhotoError as error:
    outcome = str(error)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"outcome": outcome, "extra_mb": (after - before) / 1024}))
"""


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("photos")
    subprocess.run([sys.executable, "-c", MAKE, str(folder)], check=True, timeout=300)
    return folder


def decode(path: Path) -> dict[str, object]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "vpt.settings"}
    run = subprocess.run(
        [sys.executable, "-c", DECODE, str(path)], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    result: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def test_a_60_megapixel_png_is_refused_before_it_is_decoded(photos: Path) -> None:
    result = decode(photos / "sixty.png")

    assert result["outcome"] == "The photo has too many pixels (at most 16 million)."
    assert float(str(result["extra_mb"])) < 300


def test_a_48_megapixel_jpeg_and_a_12_megapixel_png_decode_under_300_mb(photos: Path) -> None:
    jpeg, png = decode(photos / "forty-eight.jpg"), decode(photos / "twelve.png")

    assert jpeg["outcome"] == [2560, 1920] and png["outcome"] == [2560, 1920]
    assert float(str(jpeg["extra_mb"])) < 300 and float(str(png["extra_mb"])) < 300


@pytest.mark.django_db
def test_a_large_body_from_someone_logged_out_is_refused_unread(client: Client, director: User) -> None:
    declared = client.generic("POST", "/floor/accounts/login/", b"x", CONTENT_LENGTH=str(200 * MB))
    chunked = client.generic(
        "POST", "/floor/accounts/login/", b"x", HTTP_TRANSFER_ENCODING="chunked", CONTENT_LENGTH=""
    )

    assert declared.status_code == 413 and chunked.status_code == 413
    assert declared.content.decode() == "The request is too large: at most 2 MB without logging in."
    client.force_login(director)
    photo = SimpleUploadedFile("board.jpg", b"x" * (3 * MB), content_type="image/jpeg")
    photo_sized = client.post("/floor/accounts/lockouts/unlock/", {"username": "nobody", "photo": photo})
    assert photo_sized.status_code == 302  # logged in: read as usual
