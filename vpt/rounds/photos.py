"""Board photos: a picture of a hand's final layout, taken by the dealer's device.

photo          optional, one per hand (`HandPhoto`), for the director to settle a dispute: shown
               beside the boards on the hand and correction pages, never on a public page.
prepared photo an upload that passed the checks, re-encoded: a JPEG with no metadata (EXIF,
               GPS, camera, comments), turned upright first, at most ``MAX_SIDE`` pixels a side.
checks         an image Pillow can read (``verify`` first), at most ``MAX_BYTES`` as uploaded,
               at most ``MAX_PIXELS`` pixels, ``MAX_PIXELS_FULL_DECODE`` for a format other than
               JPEG (a decompression bomb is refused before decoding).
memory         decoding stays within about 200 MB: a JPEG (what phones take) is decoded already
               scaled down (Pillow's ``draft``: a 48-megapixel photo decodes at an eighth of its
               pixels), anything else is decoded whole, so it may have fewer pixels; the picture
               is made smaller before it is turned upright and converted; and one photo is
               decoded at a time in a process (``DECODING``), whatever the number of threads.
storage        files under the data folder's ``media/`` (``MEDIA_ROOT`` when set); the storage has
               no URL, so the only way to a photo is the director's view that streams it.

A photo that fails a check refuses the whole submission with a message naming the problem
(`PhotoError`); nothing is recorded. The check runs before ``record_hand``; keeping the photo
with its hand is `vpt.rounds.services.attach_photo` (this module reads no model: the model's
storage is defined here).
"""

from __future__ import annotations

import io
import os
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

from vpt.errors import ServiceError

MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 48-megapixel phone camera passes; a 20,000 × 20,000 bomb does not
MAX_PIXELS_FULL_DECODE = 16_000_000  # a 12-megapixel photo as PNG or WebP passes: 64 MB decoded
MAX_SIDE = 2560
QUALITY = 85
DECODING = threading.Lock()


class PhotoError(ServiceError):
    """The uploaded photo is refused; the message names the problem."""


def photo_root() -> Path:
    """Where photos are kept: ``MEDIA_ROOT`` when set, else the data folder's ``media/``."""
    return Path(settings.MEDIA_ROOT or Path(settings.DATA_DIR) / "media")


class PhotoStorage(FileSystemStorage):
    """Files under :func:`photo_root`, read from the settings at each use; no URL (not served)."""

    @property  # type: ignore[override]
    def base_location(self) -> str:
        return str(photo_root())

    @property  # type: ignore[override]
    def location(self) -> str:
        return os.path.abspath(self.base_location)

    def url(self, name: str | None) -> str:
        raise ValueError("Board photos have no URL: the director's view streams them.")


def photo_storage() -> PhotoStorage:
    """The storage of `HandPhoto.image` (a callable, so migrations name it, not a path)."""
    return PhotoStorage()


@dataclass(frozen=True)
class PreparedPhoto:
    """A checked photo, re-encoded as a JPEG without metadata."""

    content: bytes
    width: int
    height: int


def prepare_photo(upload: UploadedFile) -> PreparedPhoto:
    """Check an uploaded photo and re-encode it; `PhotoError` names what is wrong with it."""
    if upload.size is not None and upload.size > MAX_BYTES:
        raise PhotoError(
            _("The photo is too large (%(size)s MB): at most %(limit)s MB.")
            % {"size": round(upload.size / 1024 / 1024, 1), "limit": MAX_BYTES // 1024 // 1024},
            code="photo_too_large",
        )
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise PhotoError(
            _("The photo is too large: at most %(limit)s MB.") % {"limit": MAX_BYTES // 1024 // 1024},
            code="photo_too_large",
        )
    not_an_image = PhotoError(_("The file is not a photo this page can read (JPEG, PNG, WebP…)."), code="not_an_image")
    too_many_pixels = PhotoError(
        _("The photo has too many pixels (at most %(limit)s million).") % {"limit": MAX_PIXELS // 1_000_000},
        code="photo_too_many_pixels",
    )
    with warnings.catch_warnings(), DECODING:
        # Pillow warns (then raises) past Image.MAX_IMAGE_PIXELS: a bomb either way.
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(data)) as probe:
                limit = MAX_PIXELS if probe.format == "JPEG" else MAX_PIXELS_FULL_DECODE
                if probe.width * probe.height > limit:
                    raise PhotoError(
                        _("The photo has too many pixels (at most %(limit)s million).") % {"limit": limit // 1_000_000},
                        code="photo_too_many_pixels",
                    )
                probe.verify()
            with Image.open(io.BytesIO(data)) as image:
                # A JPEG decodes straight at a smaller scale, never larger than needed.
                image.draft("RGB", (MAX_SIDE, MAX_SIDE))
                image.load()
                image.thumbnail((MAX_SIDE, MAX_SIDE))  # in place, keeping its EXIF orientation
                picture = ImageOps.exif_transpose(image).convert("RGB")
        except PhotoError:
            raise
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise too_many_pixels from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
            raise not_an_image from None
    # Pillow's JPEG writer takes exif, comment and icc_profile from .info by default: empty it,
    # so the JPEG carries the pixels only.
    picture.info.clear()
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=QUALITY, optimize=True)
    return PreparedPhoto(content=out.getvalue(), width=picture.width, height=picture.height)
