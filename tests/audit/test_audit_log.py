"""The one audit log: actions registered by the apps that write them, and checked on write."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import checks
from django.utils import translation

from vpt.audit.actions import UnknownAction, label_of, register, registered, sentence_of
from vpt.audit.models import AuditEntry
from vpt.audit.services import record
from vpt.events.audit import write_audit
from vpt.events.models import Event

ROOT = Path(__file__).resolve().parents[2]
# An action named in code: ``action="rounds.hand_recorded"``, ``action__in=[...]``, ``== "..."``.
NAMED = re.compile(r"""(?:action(?:__in)?\s*(?:=|==|!=)\s*[\[(]?|_audit\w*\(.*?)((?:["'][a-z_]+\.[a-z_]+["'],?\s*)+)""")


def test_every_app_registers_its_own_actions() -> None:
    actions = registered()
    assert actions["rounds.hand_recorded"].module == "vpt.rounds.audit_actions"
    assert actions["people.merged"].module == "vpt.people.audit_actions"
    assert {name.partition(".")[0] for name in actions} == {
        "clock",
        "events",
        "festival",
        "money",
        "people",
        "rounds",
        "seating",
        "tables",
        "tours",
    }
    assert [message for message in checks.run_checks() if message.id == "vpt_audit.E001"] == []


def test_an_action_named_after_another_app_fails_the_system_check() -> None:
    register("rounds.test_only_action", "Test")  # registered from this test module, not vpt.rounds
    try:
        errors = [message for message in checks.run_checks() if message.id == "vpt_audit.E001"]
        assert [error.msg for error in errors if "rounds.test_only_action" in error.msg] == [
            f"The audit action 'rounds.test_only_action' is registered by {__name__}, not by the app "
            "'rounds' its name says owns it."
        ]
    finally:
        from vpt.audit import actions

        actions._actions.pop("rounds.test_only_action")


def test_a_name_is_dotted_and_owned_once() -> None:
    with pytest.raises(ValueError):
        register("hand_recorded", "No app")
    with pytest.raises(ValueError):
        register("rounds.hand_recorded", "Again, from elsewhere")


def test_every_action_the_code_names_is_registered() -> None:
    """A typo in a filter (``action="rounds.hand_recorderd"``) would silently match nothing."""
    named: set[str] = set()
    for folder in ("vpt", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts or path == Path(__file__).resolve():  # this file names typos
                continue
            for match in NAMED.finditer(path.read_text(encoding="utf-8")):
                named.update(re.findall(r"[a-z_]+\.[a-z_]+", match.group(1)))
    assert "rounds.hand_recorded" in named and "people.merged" in named
    assert sorted(named - set(registered())) == []


@pytest.mark.django_db
def test_an_unregistered_action_is_refused_and_nothing_is_written(event: Event, director: User) -> None:
    version = Event.objects.get(pk=event.pk).version
    with pytest.raises(UnknownAction):
        record(actor=director, action="rounds.hand_recordedd", obj=event, event_id=event.pk)
    assert AuditEntry.objects.filter(action="rounds.hand_recordedd").count() == 0
    written = write_audit(
        actor=director, event_id=event.pk, action="events.status_set", obj=event, args={"status": "running"}
    )
    assert Event.objects.get(pk=event.pk).version == version + 1  # the events door also bumps
    assert (written.event_id, written.object_type, written.label) == (event.pk, "events.event", "Event status")
    assert written.summary == "Status: Running"
    with translation.override("es"):
        assert AuditEntry.objects.get(pk=written.pk).summary.startswith("Estado: ")


def test_sentences_write_out_shared_facts_and_fall_back_to_the_name() -> None:
    level = {"number": 3, "cpp": 200, "break": False}
    assert sentence_of("events.level_added", {"level": level}) == "Level 3: 200 per point added"
    assert (
        sentence_of("money.entry_paid", {"name": "Ben", "money": "110", "method": "card"}) == "Ben paid 110.00 (card)"
    )
    assert sentence_of("tours.tour_created", {}) == "Tour created"  # no sentence: the label
    assert sentence_of("gone.action", {}) == "gone.action" and label_of("gone.action") == "gone.action"
