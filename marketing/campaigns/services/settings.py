"""The client's global campaign settings (spec 3): one row, written on the first save.
The postal address is kept as typed, trimmed (one line or several)."""

from django.db import transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from marketing.campaigns.models import CampaignSettings

SETTING_FIELDS = (
    "email_preview_text",
    "products_mapping",
    "use_rep_as_sender",
    "view_in_browser",
    "auto_save_content",
    "postal_address",
)


def campaign_settings_update(*, values: dict) -> CampaignSettings:
    if isinstance(values.get("postal_address"), str):
        values = {**values, "postal_address": values["postal_address"].strip()}
    with transaction.atomic():
        current, _ = CampaignSettings.objects.select_for_update().get_or_create(key=1)
        changed = sorted(
            k for k in SETTING_FIELDS if k in values and getattr(current, k) != values[k]
        )
        for key in SETTING_FIELDS:
            if key in values and values[key] is not None:
                setattr(current, key, values[key])
        current.updated_at = timezone.now()
        current.save()
        if changed:
            audit_record(AuditEvent.CAMPAIGN_SETTINGS_UPDATED, extra={"fields": changed})
    return current
