"""The one audit log: actions registered by the apps that write them, checked on write, and the
data migration that folded the three old logs into it (and back)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import checks
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
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


OLD = [("events", "0014_add_planned_move_actions"), ("tours", "0001_initial"), ("people", "0001_initial")]
OLD += [("audit", "0001_initial")]


@pytest.mark.django_db(transaction=True)
def test_the_data_migration_folds_the_three_logs_and_back(director: User) -> None:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    executor.migrate(OLD)
    old = executor.loader.project_state(OLD).apps
    try:
        Person = old.get_model("people", "Person")
        ana, bea = (
            Person.objects.create(name="Ana", folded_name="ana"),
            Person.objects.create(name="Bea", folded_name="bea"),
        )
        event = old.get_model("events", "Event").objects.create(name="Spring", slug="spring")
        tour = old.get_model("tours", "Tour").objects.create(slug="t", name="Tour")
        old.get_model("events", "AuditEntry").objects.create(
            event_id=event.pk,
            actor_id=director.pk,
            action="record_hand",
            object_type="rounds.hand",
            object_id="7",
            table_number=2,
            summary_args={"table": 2, "number": 5},
            after={"x": 1},
        )
        old.get_model("tours", "TourChange").objects.create(tour_id=tour.pk, action="update", before={"a": 1})
        PersonChange = old.get_model("people", "PersonChange")
        PersonChange.objects.create(action="merge", person_id=bea.pk, other_id=ana.pk, carried=[ana.pk], undone=True)
        PersonChange.objects.create(action="undo_merge", person_id=bea.pk, other_id=ana.pk)

        executor = MigrationExecutor(connection)
        executor.migrate(latest)
        rows = list(AuditEntry.objects.order_by("id").values_list("action", "event_id", "object_type", "object_id"))
        assert rows == [
            ("rounds.hand_recorded", event.pk, "rounds.hand", "7"),
            ("tours.tour_changed", None, "tours.tour", str(tour.pk)),
            ("people.merged", None, "people.person", str(bea.pk)),
            ("people.merge_undone", None, "people.person", str(bea.pk)),
        ]
        hand = AuditEntry.objects.get(action="rounds.hand_recorded")
        assert hand.summary == "Table 2, hand 5 recorded" and hand.table_number == 2 and hand.actor == director
        merged = AuditEntry.objects.get(action="people.merged")
        assert merged.summary_args == {"name": "Bea", "other": "Ana"}
        assert merged.after == {"other": ana.pk, "carried": [ana.pk]}

        executor = MigrationExecutor(connection)
        executor.migrate(OLD)
        old = executor.loader.project_state(OLD).apps
        assert old.get_model("audit", "AuditEntry").objects.count() == 0
        assert list(old.get_model("events", "AuditEntry").objects.values_list("action", "table_number")) == [
            ("record_hand", 2)
        ]
        assert list(old.get_model("tours", "TourChange").objects.values_list("action", "before")) == [
            ("update", {"a": 1})
        ]
        assert list(
            old.get_model("people", "PersonChange")
            .objects.order_by("id")
            .values_list("action", "person_id", "other_id", "carried", "undone")
        ) == [("merge", bea.pk, ana.pk, [ana.pk], True), ("undo_merge", bea.pk, ana.pk, [], False)]
    finally:
        MigrationExecutor(connection).migrate(latest)
