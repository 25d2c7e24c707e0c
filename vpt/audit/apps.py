from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AuditConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "vpt.audit"
    verbose_name = _("Audit log")

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the system check of the actions)
