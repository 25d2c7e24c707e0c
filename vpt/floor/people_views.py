"""The director's people page: find people, merge a duplicate and undo it, hide or show a
person on public pages, and a link to the tickets of each person who holds some. Every write
goes through a `vpt.people` service, which moves the versions of the events those people played
(`bump_people_events`) in the same transaction, so no cached public page keeps an old name; a
refusal is a form error.

They live in the events app because the people app, below events, cannot see events.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.audit import bump_people_events
from vpt.events.person_entries import entries_of_people
from vpt.events.ticket_selectors import people_holding_tickets
from vpt.floor.confirmation import Confirmation, confirmed, render_confirmation
from vpt.floor.people_forms import MergeForm
from vpt.people.models import Person
from vpt.people.selectors import matching_people, people_changes, person_ids_merged_into
from vpt.people.services import merge_people, set_person_hidden, undo_merge

LISTED = 200


def _context(query: str, form: MergeForm) -> dict[str, object]:
    if query:
        people = matching_people(query, limit=LISTED)
    else:
        people = list(Person.objects.select_related("merged_into").order_by("folded_name", "id")[:LISTED])
    return {
        "people": people,
        "holding_tickets": people_holding_tickets(p.pk for p in people if p.merged_into_id is None),
        "query": query,
        "form": form,
        "changes": people_changes(30),
    }


@director_required
@require_GET
def people(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:100]
    return render(request, "floor/people.html", _context(query, MergeForm()))


@director_required
@require_POST
def merge(request: HttpRequest) -> HttpResponse:
    """Confirm (naming whose entries move where), then merge."""
    form = MergeForm(request.POST)
    if form.is_valid():
        duplicate, into = form.cleaned_data["duplicate"], form.cleaned_data["into"]
        if not confirmed(request) and duplicate.pk != into.pk:
            return render_confirmation(request, None, _merge_confirmation(duplicate, into), section="people")
        try:
            merge_people(duplicate, into=into, actor=request.user, on_change=bump_people_events)
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(duplicate)s merged into %(into)s.") % {"duplicate": duplicate, "into": into})
            return redirect("floor:people")
    return render(request, "floor/people.html", _context("", form), status=400)


def _merge_confirmation(duplicate: Person, into: Person) -> Confirmation:
    moved = entries_of_people([duplicate.pk, *person_ids_merged_into(duplicate)])
    entries = sum(line.entries for line in moved)
    names = {"duplicate": duplicate.name, "d": duplicate.pk, "into": into.name, "i": into.pk, "count": entries}
    text = (
        ngettext(
            "Merge %(duplicate)s (%(d)s) into %(into)s (%(i)s): %(count)s entry then counts for %(into)s.",
            "Merge %(duplicate)s (%(d)s) into %(into)s (%(i)s): %(count)s entries then count for %(into)s.",
            entries,
        )
        % names
    )
    details = [
        ngettext("%(event)s: %(name)s, %(count)s entry", "%(event)s: %(name)s, %(count)s entries", line.entries)
        % {"event": line.event, "name": line.name, "count": line.entries}
        for line in moved
    ]
    details.append(_("The merge can be undone from this page."))
    return Confirmation(
        title=_("Merge two people"),
        text=text,
        details=details,
        action=reverse("floor:people-merge"),
        fields=[("duplicate", str(duplicate.pk)), ("into", str(into.pk))],
        button=_("Merge"),
        cancel=reverse("floor:people"),
    )


@director_required
@require_POST
def unmerge(request: HttpRequest, person_id: int) -> HttpResponse:
    person = get_object_or_404(Person, pk=person_id)
    try:
        undo_merge(person, actor=request.user, on_change=bump_people_events)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s is their own person again.") % {"name": person.name})
    return redirect("floor:people")


@director_required
@require_POST
def visibility(request: HttpRequest, person_id: int) -> HttpResponse:
    person = get_object_or_404(Person, pk=person_id)
    hidden = request.POST.get("hidden") == "1"
    set_person_hidden(person, hidden=hidden, actor=request.user, on_change=bump_people_events)
    if hidden:
        messages.success(request, _("%(name)s is hidden on public pages.") % {"name": person.name})
    else:
        messages.success(request, _("%(name)s is shown on public pages.") % {"name": person.name})
    return redirect("floor:people")
