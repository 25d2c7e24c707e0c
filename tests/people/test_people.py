"""People across events: registration and the CSV import link players to the person they are
(by e-mail, else by folded name), the director merges duplicates and undoes it, hides people."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from vpt.audit.models import AuditEntry
from vpt.errors import ServiceError
from vpt.events.entries import register_player
from vpt.events.models import Event, Player
from vpt.events.services import create_event
from vpt.people.models import Person
from vpt.people.names import fold_name
from vpt.people.selectors import canonical_ids, find_person, matching_people, people_changes, people_version
from vpt.people.services import merge_people, set_person_hidden, undo_merge

pytestmark = pytest.mark.django_db


def new_event(director: User, slug: str) -> Event:
    return create_event(name=slug.title(), slug=slug, actor=director, levels=[100])


def person_of(event: Event, name: str) -> Person:
    person = Player.objects.select_related("person").get(event=event, name=name).person
    assert person is not None
    return person


def test_fold_name_drops_case_accents_and_extra_spaces() -> None:
    assert fold_name("  José   GARCÍA ") == "jose garcia"
    assert fold_name("Ñúñez") == fold_name("nunez")


def test_registration_finds_the_same_person_by_folded_name_in_another_event(director: User) -> None:
    spring, summer = new_event(director, "spring"), new_event(director, "summer")
    register_player(spring, name="José García", actor=director)
    register_player(summer, name="jose  garcia", actor=director)

    assert person_of(spring, "José García") == person_of(summer, "jose  garcia")
    assert Person.objects.count() == 1


def test_an_email_decides_over_the_name(director: User) -> None:
    spring, summer = new_event(director, "spring"), new_event(director, "summer")
    register_player(spring, name="Ana", email="ana@example.org", actor=director)
    register_player(summer, name="Ana Ruiz", email="ANA@example.org", actor=director)
    register_player(summer, name="ana", email="other@example.org", actor=director)

    assert person_of(summer, "Ana Ruiz") == person_of(spring, "Ana")
    assert person_of(summer, "ana") != person_of(spring, "Ana")


def test_the_director_can_say_someone_new_or_pick_a_person(director: User) -> None:
    spring, summer, autumn = (new_event(director, slug) for slug in ("spring", "summer", "autumn"))
    register_player(spring, name="Ana", actor=director)
    register_player(summer, name="Ana", actor=director, match=False)
    register_player(autumn, name="Ana M.", actor=director, person=person_of(spring, "Ana"))

    assert person_of(summer, "Ana") != person_of(spring, "Ana")
    assert person_of(autumn, "Ana M.") == person_of(spring, "Ana")


def test_one_person_cannot_be_registered_twice_in_an_event(director: User) -> None:
    spring = new_event(director, "spring")
    register_player(spring, name="Ana", email="ana@example.org", actor=director)
    with pytest.raises(ServiceError) as refused:
        register_player(spring, name="Ana R.", email="ana@example.org", actor=director)
    assert refused.value.code == "duplicate_person"
    assert Player.objects.filter(event=spring).count() == 1


def test_suggestions_ignore_accents_and_case(director: User) -> None:
    spring = new_event(director, "spring")
    for name in ["José García", "Josefa Ruiz", "Ben"]:
        register_player(spring, name=name, actor=director)

    assert [p.name for p in matching_people("JOSE")] == ["José García", "Josefa Ruiz"]
    assert [p.name for p in matching_people("garcía jo")] == ["José García"]
    assert matching_people("   ") == []


def test_the_register_form_offers_the_matching_people(client_as_director: Client, director: User) -> None:
    spring, summer = new_event(director, "spring"), new_event(director, "summer")
    register_player(spring, name="María López", actor=director)
    maria = person_of(spring, "María López")

    offered = client_as_director.get("/floor/events/summer/players/people/?name=maria")
    assert offered.status_code == 200
    assert f'value="{maria.pk}"' in offered.content.decode() and "María López" in offered.content.decode()

    response = client_as_director.post(
        "/floor/events/summer/players/register/", {"name": "Maria L", "person": str(maria.pk)}
    )
    assert response.status_code == 302
    assert person_of(summer, "Maria L") == maria

    refused = client_as_director.post("/floor/events/summer/players/register/", {"name": "Zoe", "person": "999999"})
    assert refused.status_code == 400
    assert "No person has the number 999999: pick one of the people offered." in refused.content.decode()
    assert not Player.objects.filter(event=summer, name="Zoe").exists()
    for value in ("abc", "-3", "99999999999999999999999"):
        refused = client_as_director.post("/floor/events/summer/players/register/", {"name": "Zoe", "person": value})
        assert refused.status_code == 400 and f"No person has the number {value}:" in refused.content.decode()
    assert not Player.objects.filter(event=summer, name="Zoe").exists()


def test_the_csv_import_says_who_matched_and_who_is_new(client_as_director: Client, director: User) -> None:
    spring, summer = new_event(director, "spring"), new_event(director, "summer")
    register_player(spring, name="Ana", email="ana@example.org", actor=director)
    register_player(spring, name="Ben Díaz", actor=director)
    csv = "name,country,email\nAna Ruiz,ES,ana@example.org\nben diaz,,\nCid,,\n"
    upload = SimpleUploadedFile("players.csv", csv.encode(), content_type="text/csv")

    response = client_as_director.post("/floor/events/summer/players/import/", {"file": upload}, follow=True)

    page = response.content.decode()
    assert "3 players registered." in page
    assert "line 2 Ana Ruiz → Ana; line 3 ben diaz → Ben Díaz" in page
    assert "New people: line 4 Cid." in page
    assert person_of(summer, "ben diaz") == person_of(spring, "Ben Díaz")
    assert find_person("Cid") == person_of(summer, "Cid")


def test_a_merge_moves_the_duplicate_and_its_undo_gives_it_back(director: User) -> None:
    spring, summer = new_event(director, "spring"), new_event(director, "summer")
    register_player(spring, name="Ana García", actor=director)
    register_player(summer, name="Ana Garcia Ruiz", actor=director)
    keeper, duplicate = person_of(spring, "Ana García"), person_of(summer, "Ana Garcia Ruiz")
    before = people_version()

    merge_people(duplicate, into=keeper, actor=director)
    assert canonical_ids([keeper.pk, duplicate.pk]) == {keeper.pk: keeper.pk, duplicate.pk: keeper.pk}
    assert [p.name for p in matching_people("ana")] == ["Ana García"]
    assert people_version() > before

    undo_merge(duplicate, actor=director)
    assert canonical_ids([keeper.pk, duplicate.pk]) == {keeper.pk: keeper.pk, duplicate.pk: duplicate.pk}
    changes = people_changes()
    assert [(c.action, c.summary_args, c.object_id, c.undone) for c in changes] == [  # type: ignore[attr-defined]
        ("people.merge_undone", {"name": "Ana Garcia Ruiz", "other": "Ana García"}, str(duplicate.pk), False),
        ("people.merged", {"name": "Ana Garcia Ruiz", "other": "Ana García"}, str(duplicate.pk), True),
    ]
    assert [c.label for c in changes] == ["Merge undone", "Merged"]


def test_people_merged_into_a_duplicate_move_with_it_and_come_back(director: User) -> None:
    a, b, c = (Person.objects.create(name=n, folded_name=fold_name(n)) for n in ("A", "B", "C"))
    merge_people(c, into=b, actor=director)
    merge_people(b, into=a, actor=director)
    assert canonical_ids([a.pk, b.pk, c.pk]) == {a.pk: a.pk, b.pk: a.pk, c.pk: a.pk}

    undo_merge(b, actor=director)
    assert canonical_ids([a.pk, b.pk, c.pk]) == {a.pk: a.pk, b.pk: b.pk, c.pk: b.pk}


@pytest.mark.parametrize("case", ["itself", "already merged", "into a merged person", "not merged"])
def test_bad_merges_are_refused_and_change_nothing(director: User, case: str) -> None:
    a, b, c = (Person.objects.create(name=n, folded_name=fold_name(n)) for n in ("A", "B", "C"))
    merge_people(b, into=a, actor=director)
    state = list(Person.objects.order_by("id").values_list("id", "merged_into_id"))
    changes = AuditEntry.objects.count()
    calls = {
        "itself": (lambda: merge_people(c, into=c, actor=director), "same_person"),
        "already merged": (lambda: merge_people(b, into=c, actor=director), "already_merged"),
        "into a merged person": (lambda: merge_people(c, into=b, actor=director), "target_merged"),
        "not merged": (lambda: undo_merge(c, actor=director), "not_merged"),
    }
    call, code = calls[case]
    with pytest.raises(ServiceError) as refused:
        call()
    assert refused.value.code == code
    assert list(Person.objects.order_by("id").values_list("id", "merged_into_id")) == state
    assert AuditEntry.objects.count() == changes


def test_the_people_page_merges_hides_and_refuses_unknown_numbers(client_as_director: Client) -> None:
    a, b = (Person.objects.create(name=n, folded_name=fold_name(n)) for n in ("Ana", "Ana 2"))

    asked = client_as_director.post("/floor/people/merge/", {"duplicate": b.pk, "into": a.pk})
    assert asked.status_code == 200 and "data-confirm-panel" in asked.content.decode()
    b.refresh_from_db()
    assert b.merged_into is None  # nothing changes before the confirmation
    merged = client_as_director.post("/floor/people/merge/", {"duplicate": b.pk, "into": a.pk, "confirm": "1"})
    assert merged.status_code == 302
    b.refresh_from_db()
    assert b.merged_into == a
    refused = client_as_director.post("/floor/people/merge/", {"duplicate": 99999, "into": a.pk})
    assert refused.status_code == 400 and "No person has the number 99999." in refused.content.decode()
    assert client_as_director.post(f"/floor/people/{b.pk}/unmerge/").status_code == 302
    assert client_as_director.post(f"/floor/people/{a.pk}/visibility/", {"hidden": "1"}).status_code == 302
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.hidden and b.merged_into is None
    page = client_as_director.get("/floor/people/?q=ana").content.decode()
    assert "Ana 2" in page and "hidden" in page


def test_hiding_is_audited_once(director: User) -> None:
    ana = Person.objects.create(name="Ana", folded_name="ana")
    set_person_hidden(ana, hidden=True, actor=director)
    set_person_hidden(ana, hidden=True, actor=director)
    ana.refresh_from_db()
    assert ana.hidden and ana.public_name == "Hidden player"
    assert list(AuditEntry.objects.values_list("action", flat=True)) == ["people.hidden"]


def test_a_name_never_matches_a_person_known_by_another_email(director: User) -> None:
    spring, summer = new_event(director, "spring"), new_event(director, "summer")
    register_player(spring, name="Ana", email="ana@example.org", actor=director)
    register_player(spring, name="Ben", actor=director)
    register_player(summer, name="Ana", email="another.ana@example.org", actor=director)
    register_player(summer, name="ben", email="ben@example.org", actor=director)

    assert person_of(summer, "Ana") != person_of(spring, "Ana")
    ben = person_of(spring, "Ben")
    assert person_of(summer, "ben") == ben
    ben.refresh_from_db()
    assert ben.email == "ben@example.org"  # from now on Ben is matched by it


def test_an_import_whose_person_is_already_in_the_event_registers_nobody(
    client_as_director: Client, director: User
) -> None:
    spring = new_event(director, "spring")
    register_player(spring, name="Ana", email="ana@example.org", actor=director)
    csv = "name,email\nCid,\nAna Ruiz,ana@example.org\ncid ,\n"
    upload = SimpleUploadedFile("players.csv", csv.encode(), content_type="text/csv")

    response = client_as_director.post("/floor/events/spring/players/import/", {"file": upload})

    page = response.content.decode()
    assert response.status_code == 400
    assert "Line 3: Ana Ruiz is Ana, who is already registered." in page
    assert "Line 4: cid is the same person as line 2." in page
    assert Player.objects.filter(event=spring).count() == 1


def test_the_merge_confirmation_names_the_entries_that_move(client_as_director: Client, director: User) -> None:
    from factories import make_event

    from vpt.events.models import Player

    make_event(director, ["Ana García", "Ben"], name="Autumn Open")
    make_event(director, ["Ana G.", "Cid"], name="Winter Cup")
    keeper = Player.objects.get(name="Ana García").person
    duplicate = Player.objects.get(name="Ana G.").person
    assert keeper is not None and duplicate is not None and keeper != duplicate

    page = client_as_director.post("/floor/people/merge/", {"duplicate": duplicate.pk, "into": keeper.pk})
    text = " ".join(page.content.decode().split())

    assert f"Merge Ana G. ({duplicate.pk}) into Ana García ({keeper.pk}): 1 entry then counts for Ana García." in text
    assert "Winter Cup: Ana G., 1 entry" in text and "Autumn Open:" not in text
