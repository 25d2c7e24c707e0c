"""The stream's pages, for OBS browser sources (floor.md, "The featured table"), no login:

table    ``/broadcast/<slug>/table/<n>/``: the table's players and its last hand's boards,
         royalties, fouls, Fantasyland and who paid whom;
chips    ``/broadcast/<slug>/chips/``: a lower third of the chip leaders, players left, average
         stack, pool and the next pay jump;
clock    ``/broadcast/<slug>/clock/``: level, time left, next break; "Hand-for-hand" when on.

Each is 1920×1080 on a transparent background, with no header, menu or link, in the
four-colour deck unless the device chose otherwise (static/js/deck.js). The page carries its
first state as JSON and static/js/broadcast.js polls the same JSON (`vpt.api.broadcast_api`,
the clock's `clock.json`) every 2 s, revalidating with the ETag, and redraws in place only when
the answer changed. The director's Broadcast page previews them in frames, so these pages, and
only these, may be framed by the site itself.
"""

from __future__ import annotations

from typing import Any

from csp.decorators import csp_replace
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.translation import gettext
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_GET

from vpt.ofc import card_face, deck
from vpt.pages.live import Live, live_page
from vpt.rounds.templatetags.vpt_cards import card_label
from vpt.standings.broadcast import chip_leaders_json, hand_for_hand_on, table_live_json
from vpt.tables.models import Table

from .event_views import _clock, _clock_bucket, _clock_context

# The Broadcast page of the director frames these pages (its previews); nothing else may.
framed_by_the_site = csp_replace({"frame-ancestors": ["'self'"]})


def _card_names() -> dict[str, str]:
    """Every card's screen-reader name in the active language, by its text ("Qh": "queen of
    hearts"), from the one card-label function the server-rendered pages use."""
    return {face.text: card_label(face) for face in map(card_face, deck())}


def _words() -> dict[str, str]:
    """The page's texts, translated, with {placeholders} the script fills in."""
    return {
        "hand": gettext("Hand %(number)s") % {"number": "{number}"},
        "level": gettext("Level %(number)s") % {"number": "{number}"},
        "cpp": gettext("%(chips)s a point") % {"chips": "{chips}"},
        "chips": gettext("%(chips)s chips") % {"chips": "{chips}"},
        "seat": gettext("seat %(number)s") % {"number": "{number}"},
        "button": gettext("Button"),
        "fouled": gettext("Fouled"),
        "royalties": gettext("Royalties %(total)s") % {"total": "{total}"},
        "fantasyland_next": gettext("Fantasyland next hand: %(cards)s cards") % {"cards": "{cards}"},
        "fantasyland_now": gettext("Fantasyland: %(cards)s cards") % {"cards": "{cards}"},
        "pays": gettext("%(payer)s pays %(payee)s %(chips)s chips")
        % {"payer": "{payer}", "payee": "{payee}", "chips": "{chips}"},
        "no_hand": gettext("No hand recorded yet at this table."),
        "hand_for_hand": gettext("Hand-for-hand"),
        "next_pay_jump": gettext("Next pay jump: place %(place)s, %(prize)s")
        % {"place": "{place}", "prize": "{prize}"},
        "thousands": str(get_format("THOUSAND_SEPARATOR")),
        "decimal": str(get_format("DECIMAL_SEPARATOR")),
    }


@xframe_options_sameorigin
@framed_by_the_site
@require_GET
@live_page("broadcast-table")
def table(request: HttpRequest, live: Live, slug: str, number: int) -> HttpResponse:
    def compute() -> dict[str, Any]:
        try:
            return table_live_json(live.event, number)
        except Table.DoesNotExist:
            raise Http404(gettext("No such table.")) from None

    context = {
        "event": live.event,
        "number": number,
        "data": live.cached("json", compute),
        "poll_url": reverse("api:table-live", args=[live.event.slug, number]),
        "cards": _card_names(),
        "words": _words(),
    }
    return render(request, "public/broadcast/table.html", context)


@xframe_options_sameorigin
@framed_by_the_site
@require_GET
@live_page("broadcast-chips")
def chips(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    context = {
        "event": live.event,
        "data": live.cached("json", lambda: chip_leaders_json(live.event)),
        "poll_url": reverse("api:chip-leaders", args=[live.event.slug]),
        "words": _words(),
    }
    return render(request, "public/broadcast/chips.html", context)


@xframe_options_sameorigin
@framed_by_the_site
@require_GET
@live_page("broadcast-clock", bucket=_clock_bucket)
def clock(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    payload = {**_clock(live), "hand_for_hand": hand_for_hand_on(live.event)}
    context = {"event": live.event, **_clock_context(payload), "words": _words()}
    return render(request, "public/broadcast/clock.html", context)
