"""The director's players page: the list with each player's seat, registration (one by one,
matched to the people who played before, or from a CSV file) and re-entries. Served under
/floor/events/<slug>/players/ in the `events` namespace (vpt/urls.py); it lives in seating because it
shows seats. Staff only; every write is an events service, and a refused one comes back as a
message or a form error.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.errors import ServiceError
from vpt.events.entries import ImportedRow, people_problems, reenter_player, register_player, register_rows
from vpt.events.models import Entry, Event, Player
from vpt.events.player_csv import PlayerFile, PlayerFileError, check_rows, read_player_file
from vpt.events.selectors import event_or_404, event_standings
from vpt.events.ticket_selectors import people_holding_tickets
from vpt.floor.event_forms import NEW_PERSON, CsvImportForm, PersonPickForm, RegisterForm, name_matches
from vpt.http import HtmxHttpRequest
from vpt.people.selectors import matching_people
from vpt.seating.selectors import seats_by_entry
from vpt.tables.models import Table


def _players_context(event: Event, query: str = "", **forms: Any) -> dict[str, Any]:
    entries = list(event_standings(event))
    seats = seats_by_entry(event)
    latest: dict[int, Any] = {}
    for entry in entries:
        if entry.player_id not in latest or entry.number > latest[entry.player_id].number:
            latest[entry.player_id] = entry
    holders = {entry.pk: _holder(entry) for entry in entries}
    holding = people_holding_tickets(pk for pk in holders.values() if pk is not None)
    rows = [
        {
            "entry": entry,
            "seat": seats.get(entry.pk) if entry.is_active else None,
            "latest": latest[entry.player_id] is entry,
            "tickets_of": holders[entry.pk] if holders[entry.pk] in holding else None,
        }
        for entry in entries
        if not query or name_matches(entry.player.name, query)
    ]
    return {
        "event": event,
        "section": "players",
        "rows": rows,
        "query": query,
        "total": len(entries),
        "register_form": forms.get("register_form")
        or RegisterForm(suggest_url=reverse("floor:people-suggestions", args=[event.slug])),
        "import_form": forms.get("import_form") or CsvImportForm(),
        "has_tables": Table.objects.filter(event=event, status=Table.Status.OPEN).exists(),
    }


def _holder(entry: Entry) -> int | None:
    """The person the entry's player now is (whose tickets they hold)."""
    person = entry.player.person
    return None if person is None else person.merged_into_id or person.pk


@director_required
@require_GET
def players(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The players list, filtered by ``?q=`` (names containing every word); htmx gets the table."""
    context = _players_context(event_or_404(slug), query=request.GET.get("q", "").strip()[:100])
    if request.htmx:
        return render(request, "floor/players.html#players-table", context)
    return render(request, "floor/players.html", context)


@director_required
@require_POST
def register(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    form = RegisterForm(request.POST)
    pick = PersonPickForm(request.POST)
    if not pick.is_valid():
        form.add_error("name", pick.errors["person"])
    if form.is_valid() and not pick.errors:
        try:
            entry = register_player(event, actor=request.user, **pick.service_fields(), **form.cleaned_data)
        except ServiceError as error:
            form.add_error("name", str(error))
        else:
            receipt = reverse("floor:registration-receipt", args=[event.slug, entry.pk])
            messages.success(
                request,
                format_html(
                    '{} <a href="{}" data-registration-receipt>{}</a>',
                    _("%(name)s registered.") % {"name": entry.player.name},
                    receipt,
                    _("Print the registration receipt"),
                ),
            )
            return redirect("floor:players", slug=event.slug)
    return render(request, "floor/players.html", _players_context(event, register_form=form), status=400)


@director_required
@require_GET
def people_suggestions(request: HttpRequest, slug: str) -> HttpResponse:
    """The people a name being typed may be (``?name=``): the register form's choices."""
    event = event_or_404(slug)
    name = request.GET.get("name", "").strip()[:120]
    people = matching_people(name) if name else []
    return render(
        request,
        "floor/players.html#person-suggestions",
        {"event": event, "people": people, "name": name, "new_person": NEW_PERSON},
    )


@director_required
@require_POST
def import_players(request: HttpRequest, slug: str) -> HttpResponse:
    """Register every player of a CSV file; every row is checked first, so a bad file registers nobody."""
    event = event_or_404(slug)
    form = CsvImportForm(request.POST, request.FILES)
    if form.is_valid():
        read, problems = _read_import(event, form.cleaned_data["file"].read())
        for problem in problems:
            form.add_error("file", problem)
        if read and not problems:
            try:
                done = register_rows(event, read.rows, actor=request.user)
            except ServiceError as error:
                done = error.details["done"]
                messages.error(
                    request, _("Line %(line)s: %(problem)s") % {"line": error.details["line"], "problem": error}
                )
            _report_import(request, event, done, read.columns_sentence())
            return redirect("floor:players", slug=event.slug)
    return render(request, "floor/players.html", _players_context(event, import_form=form), status=400)


def _report_import(request: HttpRequest, event: Event, done: list[ImportedRow], columns: str) -> None:
    """How many were registered from which columns (with their registration receipts), who
    matched a person who played before, who is new."""
    registered = ngettext("%(count)s player registered.", "%(count)s players registered.", len(done)) % {
        "count": len(done)
    }
    if done:
        receipts = (
            reverse("floor:registration-receipts", args=[event.slug])
            + "?"
            + urlencode([("entry", row.entry_id) for row in done])
        )
        messages.success(
            request,
            format_html(
                '{} {} <a href="{}" data-registration-receipts>{}</a>',
                registered,
                columns,
                receipts,
                _("Print their registration receipts"),
            ),
        )
    else:
        messages.success(request, f"{registered} {columns}")
    matched = [row for row in done if row.matched]
    created = [row for row in done if not row.matched]
    if matched:
        messages.info(
            request,
            _("Matched people who played before: %(rows)s.")
            % {
                "rows": "; ".join(
                    _("line %(line)s %(name)s → %(person)s")
                    % {"line": row.line, "name": row.name, "person": row.person.name}
                    for row in matched
                )
            },
        )
    if created:
        messages.info(
            request,
            _("New people: %(rows)s.")
            % {
                "rows": "; ".join(_("line %(line)s %(name)s") % {"line": row.line, "name": row.name} for row in created)
            },
        )


def _read_import(event: Event, data: bytes) -> tuple[PlayerFile | None, list[str]]:
    """The file read, and its problems as sentences (the columns used first, when known)."""
    try:
        read = read_player_file(data)
    except PlayerFileError as error:
        return None, list(error.problems)
    registered = set(Player.objects.filter(event=event).values_list("name", flat=True))
    problems = check_rows(read.rows, registered) or people_problems(event, read.rows)
    return read, [read.columns_sentence(), *problems] if problems else []


@director_required
@require_POST
def reenter(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    event = event_or_404(slug)
    player = get_object_or_404(Player, event=event, pk=player_id)
    try:
        entry = reenter_player(player, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(name)s re-entered with %(stack)s chips (entry %(number)s); seat them now.")
            % {"name": player.name, "stack": number_format(entry.stack, force_grouping=True), "number": entry.number},
        )
    return redirect("floor:players", slug=event.slug)
