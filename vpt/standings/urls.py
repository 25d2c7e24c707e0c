"""Public pages of an event and its JSON (no login). The director's event tools live in
`vpt.events.urls` (clock, payouts, deal) and `vpt.seating.urls` (balancing).

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
    path("api/events/<slug:slug>/standings", views.standings_api, name="api_standings"),
]
