"""The director's event pages: events, their rules and level structure, and chip adjustments
(the payout editor and deal calculator are in `payout_views`). The pages that show seats or read
hands, in the same `events` URL namespace, live in the apps that own those: players in
`vpt.floor.player_views`, the clock controls and the audit log in `vpt.rounds`. Staff only
(``director_required``); every write goes through a service, and a refused one comes back as a
message or a form error, never a 500.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from vpt.accounts.permissions import director_required
from vpt.backups import latest_backup
from vpt.errors import ServiceError
from vpt.events.entries import adjust_chips
from vpt.events.models import Entry, Event, Level
from vpt.events.selectors import event_adjustments, event_or_404
from vpt.events.services import create_event, set_event_status, update_event
from vpt.events.structure import add_level, advance_level, delete_level, move_level, update_level
from vpt.events.structure_templates import source_choices, structure_from_source
from vpt.floor.confirmation import Confirmation, confirmed, render_confirmation
from vpt.floor.event_forms import (
    AdjustForm,
    EventForm,
    LevelForm,
)
from vpt.http import HtmxHttpRequest, absolute_url, phones_cannot_reach
from vpt.tables.services import end_sign_in_cards


@director_required
@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.select_related("current_level").order_by("-created_at")
    return render(request, "floor/event_list.html", {"events": events})


@director_required
@require_http_methods(["GET", "POST"])
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = form.service_fields()
        fields.pop("ends_on", None)
        source = structure_from_source(form.cleaned_data.get("start_from") or "")
        if source is not None:
            fields.update(source.create_fields())  # its levels, payouts and rule set
        try:
            event = create_event(slug=form.cleaned_data["slug"], actor=request.user, **fields)
        except ServiceError as error:
            form.add_error("slug" if error.code == "duplicate_slug" else None, str(error))
        else:
            if form.cleaned_data.get("ends_on"):
                update_event(event, actor=request.user, ends_on=form.cleaned_data["ends_on"])
            created = (
                _("Event %(name)s created from %(source)s; adjust it below.")
                % {"name": event.name, "source": dict(source_choices())[form.cleaned_data["start_from"]]}
                if source is not None
                else _("Event %(name)s created with the default levels; adjust them below.") % {"name": event.name}
            )
            messages.success(request, created)
            return redirect("floor:detail", slug=event.slug)
    return render(request, "floor/event_form.html", {"form": form, "event": None})


@director_required
@require_http_methods(["GET", "POST"])
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    form = EventForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        try:
            update_event(event, actor=request.user, **form.service_fields())
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Event saved."))
            return redirect("floor:detail", slug=event.slug)
    return render(request, "floor/event_form.html", {"form": form, "event": event, "section": "event"})


def _detail_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    levels = list(Level.objects.filter(event=event).order_by("number"))
    current = event.current_level.number if event.current_level else 0
    return {
        "event": event,
        "section": "event",
        "levels": levels,
        "current_number": current,
        "level_forms": [(level, LevelForm(instance=level, prefix=f"level{level.pk}")) for level in levels],
        "add_form": LevelForm(
            prefix="new", initial={"chips_per_point": (levels[-1].chips_per_point if levels else 100)}
        ),
        "statuses": Event.Status.choices,
        "public_url": absolute_url(request, reverse("public:standings", args=[event.slug])),
        "public_url_set": bool(getattr(settings, "VPT_PUBLIC_URL", "")),
        "loopback_url": phones_cannot_reach(request),
        "latest_backup": latest_backup(),
    }


@director_required
@require_GET
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "floor/event_detail.html", _detail_context(request, event_or_404(slug)))


@director_required
@require_POST
def levels(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Add, change, move or delete a level; the ``levels`` fragment for htmx, else back to the page."""
    event = event_or_404(slug)
    action = request.POST.get("action", "")
    level = None
    if request.POST.get("level", "").isdigit():
        level = Level.objects.filter(event=event, pk=int(request.POST["level"])).first()
    try:
        if action == "add":
            form = LevelForm(request.POST, prefix="new")
            if not form.is_valid():
                raise ServiceError(_("Check the new level: %(errors)s") % {"errors": _errors(form)})
            add_level(event, actor=request.user, **form.cleaned_data)
        elif level is None:
            raise ServiceError(_("Choose a level."))
        elif action == "update":
            form = LevelForm(request.POST, prefix=f"level{level.pk}", instance=Level(event=event))
            if not form.is_valid():
                raise ServiceError(
                    _("Check level %(number)s: %(errors)s") % {"number": level.number, "errors": _errors(form)}
                )
            update_level(level, actor=request.user, **form.cleaned_data)
        elif action in ("up", "down"):
            move_level(level, actor=request.user, up=action == "up")
        elif action == "delete" and not confirmed(request):
            return render_confirmation(request, event, _delete_level_confirmation(event, level))
        elif action == "delete":
            delete_level(level, actor=request.user)
        else:
            raise ServiceError(_("Unknown action."))
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Level structure saved."))
    if request.htmx:
        return render(request, "floor/event_detail.html#levels", _detail_context(request, event_or_404(slug)))
    return redirect("floor:detail", slug=event.slug)


