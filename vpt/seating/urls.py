from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "seating"

# The director's seating pages (staff only).
urlpatterns: list[URLPattern | URLResolver] = [
    path("<slug:slug>/", views.seating, name="event"),
    path("<slug:slug>/tables/", views.overview, name="tables-overview"),
    path("<slug:slug>/draw/", views.draw, name="draw"),
    path("<slug:slug>/move/", views.move, name="move"),
    path("<slug:slug>/balance/", views.balance, name="balance"),
    path("<slug:slug>/balancing/", views.balancing, name="balancing"),
    path("<slug:slug>/tables/open/", views.open_, name="open-table"),
    path("<slug:slug>/tables/<int:table_id>/break/", views.break_, name="break"),
    path("<slug:slug>/entries/<int:entry_id>/seat/", views.seat, name="seat-entry"),
]
