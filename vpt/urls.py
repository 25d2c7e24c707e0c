from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from vpt import views
from vpt.events import people_views
from vpt.events import urls as event_urls
from vpt.rounds import urls as round_urls
from vpt.seating import urls as seating_urls
from vpt.standings import urls as standings_urls

# The director's event pages, one namespace: the events app's own, and those that show seats
# (seating) or read hands (rounds): a lower app never queries a higher one, so those pages live
# in the app that can read what they show.
event_pages = event_urls.urlpatterns + seating_urls.event_pages + round_urls.event_pages + standings_urls.event_pages

# Under /api/ a 404 is JSON like every other API answer (vpt.views.not_found).
handler404 = "vpt.views.not_found"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("i18n/", set_language, name="set_language"),
    path("accounts/", include("vpt.accounts.urls", namespace="accounts")),
    path("people/manage/", include((people_views.urlpatterns, "people"), namespace="people")),
    path("events/", include((event_pages, event_urls.app_name), namespace="events")),
    path("tables/", include("vpt.tables.urls", namespace="tables")),
    path("seating/", include("vpt.seating.urls", namespace="seating")),
    # Mounted at the root so the dealers' calculator is a short URL: /calculator/.
    path("", include("vpt.rounds.urls", namespace="rounds")),
    path("slips/", include("vpt.slips.urls", namespace="slips")),
    # Mounted at the root: /tours/<slug>/, /api/tours/<slug>/leaderboard, /people/<id>/.
    path("", include("vpt.tours.urls", namespace="tours")),
    # Mounted at the root: public pages under /standings/<slug>/, and /api/events/<slug>/standings.
    path("", include("vpt.standings.urls", namespace="standings")),
]
