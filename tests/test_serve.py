"""What `make run` tells the room's printed codes to carry (`vpt.serve`)."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from vpt import serve
from vpt.http import is_loopback_url


def test_the_public_url_defaults_to_the_first_lan_address_printed() -> None:
    assert serve.default_public_url(8000, ["192.168.1.20", "10.0.0.7"]) == "http://192.168.1.20:8000"
    assert serve.default_public_url(8000, []) == ""


def test_the_welcome_says_what_the_codes_carry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        serve.print_welcome(8000, ["192.168.1.20"], tmp_path, "http://192.168.1.20:8000")
    text = out.getvalue()
    assert "    http://192.168.1.20:8000/\n" in text
    assert "QR codes, slips and sign-in cards carry http://192.168.1.20:8000/ (set VPT_PUBLIC_URL to change it)" in text

    out = io.StringIO()
    with redirect_stdout(out):
        serve.print_welcome(8000, [], tmp_path, "")
    assert "QR codes and sign-in cards will not print until VPT_PUBLIC_URL is set" in out.getvalue()


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://127.3.4.5", True),
        ("http://localhost:8000/x", True),
        ("http://[::1]:8000", True),
        ("http://192.168.1.20:8000", False),
        ("https://vpt.example.org", False),
    ],
)
def test_loopback_addresses_are_recognised(url: str, loopback: bool) -> None:
    assert is_loopback_url(url) is loopback
