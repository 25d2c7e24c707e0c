from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SlipsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "vpt.slips"
    verbose_name = _("Slips")
