from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FestivalConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "vpt.festival"
    verbose_name = _("Festival")

    def ready(self) -> None:
        from . import audit_actions  # noqa: F401  (registers the app's audit actions)
