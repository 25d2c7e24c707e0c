from django.urls import URLPattern, URLResolver

app_name = "events"

urlpatterns: list[URLPattern | URLResolver] = []
