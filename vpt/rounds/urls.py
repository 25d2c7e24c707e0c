from django.urls import URLPattern, URLResolver, path

from . import api, hand_views, views

app_name = "rounds"

# Mounted at the site root (vpt/urls.py): /calculator/ and /api/score.
urlpatterns: list[URLPattern | URLResolver] = [
    path("calculator/", views.calculator, name="calculator"),
    path("api/score", api.score, name="api-score"),
    # The director's hand pages (vpt/rounds/hand_views.py).
    path("hands/event/<slug:slug>/", hand_views.event_hands, name="event-hands"),
    path("hands/<int:hand_id>/", hand_views.hand_detail, name="hand-detail"),
    path("hands/<int:hand_id>/correct/", hand_views.hand_correct, name="hand-correct"),
    path("hands/<int:hand_id>/void/", hand_views.hand_void, name="hand-void"),
]
