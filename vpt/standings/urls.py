from django.urls import URLPattern, URLResolver

app_name = "standings"

urlpatterns: list[URLPattern | URLResolver] = []
