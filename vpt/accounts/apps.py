from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "vpt.accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from vpt import migration_history  # noqa: F401  (registers the check of the database's history)

        from . import throttle  # noqa: F401  (connects the per-address login limit's receivers)
