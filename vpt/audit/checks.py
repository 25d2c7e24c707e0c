"""System check: every audit action is named after the app whose module registered it."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core import checks

from .actions import registered


@checks.register()
def check_audit_actions(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    errors: list[checks.CheckMessage] = []
    labels = {config.label: config.name for config in apps.get_app_configs()}
    for action in registered().values():
        package = labels.get(action.app_label)
        if package is None or not (action.module == package or action.module.startswith(package + ".")):
            errors.append(
                checks.Error(
                    f"The audit action {action.name!r} is registered by {action.module}, not by the app "
                    f"{action.app_label!r} its name says owns it.",
                    id="vpt_audit.E001",
                )
            )
    return errors
