from django.urls import URLPattern, URLResolver

app_name = "slips"

urlpatterns: list[URLPattern | URLResolver] = []
