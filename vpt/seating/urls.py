from django.urls import URLPattern, URLResolver

app_name = "seating"

urlpatterns: list[URLPattern | URLResolver] = []
