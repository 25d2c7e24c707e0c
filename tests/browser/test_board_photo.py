"""On a phone, the dealer types the boards ("Type the cards") and attaches a photo from the
camera; the director sees it beside the boards on the hand page."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from dealer_page import type_boards
from django.contrib.auth.models import User
from factories import make_table
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from vpt.rounds.models import HandPhoto
from vpt.rounds.selectors import table_state
from vpt.tables.models import Table

BOARDS = [JACKS, ACES_FULL, QUEENS_FULL]


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def table(director: User, dealer_user: User) -> Table:
    return make_table(director, dealer_user, name="Photo Open", slug="photo-open", seed=9)


def noisy_png(path: Path, width: int, height: int) -> Path:
    """A camera-sized photo that does not compress: several MB (saved uncompressed: noise would
    not shrink, and compressing 18 MB of it costs the test seconds). A file, as a phone's camera
    roll has it: the browser reads it from disk instead of being sent it."""
    Image.frombytes("RGB", (width, height), os.urandom(width * height * 3)).save(path, format="PNG", compress_level=0)
    return path


@pytest.mark.slow
def test_a_large_camera_photo_is_made_smaller_on_the_device(
    page: Page,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    password: str,
    table: Table,
    tmp_path: Path,
) -> None:
    big = noisy_png(tmp_path / "board.png", 3000, 2000)
    assert big.stat().st_size > 10 * 1024 * 1024  # the server alone would refuse it
    login(page, live_server, dealer_user, password)
    page.goto(f"{live_server}/tables/{table.pk}/")
    type_boards(page, [seat.number for seat in table_state(table.pk).seats], BOARDS)
    expect(page.locator("[data-ready]")).to_be_visible()
    page.locator("#id_photo").set_input_files(big)
    page.locator("[data-record]").click()
    page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
    photo = HandPhoto.objects.get(hand__table=table)
    assert (photo.width, photo.height) == (2560, 1707)


def test_a_photo_from_the_phone_reaches_the_director_only(
    browser: Browser,
    live_server: object,
    login: Callable[[Page, object, User, str], None],
    dealer_user: User,
    director: User,
    password: str,
    table: Table,
    screenshot: Callable[[Page, str], Path],
) -> None:
    photo = io.BytesIO()
    Image.new("RGB", (800, 600), (10, 90, 40)).save(photo, format="JPEG")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        login(page, live_server, dealer_user, password)
        page.goto(f"{live_server}/tables/{table.pk}/")
        page.locator("[data-type-toggle]").click()
        type_boards(page, [seat.number for seat in table_state(table.pk).seats], BOARDS)
        expect(page.locator("[data-ready]")).to_be_visible()
        page.locator("#id_photo").set_input_files(
            files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": photo.getvalue()}]
        )
        page.locator("[data-record]").click()
        page.wait_for_url(f"**/tables/{table.pk}/hands/1/")
        hand_photo = HandPhoto.objects.get(hand__table=table)
        # The dealer cannot open it.
        response = page.goto(f"{live_server}/floor/hands/{hand_photo.hand_id}/photo/")
        assert response is not None and response.status == 403

        page.context.clear_cookies()
        page.set_viewport_size({"width": 1280, "height": 900})
        login(page, live_server, director, password)
        page.goto(f"{live_server}/floor/hands/{hand_photo.hand_id}/")
        image = page.locator("[data-hand-photo] img")
        expect(image).to_be_visible()
        page.wait_for_function("document.querySelector('[data-hand-photo] img').naturalWidth > 0")
        assert image.evaluate("img => img.naturalWidth") == 800
        screenshot(page, "director_hand_with_photo")
    finally:
        context.close()
