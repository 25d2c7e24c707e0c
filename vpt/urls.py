"""The site: one include per audience (vpt/floor, vpt/dealer, vpt/public, vpt/api), each with
its own prefix but the public site, which holds the home page at the root; the old addresses of
moved pages redirect (vpt/redirects.py)."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from vpt import views
from vpt.redirects import OLD_ADDRESSES

# Under /api/ a 404 is JSON like every other API answer (vpt.views.not_found).
handler404 = "vpt.views.not_found"

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("i18n/", set_language, name="set_language"),
    *OLD_ADDRESSES,
    path("floor/", include("vpt.floor.urls")),
    path("tables/", include("vpt.dealer.urls")),
    path("api/", include("vpt.api.urls")),
    path("", include("vpt.public.urls")),
]
