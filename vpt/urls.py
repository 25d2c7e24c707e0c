from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from vpt import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("i18n/", set_language, name="set_language"),
    path("accounts/", include("vpt.accounts.urls", namespace="accounts")),
    path("people/manage/", include("vpt.people.urls", namespace="people")),
    path("events/", include("vpt.events.urls", namespace="events")),
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
