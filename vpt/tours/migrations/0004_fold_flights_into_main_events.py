"""A flight in a tour (added before tours refused them) becomes its main event: the main event
counts as one event of the tour with all its flights (festival.md, "The tour"). Its multiplier
goes with it, unless the main event is in a tour already (then the flight's membership goes)."""

from django.db import migrations


def fold(apps, schema_editor):
    TourEvent = apps.get_model("tours", "TourEvent")
    held = set(TourEvent.objects.values_list("event_id", flat=True))
    for membership in TourEvent.objects.filter(event__main_event__isnull=False).select_related("event"):
        main_id = membership.event.main_event_id
        if main_id in held:
            membership.delete()
        else:
            membership.event_id = main_id
            membership.save(update_fields=["event"])
            held.add(main_id)


class Migration(migrations.Migration):
    dependencies = [
        ("tours", "0003_tour_event_multiplier"),
        ("events", "0018_add_flights"),
    ]

    # Nothing to undo: the flights' memberships are not told apart from the main event's.
    operations = [migrations.RunPython(fold, migrations.RunPython.noop)]
