"""The next hand as a stored fact: its level and chips per point (the button is already
stored). Open tables with two players or more get theirs dealt at the level in force (during
a break, the last level before it, for a table with a Fantasyland hand pending only)."""

import django.db.models.deletion
from django.db import migrations, models


def deal(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    Level = apps.get_model("events", "Level")
    Seat = apps.get_model("seating", "Seat")
    for table in Table.objects.filter(status="open").select_related("event__current_level"):
        seats = list(Seat.objects.filter(table=table, entry__isnull=False))
        event = table.event
        if len(seats) < 2 or event.status == "finished":
            continue
        level = event.current_level
        if level is not None and level.is_break:
            if not any(seat.fantasyland_cards for seat in seats):
                continue
            level = (
                Level.objects.filter(event=event, number__lt=level.number, is_break=False).order_by("-number").first()
            )
        table.next_level = level
        table.next_chips_per_point = level.chips_per_point if level else 1
        table.save(update_fields=["next_level", "next_chips_per_point"])


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0001_initial"),
        ("seating", "0001_initial"),
        ("tables", "0003_round_replaces_table_columns"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="next_chips_per_point",
            field=models.PositiveIntegerField(
                blank=True,
                help_text="Empty while the next hand is not dealt (fewer than two players, or a break).",
                null=True,
                verbose_name="chips per point of the next hand",
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="next_level",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="events.level",
                verbose_name="level of the next hand",
            ),
        ),
        migrations.RunPython(deal, migrations.RunPython.noop),
    ]
