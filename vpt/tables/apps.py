from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "vpt.tables"
    verbose_name = _("Tables")

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from vpt.events.models import Event

        from .services import end_cards_of_finished_event

        post_save.connect(end_cards_of_finished_event, sender=Event, dispatch_uid="vpt-end-cards-of-finished-event")
