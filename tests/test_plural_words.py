"""Plural forms and places through Django's translation (ngettext), in English and Spanish,
and Spanish that assumes nobody's gender (issue 26, item 6)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.template import Context, Template
from django.utils import translation

from vpt.events.models import Event
from vpt.events.ordinals import ordinal
from vpt.events.services import create_event, update_event
from vpt.money.pool_text import explain_pool
from vpt.money.prizes import event_prizes
from vpt.tours.rules import parse_rule
from vpt.tours.words import rule_words

PO = Path(__file__).resolve().parent.parent / "locale/es/LC_MESSAGES/django.po"


def test_places_are_ordinals_in_english_and_plain_numbers_in_spanish() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 21, 112)] == ["1st", "2nd", "3rd", "4th", "11th", "21st", "112th"]
    with translation.override("es"):
        assert [ordinal(n) for n in (1, 2, 3)] == ["1", "2", "3"]  # "en el puesto 2": no º or ª


@pytest.mark.parametrize(
    ("participation", "english", "spanish"),
    [
        ("1", "adds 1 point.", "suma 1 punto."),
        ("2", "adds 2 points.", "suma 2 puntos."),
        ("1.5", "adds 1.5 points.", "suma 1,5 puntos."),
    ],
)
def test_a_rules_participation_takes_its_plural(participation: str, english: str, spanish: str) -> None:
    rule = parse_rule({"participation": float(participation)})
    assert any(line.endswith(english) for line in rule_words(rule)), rule_words(rule)
    with translation.override("es"):
        assert any(line.endswith(spanish) for line in rule_words(rule)), rule_words(rule)


def test_a_negative_point_is_singular() -> None:
    template = Template(
        "{% load i18n numbers %}{% blocktranslate with signed=p count points=p|absolute %}"
        "{{ signed }} point{% plural %}{{ signed }} points{% endblocktranslate %}"
    )
    rendered = [template.render(Context({"p": p})) for p in (-1, 1, -2, 0)]
    assert rendered == ["-1 point", "1 point", "-2 points", "0 points"]


@pytest.mark.django_db
def test_a_pool_without_entries_says_so(director: User) -> None:
    event: Event = create_event(name="Empty Cup", slug="empty-cup", actor=director, buy_in=Decimal("0"), levels=[100])
    update_event(event, actor=director, added_money=Decimal("50"))
    assert explain_pool(event_prizes(Event.objects.get(pk=event.pk)).pool) == "no entries yet + 50.00 added = 50.00"


def _statuses() -> list[str]:
    """Every Spanish translation that is one word alone, as a player's status is shown."""
    return re.findall(r'^msgstr "([^" ]+)"$', PO.read_text(encoding="utf-8"), re.MULTILINE)


def test_no_spanish_status_guesses_a_players_gender() -> None:
    gendered = re.compile(r"^(?:[Ee]liminad|[Ii]nscrit|[Ss]entad|[Mm]ovid)[oa]s?$")
    assert [word for word in _statuses() if gendered.match(word)] == []
