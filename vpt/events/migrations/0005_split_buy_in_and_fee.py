"""The buy-in no longer includes the fee: it is what goes into the prize pool.

Before, an event's buy-in was the whole price (110.00) and the fee the house's part of it
(10.00); now the buy-in is the pool's part (100.00) and the fee is paid on top. Each
existing entry is priced as its event (the pool stays what it was).
"""

from django.db import migrations


def split(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    Entry = apps.get_model("events", "Entry")
    for event in Event.objects.all():
        if event.fee and event.fee <= event.buy_in:
            event.buy_in -= event.fee
            event.save(update_fields=["buy_in"])
        Entry.objects.filter(event=event).update(buy_in=event.buy_in, fee=event.fee)


def join(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.all():
        if event.fee:
            event.buy_in += event.fee
            event.save(update_fields=["buy_in"])


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0004_add_money_fields"),
    ]

    operations = [
        migrations.RunPython(split, join),
    ]
