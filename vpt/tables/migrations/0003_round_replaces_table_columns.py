"""A Round model (an orbit of the button) in place of Table's three round columns; each
table's current round is copied over, the earlier ones as closed rounds."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


def copy_rounds(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    Round = apps.get_model("tables", "Round")
    now = django.utils.timezone.now()
    rounds = []
    for table in Table.objects.all().order_by("id"):
        rounds.extend(Round(table=table, number=n, closed_at=now) for n in range(1, table.round_number))
        rounds.append(
            Round(
                table=table,
                number=table.round_number,
                players=table.round_players,
                button_moves=table.round_button_moves,
            )
        )
    Round.objects.bulk_create(rounds)


def copy_back(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    Round = apps.get_model("tables", "Round")
    for current in Round.objects.filter(closed_at__isnull=True):
        Table.objects.filter(pk=current.table_id).update(
            round_number=current.number, round_players=current.players, round_button_moves=current.button_moves
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0002_add_signed_in_devices"),
    ]

    operations = [
        migrations.CreateModel(
            name="Round",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveIntegerField(verbose_name="round")),
                (
                    "players",
                    models.PositiveSmallIntegerField(
                        default=0,
                        help_text="The round ends when the button has moved this many times.",
                        verbose_name="players at round start",
                    ),
                ),
                ("button_moves", models.PositiveSmallIntegerField(default=0, verbose_name="button moves this round")),
                ("started_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="started at")),
                ("closed_at", models.DateTimeField(blank=True, null=True, verbose_name="closed at")),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rounds",
                        to="tables.table",
                        verbose_name="table",
                    ),
                ),
            ],
            options={
                "verbose_name": "round",
                "verbose_name_plural": "rounds",
                "ordering": ["table", "number"],
                "constraints": [
                    models.UniqueConstraint(fields=("table", "number"), name="round_unique_number"),
                    models.UniqueConstraint(
                        condition=models.Q(("closed_at__isnull", True)), fields=("table",), name="round_one_open"
                    ),
                ],
            },
        ),
        migrations.RunPython(copy_rounds, copy_back),
        migrations.RemoveField(model_name="table", name="round_button_moves"),
        migrations.RemoveField(model_name="table", name="round_number"),
        migrations.RemoveField(model_name="table", name="round_players"),
    ]
