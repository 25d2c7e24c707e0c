"""The room's database across versions: each app's migrations were folded into one (December
2026), and a database that ran the migrations of any version up to then is taken as up to
date, with nothing to apply. (A fresh database and the models agree: `make test` runs
`makemigrations --check` first.)"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from vpt.migration_history import UPGRADE_THROUGH, check_history_before_the_fold

pytestmark = pytest.mark.django_db

# Every migration a room's database could have recorded before the fold, as they were named.
BEFORE_THE_FOLD = {
    "accounts": ["0001_add_login_wait"],
    "audit": ["0001_initial", "0002_copy_old_logs"],
    "events": [
        "0001_initial",
        "0002_add_player_person",
        "0003_link_players_to_people",
        "0004_add_money_fields",
        "0005_split_buy_in_and_fee",
        "0006_add_payment",
        "0007_add_deal",
        "0008_add_player_link",
        "0009_add_confirm_seat_move_action",
        "0010_add_hand_flag_actions",
        "0011_add_set_structure_action",
        "0012_add_structure_template",
        "0013_add_players_confirm_boards",
        "0014_add_planned_move_actions",
        "0015_add_registration",
        "0016_delete_auditentry",
        "0017_add_floor_pace_settings",
        "0018_add_flights",
        "0019_add_satellites_and_tickets",
    ],
    "people": ["0001_initial", "0002_delete_personchange"],
    "rounds": [
        "0001_initial",
        "0002_add_hand_flag",
        "0003_add_hand_for_hand_round",
        "0004_add_hand_round",
        "0005_remove_hand_round_number",
    ],
    "seating": ["0001_initial", "0002_add_seat_move", "0003_add_planned_move", "0004_add_floor_call"],
    "tables": [
        "0001_initial",
        "0002_add_signed_in_devices",
        "0003_round_replaces_table_columns",
        "0004_add_next_hand",
        "0005_add_table_featured",
        "0006_add_table_floor_facts",
    ],
    "tours": [
        "0001_initial",
        "0002_delete_tourchange",
        "0003_tour_event_multiplier",
        "0004_fold_flights_into_main_events",
        "0005_add_tour_final",
    ],
}


def test_each_app_has_one_migration_that_replaces_all_it_had() -> None:
    graph = MigrationExecutor(connection).loader.graph
    ours = {key: graph.nodes[key] for key in graph.leaf_nodes() if key[0] in BEFORE_THE_FOLD}
    assert sorted(app for app, _name in ours) == sorted(BEFORE_THE_FOLD)
    for (app, name), migration in ours.items():
        assert name == "0001_squashed"
        assert sorted(migration.replaces) == sorted((app, old) for old in BEFORE_THE_FOLD[app])


def test_a_database_that_ran_the_old_migrations_has_nothing_to_apply() -> None:
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app__in=list(BEFORE_THE_FOLD)).delete()
    for app, names in BEFORE_THE_FOLD.items():
        for name in names:
            recorder.record_applied(app, name)

    executor = MigrationExecutor(connection)
    targets = executor.loader.graph.leaf_nodes()
    assert executor.migration_plan(targets) == []
    assert all((app, "0001_squashed") in executor.loader.applied_migrations for app in BEFORE_THE_FOLD)


def test_a_database_that_ran_only_some_of_them_is_stopped_with_the_way_through() -> None:
    """A room two versions behind upgrades through the last version that had them: Django alone
    would take the folded migration as not applied yet, and fail on the tables that exist."""
    recorder = MigrationRecorder(connection)
    assert check_history_before_the_fold(databases=["default"]) == []
    recorder.migration_qs.filter(app="tours").delete()
    recorder.record_applied("tours", "0001_initial")
    recorder.record_applied("tours", "0002_delete_tourchange")

    [error] = check_history_before_the_fold(databases=["default"])
    assert error.id == "vpt.E001"
    assert "ran 2 of the 5 migrations of 'tours' (the last: 0002_delete_tourchange)" in error.msg
    assert error.hint is not None and f"git checkout {UPGRADE_THROUGH}" in error.hint
    assert check_history_before_the_fold(databases=[]) == []  # checks run without a database: nothing asked
