"""Public pages of a person's career (`/people/<id>/`, `/api/people/<id>/stats`) and an event's
hands as data (`/api/events/<slug>/hands`). A career is cached per career key (its events', their
tours' and the people's versions) and answers 304 while that key holds."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from vpt.live import conditional
from vpt.pages.live import career_cached, career_etag, career_of
from vpt.tours.stats import person_career


@require_GET
def person_page(request: HttpRequest, person_id: int) -> HttpResponseBase:
    person, key = career_of(request, person_id)
    if person is None:
        raise Http404(_("No person has the number %(value)s.") % {"value": person_id})
    if person.pk != person_id:
        return redirect("public:person", person_id=person.pk)

    def page() -> HttpResponse:
        def compute() -> str:
            career = person_career(person)
            return render_to_string("public/person.html#career", {"career": career}, request=request)

        html = mark_safe(career_cached(key, "html", compute))
        return render(request, "public/person.html", {"person": person, "career_html": html})

    return conditional(request, page, etag=career_etag(key, "person", request, viewer=True), shared=False)
