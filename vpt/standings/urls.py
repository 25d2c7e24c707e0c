"""Public pages of an event (no login), its JSON, and the director's event tools.

Mounted at the site root (vpt/urls.py) so the JSON lives at /api/events/<slug>/standings.
"""

from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "standings"

urlpatterns: list[URLPattern | URLResolver] = [
    path("standings/<slug:slug>/", views.standings, name="standings"),
    path("standings/<slug:slug>/tables/<int:number>/", views.table, name="table"),
    path("standings/<slug:slug>/players/<int:player_id>/", views.player, name="player"),
    path("standings/<slug:slug>/payouts/", views.payouts, name="payouts"),
    path("standings/<slug:slug>/clock/", views.clock, name="clock"),
    path("standings/<slug:slug>/clock.json", views.clock_json, name="clock_json"),
    path("standings/<slug:slug>/director/clock/", views.director_clock, name="director_clock"),
    path("standings/<slug:slug>/director/clock/<str:action>/", views.director_clock_action,
         name="director_clock_action"),
    path("standings/<slug:slug>/director/payouts/", views.payout_editor, name="payout_editor"),
    path("standings/<slug:slug>/director/deal/", views.deal, name="deal"),
    path("standings/<slug:slug>/director/balancing/", views.balancing, name="balancing"),
    path("api/events/<slug:slug>/standings", views.standings_api, name="api_standings"),
]
