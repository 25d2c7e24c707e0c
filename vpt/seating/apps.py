from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeatingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "vpt.seating"
    verbose_name = _("Seating")
