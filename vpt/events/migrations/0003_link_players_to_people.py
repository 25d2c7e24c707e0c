"""Every player registered before people existed gets a person: matched by e-mail when one was
given, else by folded name (the same rule as registration), else a new person. The reverse
unlinks the players; the people stay (run forward again, the players match them again)."""

import unicodedata

from django.db import migrations


def fold_name(text):
    # A copy of vpt.people.names.fold_name as it was when this migration was written:
    # migrations must not change when the code does.
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(char for char in decomposed if not unicodedata.combining(char)).split())


def link_players(apps, schema_editor):
    Player = apps.get_model("events", "Player")
    Person = apps.get_model("people", "Person")
    by_email, by_name = {}, {}
    for person in Person.objects.filter(merged_into__isnull=True).order_by("id"):
        if person.email:
            by_email.setdefault(person.email.lower(), person)
        by_name.setdefault(person.folded_name, person)
    for player in Player.objects.filter(person__isnull=True).order_by("id"):
        folded = fold_name(player.name)
        email = player.email.strip().lower()
        person = by_email.get(email) if email else by_name.get(folded)
        if person is None:
            person = Person.objects.create(
                name=player.name.strip(), folded_name=folded, email=player.email.strip(), country=player.country
            )
            if email:
                by_email[email] = person
            by_name.setdefault(folded, person)
        player.person = person
        player.save(update_fields=["person"])


def unlink_players(apps, schema_editor):
    apps.get_model("events", "Player").objects.update(person=None)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0002_add_player_person"),
        ("people", "0001_initial"),
    ]

    operations = [migrations.RunPython(link_players, unlink_players)]
