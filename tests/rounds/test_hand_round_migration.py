"""The migration that points each hand at its round (`Hand.round`, rounds 0004 and 0005): every
hand gets the round its table played under the number it kept, and back."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from vpt.rounds.models import Hand
from vpt.tables.models import Round

BEFORE = ("rounds", "0003_add_hand_for_hand_round")
BATCH = import_module("vpt.rounds.migrations.0004_add_hand_round").BATCH


@pytest.mark.django_db(transaction=True)
def test_each_hand_gets_the_round_it_was_numbered_in_and_back() -> None:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    # The other apps as they are now, rounds before the change.
    earlier = [node for node in latest if node[0] != "rounds"] + [BEFORE]
    executor.migrate(earlier)
    old = executor.loader.project_state(earlier).apps
    try:
        event = old.get_model("events", "Event").objects.create(name="Spring", slug="spring")
        Table, OldRound = old.get_model("tables", "Table"), old.get_model("tables", "Round")
        one, two = Table.objects.create(event=event, number=1), Table.objects.create(event=event, number=2)
        first = OldRound.objects.create(table=one, number=1, closed_at=timezone.now())
        second = OldRound.objects.create(table=one, number=2)
        OldRound.objects.create(table=two, number=1)
        # Table 1 plays more hands than one batch of the fill; table 2's second hand names a
        # round its table has no row for (a database edited by hand).
        numbered = [(one, n, 1 if n <= BATCH else 2) for n in range(1, BATCH + 3)] + [(two, 1, 1), (two, 2, 2)]
        old.get_model("rounds", "Hand").objects.bulk_create(
            old.get_model("rounds", "Hand")(
                event=event, table=table, number=n, round_number=r, chips_per_point=100, button_seat=1
            )
            for table, n, r in numbered
        )

        executor = MigrationExecutor(connection)
        executor.migrate(latest)
        rounds = {
            (table, number, rnd): (pk, closed_at is not None)
            for table, number, rnd, pk, closed_at in Hand.objects.values_list(
                "table__number", "number", "round__number", "round_id", "round__closed_at"
            )
        }
        assert sorted(rounds) == sorted((table.number, n, r) for table, n, r in numbered)
        assert rounds[1, 1, 1] == rounds[1, BATCH, 1] == (first.pk, True)
        assert rounds[1, BATCH + 1, 2] == rounds[1, BATCH + 2, 2] == (second.pk, False)
        made = Round.objects.get(table__number=2, number=2)
        assert rounds[2, 2, 2] == (made.pk, True)  # made again, closed: table 2 still plays round 1
        assert Round.objects.get(table__number=2, closed_at__isnull=True).number == 1

        executor = MigrationExecutor(connection)
        executor.migrate(earlier)
        old = executor.loader.project_state(earlier).apps
        back = old.get_model("rounds", "Hand").objects.values_list("table__number", "number", "round_number")
        assert sorted(back) == sorted((table.number, n, r) for table, n, r in numbered)
    finally:
        MigrationExecutor(connection).migrate(latest)
