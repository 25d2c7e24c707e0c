"""The director's seating pages: seat draw, late seating, moves, balancing, breaking tables,
the tables overview, and the balancing suggestions (what `suggest_moves` would do, and when).

Each POST calls one service; a refusal (a pending Fantasyland hand, a table of one, no free
seat) comes back as a message on the seating page. Staff only.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db.models import Max, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required
from vpt.events.models import Entry, Event
from vpt.floor.confirmation import Confirmation, confirmed, render_confirmation
from vpt.floor.outcome import run_service
from vpt.floor.table_forms import dealer_options
from vpt.http import HtmxHttpRequest
from vpt.pages.live import Live, live_page
from vpt.people.names import name_key
from vpt.rounds.hand_for_hand import hand_for_hand_status
from vpt.rounds.table_health import table_health, worst_first
from vpt.seating.balancing import Plan, When, suggest_moves
from vpt.seating.calls import open_calls
from vpt.seating.models import PlannedMove, Seat
from vpt.seating.next_hand import next_hand
from vpt.seating.planned import cancel_planned_move, move_planned_now
from vpt.seating.selectors import balancing_snapshot, pending_moves, planned_moves, tables_overview
from vpt.seating.services import (
    balance_tables,
    break_table,
    confirm_seat_move,
    draw_seats,
    fantasyland_pins,
    fantasyland_travels,
    move_player,
    open_table,
    seat_entry,
)
from vpt.tables.models import Table


class DrawForm(forms.Form):
    seed = forms.IntegerField(
        label=gettext_lazy("Seed (optional: the draw can be repeated from it)"), required=False, min_value=0
    )


class MoveForm(forms.Form):
    entry = forms.ModelChoiceField(label=gettext_lazy("Player"), queryset=Entry.objects.none())
    table = forms.ModelChoiceField(label=gettext_lazy("To table"), queryset=Table.objects.none())
    seat = forms.IntegerField(label=gettext_lazy("Seat (optional)"), required=False, min_value=1)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entry_field = cast(forms.ModelChoiceField, self.fields["entry"])
        entry_field.queryset = (
            Entry.objects.filter(event=event, seat__isnull=False)
            .select_related("player", "seat__table")
            .order_by("player__name")
        )
        entry_field.label_from_instance = lambda obj: (  # type: ignore[method-assign]
            _("%(name)s (table %(table)s)") % {"name": obj, "table": obj.seat.table.number}
        )
        cast(forms.ModelChoiceField, self.fields["table"]).queryset = Table.objects.filter(
            event=event, status=Table.Status.OPEN
        ).order_by("number")


def _context(event: Event, move_form: MoveForm | None = None) -> dict[str, Any]:
    seats = Seat.objects.select_related("entry__player").order_by("number")
    tables = [
        {"table": table, "next": next_hand(table, event, [seat for seat in table.seat_set.all() if seat.entry_id])}
        for table in Table.objects.filter(event=event, status=Table.Status.OPEN)
        .order_by("number")
        .prefetch_related(Prefetch("seat_set", queryset=seats))
    ]
    unseated = sorted(
        Entry.objects.filter(event=event, status=Entry.Status.ACTIVE, seat__isnull=True).select_related("player"),
        key=lambda entry: name_key(entry.player.name),
    )
    return {
        "event": event,
        "section": "seating",
        "tables": tables,
        "unseated": unseated,
        "draw_form": DrawForm(),
        "move_form": move_form or MoveForm(event=event),
    }


STALE_MINUTES = int(getattr(settings, "VPT_STALE_MINUTES", 10))


@director_required
@require_GET
def seating(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    return render(request, "floor/seating.html", _context(event))


@director_required
@require_POST
def draw(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    form = DrawForm(request.POST)
    seed = form.cleaned_data["seed"] if form.is_valid() else None
    run_service(request, _("Seats drawn."), lambda: draw_seats(event, actor=request.user, seed=seed))
    return redirect("floor:seating", slug=event.slug)


@director_required
@require_POST
def move(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    form = MoveForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, _("Choose a seated player and an open table."))
        return render(request, "floor/seating.html", _context(event, form), status=400)
    entry, table = form.cleaned_data["entry"], form.cleaned_data["table"]
    cards = Seat.objects.filter(entry=entry).values_list("fantasyland_cards", flat=True).first()
    if cards and not confirmed(request):  # the Fantasyland moves too: the director reads so first
        seat = form.cleaned_data["seat"]
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Move %(name)s") % {"name": entry},
                text=_("%(name)s moves to %(table)s.") % {"name": entry, "table": table},
                details=[fantasyland_travels(str(entry), cards, table.number)],
                action=reverse("floor:move", args=[event.slug]),
                fields=[
                    ("entry", str(entry.pk)),
                    ("table", str(table.pk)),
                    ("seat", "" if seat is None else str(seat)),
                ],
                button=_("Move %(name)s") % {"name": entry},
                cancel=reverse("floor:seating", args=[event.slug]),
                danger=False,
            ),
            section="seating",
        )
    run_service(
        request,
        _("%(name)s moved to %(table)s.") % {"name": entry, "table": table},
        lambda: move_player(entry, to_table=table, actor=request.user, seat_number=form.cleaned_data["seat"]),
    )
    return redirect("floor:seating", slug=event.slug)


def _break_preview(table: Table) -> tuple[str, list[str]]:
    """What breaking ``table`` will do, in words: its players and the tables they go to, and
    each pending Fantasyland that moves with its player. The destinations follow
    `break_table`'s rule (each player to the emptiest other open table with a free seat, the
    lowest number first); the service decides, this only tells."""
    seats = list(
        Seat.objects.filter(table__event_id=table.event_id, table__status=Table.Status.OPEN).select_related(
            "entry__player"
        )
    )
    players = [seat for seat in seats if seat.table_id == table.pk and seat.entry_id is not None]
    if fantasyland_pins(players):
        return _(
            "Table %(table)s plays a Fantasyland hand next: it can be broken after that hand; the table stays open."
        ) % {"table": table.number}, []
    numbers = dict(Table.objects.filter(event_id=table.event_id).values_list("pk", "number"))
    taken: dict[int, int] = {}
    free: dict[int, int] = {}
    for seat in seats:
        if seat.table_id != table.pk:
            taken.setdefault(seat.table_id, 0)
            free.setdefault(seat.table_id, 0)
            if seat.entry_id is None:
                free[seat.table_id] += 1
            else:
                taken[seat.table_id] += 1
    if not players:
        return _("Break table %(table)s: nobody sits there; the table closes.") % {"table": table.number}, []
    destinations: list[int] = []
    fantasyland: list[str] = []
    for player in players:
        open_ = [pk for pk in free if free[pk] > 0]
        if not open_:
            return _(
                "Break table %(table)s: its %(count)s players need seats, but the other tables have too few free "
                "seats; the table stays open."
            ) % {"table": table.number, "count": len(players)}, []
        target = min(open_, key=lambda pk: (taken[pk], numbers[pk]))
        taken[target] += 1
        free[target] -= 1
        if numbers[target] not in destinations:
            destinations.append(numbers[target])
        if player.fantasyland_cards:
            fantasyland.append(fantasyland_travels(str(player.entry), player.fantasyland_cards, numbers[target]))
    values = {
        "table": table.number,
        "count": len(players),
        "tables": get_text_list([str(number) for number in sorted(destinations)], _("and")),
    }
    if len(players) == 1:
        text = _("Break table %(table)s: its player moves to table %(tables)s.")
    elif len(destinations) == 1:
        text = _("Break table %(table)s: its %(count)s players move to table %(tables)s.")
    else:
        text = _("Break table %(table)s: its %(count)s players move to tables %(tables)s.")
    return text % values, fantasyland


@director_required
@require_POST
def break_(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    table = get_object_or_404(Table, event=event, pk=table_id)
    if not confirmed(request):
        text, fantasyland = _break_preview(table)
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Break table %(table)s") % {"table": table.number},
                text=text,
                details=[_("The table closes; its players keep their chips."), *fantasyland],
                action=reverse("floor:break", args=[event.slug, table.pk]),
                button=_("Break table %(table)s") % {"table": table.number},
                cancel=reverse("floor:seating", args=[event.slug]),
            ),
            section="seating",
        )
    run_service(
        request,
        _("%(table)s broken; its players have new seats.") % {"table": table},
        lambda: break_table(table, actor=request.user),
    )
    return redirect("floor:seating", slug=event.slug)


@director_required
@require_POST
def open_(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    if not confirmed(request):
        number = (Table.objects.filter(event=event).aggregate(last=Max("number"))["last"] or 0) + 1
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Open table %(table)s") % {"table": number},
                text=_("Open table %(table)s: a new table with %(seats)s empty seats.")
                % {"table": number, "seats": event.seats_per_table},
                details=[_("Seat players there, then balance the tables: a table needs two players to deal.")],
                action=reverse("floor:open-table", args=[event.slug]),
                button=_("Open table %(table)s") % {"table": number},
                cancel=reverse("floor:seating", args=[event.slug]),
                danger=False,
            ),
            section="seating",
        )
    table = run_service(
        request,
        _("A new table is open: seat players there, then balance."),
        lambda: open_table(event, actor=request.user),
    )
    if table is not None:
        messages.info(request, str(table))
    return redirect("floor:seating", slug=event.slug)


def _move_line(move: Any) -> str:
    values = {
        "name": move.name,
        "from_table": move.from_table,
        "from_seat": move.from_seat,
        "to_table": move.to_table,
        "to_seat": move.to_seat,
    }
    if move.when == When.NOW:
        line = _("%(name)s: table %(from_table)s seat %(from_seat)s → table %(to_table)s seat %(to_seat)s, now")
    else:
        line = _(
            "%(name)s: table %(from_table)s seat %(from_seat)s → table %(to_table)s seat %(to_seat)s, after the round "
            "(planned: made when the hand that ends the round there is recorded)"
        )
    return line % values


def _balance_preview(event: Event) -> tuple[str, list[str]]:
    """What *Balance the tables* will do, from the suggestion it carries out: the text, and a
    line per move and per pending Fantasyland that moves with its player."""
    tables = balancing_snapshot(event)
    plan: Plan | None = suggest_moves(tables, max_seats=event.seats_per_table) if tables else None
    if plan is None or not plan.needs_action:
        return _("The tables are balanced: nothing to do."), []
    now = [move for move in plan.moves if move.when == When.NOW]
    later = len(plan.moves) - len(now)
    text = _("Balance the tables: %(now)s; %(later)s.") % {
        "now": ngettext("%(count)s move now", "%(count)s moves now", len(now)) % {"count": len(now)},
        "later": ngettext("%(count)s move after the round", "%(count)s moves after the round", later)
        % {"count": later},
    }
    details = [_move_line(move) for move in plan.moves]
    cards = dict(
        Seat.objects.filter(entry_id__in=[move.entry_id for move in now], fantasyland_cards__gt=0).values_list(
            "entry_id", "fantasyland_cards"
        )
    )
    details += [
        fantasyland_travels(move.name, cards[move.entry_id], move.to_table) for move in now if move.entry_id in cards
    ]
    if plan.break_tables:
        details.append(
            _("Tables broken once nobody sits there: %(tables)s.")
            % {"tables": get_text_list([str(number) for number in plan.break_tables], _("and"))}
        )
    return text, details


@director_required
@require_POST
def balance(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    back = reverse("floor:balancing" if request.POST.get("next") == "balancing" else "floor:seating", args=[event.slug])
    if not confirmed(request):
        text, details = _balance_preview(event)
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Balance the tables"),
                text=text,
                details=details,
                action=reverse("floor:balance", args=[event.slug]),
                button=_("Balance the tables"),
                cancel=back,
                danger=False,
            ),
            section="seating",
        )
    done = run_service(request, _("Balancing done."), lambda: balance_tables(event, actor=request.user))
    for line in done or []:
        messages.info(request, line)
    if done == []:
        messages.info(request, _("The tables were already balanced."))
    return redirect("floor:seating", slug=event.slug)


def _move_now_consequence(planned: PlannedMove) -> tuple[str, list[str]]:
    """What making a planned move now does: the player leaves during the round (or cannot,
    while a Fantasyland hand is pending there), and their own pending Fantasyland, if any."""
    seats = list(Seat.objects.filter(table=planned.from_table, entry__isnull=False))
    values = {"name": planned.entry, "from": planned.from_table.number, "to": planned.to_table.number}
    if fantasyland_pins(seats):
        return _(
            "Someone at table %(from)s plays Fantasyland next hand: %(name)s cannot leave before that hand."
        ) % values, []
    left = len(seats) - 1
    text = ngettext(
        "%(name)s leaves table %(from)s now, during its round, and plays from the next hand at table %(to)s; "
        "table %(from)s plays on with %(left)s player.",
        "%(name)s leaves table %(from)s now, during its round, and plays from the next hand at table %(to)s; "
        "table %(from)s plays on with %(left)s players.",
        left,
    ) % {**values, "left": left}
    mine = next((seat.fantasyland_cards for seat in seats if seat.entry_id == planned.entry_id), 0)
    return text, [fantasyland_travels(str(planned.entry), mine, planned.to_table.number)] if mine else []


@director_required
@require_POST
def planned_now(request: HttpRequest, slug: str, move_id: int) -> HttpResponse:
    """*Move now*: a planned move made at once, once the director has read what it does."""
    event = get_object_or_404(Event, slug=slug)
    planned = get_object_or_404(
        PlannedMove.objects.select_related("entry__player", "from_table", "to_table"), event=event, pk=move_id
    )
    if not confirmed(request):
        text, details = _move_now_consequence(planned)
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Move %(name)s now") % {"name": planned.entry},
                text=text,
                details=details,
                action=reverse("floor:planned-now", args=[event.slug, planned.pk]),
                button=_("Move now"),
                cancel=reverse("floor:tables-overview", args=[event.slug]),
            ),
            section="tables",
        )
    run_service(
        request,
        _("%(name)s moved to %(table)s.") % {"name": planned.entry, "table": planned.to_table},
        lambda: move_planned_now(planned, actor=request.user),
    )
    return redirect("floor:tables-overview", slug=event.slug)


@director_required
@require_POST
def planned_cancel(request: HttpRequest, slug: str, move_id: int) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    planned = get_object_or_404(PlannedMove.objects.select_related("entry__player"), event=event, pk=move_id)
    run_service(
        request,
        _("The planned move of %(name)s is cancelled.") % {"name": planned.entry},
        lambda: cancel_planned_move(planned, actor=request.user),
    )
    return redirect("floor:tables-overview", slug=event.slug)


@director_required
@require_GET
def balancing(request: HttpRequest, slug: str) -> HttpResponse:
    """Suggestions only: which tables to break and who moves where, now or after the round."""
    event = get_object_or_404(Event, slug=slug)
    tables = balancing_snapshot(event)
    plan = suggest_moves(tables, max_seats=event.seats_per_table) if tables else None
    return render(request, "floor/balancing.html", {"event": event, "tables": tables, "plan": plan})


@director_required
@require_POST
def seat(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    entry = get_object_or_404(Entry, event=event, pk=entry_id)
    run_service(request, _("%(name)s seated.") % {"name": entry}, lambda: seat_entry(entry, actor=request.user))
    return redirect((request.POST.get("next") == "players" and "floor:players") or "floor:seating", slug=event.slug)


@director_required
@require_POST
def confirm_move(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """The floor saw the player sit down (a player without a phone): the move is done."""
    event = get_object_or_404(Event, slug=slug)
    entry = get_object_or_404(Entry.objects.select_related("player"), event=event, pk=entry_id)
    run_service(
        request, _("%(name)s is seated.") % {"name": entry}, lambda: confirm_seat_move(entry, actor=request.user)
    )
    return redirect("floor:tables-overview", slug=event.slug)


def _minute(live: Live) -> str:
    """The minute: a table's "stale" flag and its "3 minutes ago" move with it."""
    return str(int(live.now.timestamp()) // 60)


@director_required
@require_GET
@live_page("tables-overview", shared=False, bucket=_minute)
def overview(request: HtmxHttpRequest, live: Live, slug: str) -> HttpResponse:
    """The director's floor: polled every 10 s, answered 304 while neither the event's version
    nor the minute changed (per director: the page holds their CSRF token)."""
    event, now = live.event, live.now
    rows = tables_overview(event, now=now, stale_minutes=STALE_MINUTES)
    # Pace and health, the table that most needs the floor first (floor.md, "Pace").
    health = table_health(event, [(row.table, len(row.seats), bool(row.fantasyland)) for row in rows], now=now)
    order = {item.table_id: index for index, item in enumerate(worst_first(list(health.values())))}
    rows = sorted(rows, key=lambda row: order[row.table.pk])
    dealers, other_accounts = dealer_options(event)
    context = {
        "event": event,
        "rows": rows,
        "health_rows": [(row, health[row.table.pk]) for row in rows],
        "pending_moves": pending_moves(event),
        "planned_moves": planned_moves(event),
        "hand_for_hand": hand_for_hand_status(event),
        "calls": open_calls(event),
        "stale_minutes": STALE_MINUTES,
        "now": now,
        "dealers": dealers,
        "other_accounts": other_accounts,
    }
    template = "floor/tables_overview.html#overview" if request.htmx else "floor/tables_overview.html"
    return render(request, template, context)