def _level_words(level: Level) -> str:
    """ "level 3 (300 chips per point)" or "level 4 (a break)", for a sentence."""
    if level.is_break:
        return _("level %(number)s (a break)") % {"number": level.number}
    return _("level %(number)s (%(cpp)s chips per point)") % {
        "number": level.number,
        "cpp": number_format(level.chips_per_point, force_grouping=True),
    }


def _delete_level_confirmation(event: Event, level: Level) -> Confirmation:
    later = Level.objects.filter(event=event, number__gt=level.number).count()
    if later:
        details = [
            _("The level after it becomes level %(number)s.") % {"number": level.number}
            if later == 1
            else _("The %(count)s levels after it move up one number.") % {"count": later}
        ]
        text = _("Remove %(level)s.") % {"level": _level_words(level)}
    else:
        details = []
        text = _("Remove %(level)s, the last level.") % {"level": _level_words(level)}
    return Confirmation(
        title=_("Remove level %(number)s") % {"number": level.number},
        text=text,
        details=details,
        action=reverse("floor:levels", args=[event.slug]),
        fields=[("action", "delete"), ("level", str(level.pk))],
        button=_("Remove level %(number)s") % {"number": level.number},
        cancel=reverse("floor:detail", args=[event.slug]) + "#levels",
        hx_target="#levels",
    )


def _errors(form: Any) -> str:
    return "; ".join(
        f"{form.fields[key].label if key in form.fields else ''} {' '.join(errors)}".strip()
        for key, errors in form.errors.items()
    )


def _back_to_event(request: HtmxHttpRequest, event: Event) -> HttpResponse:
    """Back to the event page: a redirect, or for htmx (whose answer would be swapped into the
    button's form) a whole-page redirect."""
    url = reverse("floor:detail", args=[event.slug])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@director_required
@require_POST
def event_advance(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    current = event.current_level
    following = Level.objects.filter(event=event, number=(current.number if current else 0) + 1).first()
    if following is not None and not confirmed(request):
        if following.is_break:
            details = [_("The event goes on break.")]
        elif event.status == Event.Status.ON_BREAK:
            details = [_("The break ends: the event runs again.")]
        else:
            details = [_("Hands started from now score at the new level's chips per point.")]
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Move to level %(number)s") % {"number": following.number},
                text=(
                    _("Move from %(current)s to %(next)s.")
                    % {"current": _level_words(current), "next": _level_words(following)}
                    if current
                    else _("Start with %(next)s.") % {"next": _level_words(following)}
                ),
                details=details,
                action=reverse("floor:advance-level", args=[event.slug]),
                button=_("Move to level %(number)s") % {"number": following.number},
                cancel=reverse("floor:detail", args=[event.slug]),
                danger=False,
            ),
        )
    try:
        level = advance_level(event, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("In force now: %(level)s") % {"level": level})
    return _back_to_event(request, event)


@director_required
@require_POST
def event_status(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    status = request.POST.get("status", "")
    if status not in Event.Status.values:
        messages.error(request, _("Unknown status."))
    elif status == Event.Status.FINISHED and event.status != status and not confirmed(request):
        playing = event.entries.filter(status=Entry.Status.ACTIVE).count()
        return render_confirmation(
            request,
            event,
            Confirmation(
                title=_("Finish %(name)s") % {"name": event.name},
                text=_("Finish %(name)s: no more hands can be recorded.") % {"name": event.name},
                details=[
                    ngettext(
                        "%(count)s player is still in.",
                        "%(count)s players are still in.",
                        playing,
                    )
                    % {"count": playing},
                ],
                action=reverse("floor:status", args=[event.slug]),
                fields=[("status", status)],
                button=_("Finish the event"),
                cancel=reverse("floor:detail", args=[event.slug]),
            ),
        )
    else:
        try:
            set_event_status(event, status=status, actor=request.user)
            end_sign_in_cards(event, actor=request.user)  # a no-op unless the event finished
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Status saved."))
    return _back_to_event(request, event)


@director_required
@require_http_methods(["GET", "POST"])
def adjust(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Chip adjustments; ``?q=`` narrows the player list (htmx swaps the list alone)."""
    event = event_or_404(slug)
    query = request.GET.get("q", "").strip()[:100] if request.method == "GET" else ""
    form = AdjustForm(request.POST or None, event=event, query=query)
    if request.htmx and request.method == "GET":
        return render(request, "floor/adjust.html#player-list", {"form": form})
    if request.method == "POST" and form.is_valid():
        try:
            adjust_chips(
                form.cleaned_data["entry"],
                amount=form.cleaned_data["amount"],
                reason=form.cleaned_data["reason"],
                actor=request.user,
            )
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Chips adjusted."))
            return redirect("floor:adjust", slug=event.slug)
    return render(
        request,
        "floor/adjust.html",
        {
            "event": event,
            "section": "adjust",
            "form": form,
            "query": query,
            "adjustments": event_adjustments(event).order_by("-created_at", "-id")[:100],
        },
        status=400 if form.errors else 200,
    )
