from django.urls import URLPattern, URLResolver

app_name = "tables"

urlpatterns: list[URLPattern | URLResolver] = []
