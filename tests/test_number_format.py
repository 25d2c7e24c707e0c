"""One number format: chips on the web pages read as the slips print them, in both languages."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from vpt.slips.layout import chips


@pytest.mark.parametrize(("language", "expected"), [("en", "7,600"), ("es", "7.600")])
def test_chips_read_the_same_on_the_web_and_the_slips(language: str, expected: str) -> None:
    with translation.override(language):
        web = Template('{{ amount|floatformat:"0g" }}').render(Context({"amount": 7600}))
    assert web == chips(7600, language) == expected
