"""The hand's round is its `round` (filled by `0004`): the round number column goes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rounds", "0004_add_hand_round"),
    ]

    operations = [
        migrations.AlterField(
            model_name="hand",
            name="round",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="hands",
                to="tables.round",
                verbose_name="round",
            ),
        ),
        migrations.RemoveField(model_name="hand", name="round_number"),
    ]
