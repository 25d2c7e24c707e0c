from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "tables"

urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.my_tables, name="mine"),
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/hands/<int:number>/", views.hand_result, name="hand-result"),
    path("<int:table_id>/dealer/", views.assign, name="assign-dealer"),
    path("event/<slug:slug>/", views.overview, name="overview"),
]
