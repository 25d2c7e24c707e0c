from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "vpt.standings"
    verbose_name = _("Standings")
