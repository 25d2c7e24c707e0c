"""Helpers for the printables' tests: a PDF's text, page by page, read back with pypdf."""

from __future__ import annotations

import re
from collections.abc import Callable
from io import BytesIO

import pytest
from pypdf import PdfReader

PdfPages = Callable[[bytes], list[str]]


def _pages(pdf: bytes) -> list[str]:
    """Each page's text, runs of spaces folded to one so a table row reads "1 Ben Ana 17 1,700 300";
    each line stripped (an empty last column leaves a trailing space)."""
    assert pdf.startswith(b"%PDF-"), "not a PDF"
    reader = PdfReader(BytesIO(pdf))
    return [
        "\n".join(re.sub(r"[ \t]+", " ", line).strip() for line in page.extract_text().split("\n"))
        for page in reader.pages
    ]


@pytest.fixture
def pdf_pages() -> PdfPages:
    return _pages


@pytest.fixture
def pdf_text() -> Callable[[bytes], str]:
    return lambda pdf: "\n".join(_pages(pdf))


@pytest.fixture
def page_sizes() -> Callable[[bytes], list[tuple[float, float]]]:
    def sizes(pdf: bytes) -> list[tuple[float, float]]:
        reader = PdfReader(BytesIO(pdf))
        return [(round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) for page in reader.pages]

    return sizes
