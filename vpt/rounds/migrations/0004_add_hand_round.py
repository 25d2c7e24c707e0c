"""Each hand points at its round (`tables.Round`) instead of naming it by number: the new
column is filled from (table, round number) here, and `0005` drops the number.

Every hand's round exists by the history: `tables.0003` made rounds 1 to the table's current
round for every table (a table's round number only ever went up, and nobody could edit it),
and every hand since was recorded in its table's open round; rounds are deleted only with their
table, which takes its hands. A round missing all the same (a database edited by hand) is made
again as a closed round, as `tables.0003` made the earlier rounds, rather than stopping halfway.

Two migrations, not one: PostgreSQL refuses to alter a table in the transaction that updated
its foreign keys ("pending trigger events")."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

BATCH = 500


def _batches(Hand, *fields):
    """The hands' `fields` by id, `BATCH` at a time: one query each."""
    last = 0
    while True:
        rows = list(Hand.objects.filter(pk__gt=last).order_by("pk").values_list("pk", *fields)[:BATCH])
        if not rows:
            return
        yield rows
        last = rows[-1][0]


def fill_rounds(apps, schema_editor):
    Hand = apps.get_model("rounds", "Hand")
    Round = apps.get_model("tables", "Round")
    numbered = set(Hand.objects.values_list("table_id", "round_number").distinct())
    missing = sorted(numbered - set(Round.objects.values_list("table_id", "number")))
    now = django.utils.timezone.now()
    Round.objects.bulk_create(Round(table_id=table_id, number=number, closed_at=now) for table_id, number in missing)
    rounds = {(table_id, number): pk for pk, table_id, number in Round.objects.values_list("pk", "table_id", "number")}
    for rows in _batches(Hand, "table_id", "round_number"):
        hands = [Hand(pk=pk, round_id=rounds[table_id, number]) for pk, table_id, number in rows]
        Hand.objects.bulk_update(hands, ["round"])


def fill_round_numbers(apps, schema_editor):
    """The way back: each hand's round number from its round (rounds made going forward stay)."""
    Hand = apps.get_model("rounds", "Hand")
    for rows in _batches(Hand, "round__number"):
        Hand.objects.bulk_update([Hand(pk=pk, round_number=number) for pk, number in rows], ["round_number"])


class Migration(migrations.Migration):
    dependencies = [
        ("rounds", "0003_add_hand_for_hand_round"),
        ("tables", "0006_add_table_floor_facts"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="round",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="hands",
                to="tables.round",
                verbose_name="round",
            ),
        ),
        # Nullable on the way out, so that `0005` reversed can add it back to filled tables.
        migrations.AlterField(
            model_name="hand",
            name="round_number",
            field=models.PositiveIntegerField(null=True, verbose_name="round"),
        ),
        migrations.RunPython(fill_rounds, fill_round_numbers),
    ]
