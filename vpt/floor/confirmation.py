"""The confirmation step of the director's one-click actions that are hard to undo: break a
table, remove a level, move to the next level, open a table, finish the event.

The action's first POST (without ``confirm=1``) changes nothing: it answers with a page that
says what will happen and a second form, the same fields plus ``confirm=1``; only that one
calls the service. Without JavaScript the page is a whole page; with htmx the same panel
replaces the button's form (``hx-target="this"``), so it appears where the director clicked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from vpt.events.models import Event


@dataclass(frozen=True)
class Confirmation:
    """What the confirmation says and what its form sends.

    ``title`` heads the page; ``text`` names what will happen; ``details`` add lines under it;
    ``action`` is the URL both forms post to, with ``fields`` as hidden inputs; ``button`` is the
    confirming button's label; ``cancel`` the URL of the page the director came from;
    ``hx_target``, when set, makes the confirming form an htmx form swapping that element.
    """

    title: str
    text: str
    action: str
    button: str
    cancel: str
    fields: Sequence[tuple[str, str]] = ()
    details: Sequence[str] = field(default_factory=list)
    danger: bool = True
    hx_target: str = ""


def confirmed(request: HttpRequest) -> bool:
    """True for the second POST, the one that carries ``confirm=1``."""
    return request.POST.get("confirm") == "1"


def render_confirmation(
    request: HttpRequest, event: Event | None, confirmation: Confirmation, *, section: str = "event"
) -> HttpResponse:
    """The confirmation: the panel alone for htmx, else a page with the floor's navigation."""
    context = {"event": event, "section": section, "confirmation": confirmation}
    if getattr(request, "htmx", False):  # django-htmx's HtmxDetails: true for an htmx request
        return render(request, "floor/confirm.html#confirm-panel", context)
    return render(request, "floor/confirm.html", context)
