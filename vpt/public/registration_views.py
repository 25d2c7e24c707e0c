"""Registration by the players (an event setting, off by default): the form on the public event
page and the tour page, and the player's page before check-in (`/me/<token>/`, the same address
their entry's page takes once the director checks them in: `vpt.public.me_views`).

Like every anonymous form here it is bounded: each address may post `VPT_REGISTER_RATE`
registrations (10) per `VPT_REGISTER_WINDOW` seconds (an hour) across events, counted in the
cache before anything is read (a flood costs a cache hit, then 429); the service bounds each
address per event and each event in all (`vpt.events.registrations`).
"""

from __future__ import annotations

from io import BytesIO

import qrcode
import qrcode.image.svg
from django import forms
from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from vpt.accounts.throttle import client_address
from vpt.errors import NotAllowed, ServiceError
from vpt.events.late_registration import registration_window
from vpt.events.models import Event, Registration
from vpt.events.registrations import NAME_MAX, register_online, registration_page
from vpt.http import absolute_url
from vpt.standings import selectors


class SelfRegisterForm(forms.Form):
    name = forms.CharField(
        label=_("Your name"), max_length=NAME_MAX, widget=forms.TextInput(attrs={"autocomplete": "name"})
    )
    contact = forms.CharField(
        label=_("E-mail or phone (optional)"),
        max_length=NAME_MAX,
        required=False,
        help_text=_("Only the director sees it."),
    )


def _rate_key(address: str) -> str:
    return f"vpt:register-posts:{address}"


def over_rate(request: HttpRequest) -> bool:
    """Count this address's registration post; True once it is past its rate."""
    key = _rate_key(client_address(request))
    window = int(getattr(settings, "VPT_REGISTER_WINDOW", 3600))
    if cache.add(key, 1, window):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, window)
            count = 1
    return count > int(getattr(settings, "VPT_REGISTER_RATE", 10))


def _event(slug: str) -> Event:
    try:
        event = selectors.event_by_slug(slug)
    except Event.DoesNotExist:
        raise Http404(gettext("No such event.")) from None
    if not event.self_registration:
        raise Http404(gettext("No such page."))
    return event


@require_http_methods(["GET", "POST"])
def register(request: HttpRequest, slug: str) -> HttpResponse:
    """The form; a registration goes straight to the player's private page."""
    if request.method == "POST" and over_rate(request):
        response = render(
            request,
            "public/register.html",
            {"refusal": gettext("Too many registrations from here: try again later or ask the director.")},
            status=429,
        )
        response["Retry-After"] = str(int(getattr(settings, "VPT_REGISTER_WINDOW", 3600)))
        return response
    event = _event(slug)
    window = registration_window(event)
    form = SelfRegisterForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            _registration, token = register_online(
                event,
                name=form.cleaned_data["name"],
                contact=form.cleaned_data["contact"],
                address=client_address(request),
            )
        except NotAllowed:
            raise Http404(gettext("No such page.")) from None
        except ServiceError as error:
            form.add_error("contact" if error.code == "bad_contact" else None, error.message)
            status = 409 if error.code == "duplicate_registration" else 400
        else:
            return redirect(reverse("public:me", args=[token]))
    elif request.method == "POST":
        status = 400
    context = {"event": event, "form": form, "window": window}
    return render(request, "public/register.html", context, status=status)


def _qr_svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    out = BytesIO()
    image.save(out)
    text = out.getvalue().decode()
    return text[text.index("<svg") :]  # inline: no XML declaration


def registration_response(request: HttpRequest, registration: Registration, token: str) -> HttpResponse:
    """The player's page before check-in: registered, waitlisted (and where), or cancelled; the
    QR of this page for the door; cancel. Polls itself, so a freed place shows without a reload."""
    event = registration.event
    url = absolute_url(request, reverse("public:me", args=[token]))
    context = {
        "event": event,
        "page": registration_page(registration),
        "token": token,
        "url": url,
        "qr": mark_safe(_qr_svg(url)),  # our own SVG of our own URL
        "window": registration_window(event),
    }
    template = (
        "public/registration.html#registration-live"
        if request.headers.get("HX-Request") == "true"
        else "public/registration.html"
    )
    response = render(request, template, context)
    response["Cache-Control"] = "private, no-cache"
    response["Referrer-Policy"] = "no-referrer"
    return response
