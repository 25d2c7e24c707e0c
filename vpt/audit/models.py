"""The audit log's one model (see the package docstring for its terms)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .actions import label_of, sentence_of


class AuditEntry(models.Model):
    """One state change, written by the service that made it, in the same transaction.

    `summary_args` holds the facts the summary names; the summary is written out when read, in
    the reader's language (`summary`). `event_id`, `table_number` and `entry_id` are kept for
    filtering; `object_type` (``app_label.model``) and `object_id` name what it was about.
    """

    event_id = models.PositiveBigIntegerField(_("event"), null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("who"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("when"), default=timezone.now, editable=False)
    action = models.CharField(_("action"), max_length=60)
    object_type = models.CharField(_("object type"), max_length=40)
    object_id = models.CharField(_("object id"), max_length=40, blank=True)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    entry_id = models.PositiveBigIntegerField(_("player"), null=True, blank=True, db_index=True)
    summary_args = models.JSONField(_("facts of the summary"), default=dict, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["object_type", "object_id"], name="auditlog_object_idx"),
            models.Index(fields=["event_id", "table_number"], name="auditlog_table_idx"),
            models.Index(fields=["event_id", "action"], name="auditlog_event_action_idx"),
            models.Index(fields=["action"], name="auditlog_action_idx"),
        ]

    def __str__(self) -> str:
        return self.summary

    @property
    def summary(self) -> str:
        """What happened, in the active language (the sentence its action registered)."""
        return sentence_of(self.action, self.summary_args)

    @property
    def label(self) -> str:
        """The action's short label, in the active language."""
        return label_of(self.action)

    @property
    def author(self) -> str:
        """Who did it, for the log: the user, else the table device that did (``device_table``,
        written by `vpt.audit.services.record`), else "–" (the system)."""
        if self.actor is not None:
            return self.actor.get_username()
        if self.summary_args.get("device_table") is not None:
            return gettext("Table %(number)s · device") % {"number": self.summary_args["device_table"]}
        return "–"
