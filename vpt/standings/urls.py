"""Public pages of an event and its JSON (no login). The director's event tools live in
`vpt.events.urls` (clock, payouts, deal) and `vpt.seating.urls` (balancing).

Mounted at the site root (vpt/urls.py) so the JSON lives at /api/events/<slug>/standings.
"""

from django.urls import URLPattern, URLResolver, path

from . import link_views, me_views, views

app_name = "standings"

urlpatterns: list[URLPattern | URLResolver] = [
    path("standings/<slug:slug>/", views.standings, name="standings"),
    path("standings/<slug:slug>/tables/<int:number>/", views.table, name="table"),
    path("standings/<slug:slug>/players/<int:player_id>/", views.player, name="player"),
    path("standings/<slug:slug>/payouts/", views.payouts, name="payouts"),
    path("standings/<slug:slug>/clock/", views.clock, name="clock"),
    path("standings/<slug:slug>/clock.json", views.clock_json, name="clock_json"),
    path("standings/<slug:slug>/screen/", views.screen, name="screen"),
    path("standings/<slug:slug>/screen/panel/", views.screen_panel, name="screen_panel"),
    path("api/events/<slug:slug>/standings", views.standings_api, name="api_standings"),
    path("api/events/<slug:slug>/results", views.results_api, name="api_results"),
    path("api/events/<slug:slug>/tables", views.tables_api, name="api_tables"),
    # A player's own page: the private link's token is the only key (no login).
    path("me/<str:token>/", me_views.my_page, name="me"),
    path("me/<str:token>/seated/", me_views.seated, name="me-seated"),
    path("me/<str:token>/hands/<int:hand_id>/flag/", me_views.flag, name="me-flag"),
]

# The director's pages of this app, mounted in the `events` namespace under /events/ (vpt/urls.py).
event_pages: list[URLPattern | URLResolver] = [
    path("<slug:slug>/player-links/", link_views.player_links, name="player-links"),
    path("<slug:slug>/player-links/<int:entry_id>/new/", link_views.replace_link, name="replace-player-link"),
]
