"""Sharing a survey form's report (/surveyFormReport's share toggle): a signed public link
to /external/dynamicformreport on the pages host (config/pages.py: the cookieless origin of
a client's public pages, /<schema>/external/dynamicformreport), read-only. The link is
signed over the client's schema and names the form and its current share key; turning the
share off clears the key, so every link given out stops working at once (revocable), and
turning it on again makes a new one (the old links stay dead)."""

from __future__ import annotations

import uuid

from django.core import signing
from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.pages import pages_url
from marketing.forms.models import Form
from marketing.forms.selectors import form_get
from marketing.forms.services.forms import form_lock_row

PUBLIC_PATH = "/external/dynamicformreport"


def _salt(schema: str) -> str:
    return f"mailcraft.forms.report:{schema}"


def report_share_token(form: Form) -> str | None:
    if form.report_share_key is None:
        return None
    # Signer, not signing.dumps (a timestamped signature): the same share gives the same
    # link every time it is read.
    value = {"form": form.pk, "key": form.report_share_key.hex}
    return signing.Signer(salt=_salt(connection.schema_name)).sign_object(value)


def report_share_url(form: Form) -> str | None:
    token = report_share_token(form)
    return f"{pages_url(connection.schema_name, PUBLIC_PATH)}?token={token}" if token else None


def report_share_set(*, form_id: int, shared: bool) -> Form:
    """Share on (a new key unless shared already) or off (the key cleared)."""
    with transaction.atomic():
        form = form_lock_row(form_id)
        if shared == (form.report_share_key is not None):
            return form_get(form_id=form.pk)
        form.report_share_key = uuid.uuid4() if shared else None
        form.updated_at = timezone.now()
        form.save(update_fields=["report_share_key", "updated_at"])
        event = AuditEvent.FORM_REPORT_SHARED if shared else AuditEvent.FORM_REPORT_UNSHARED
        audit_record(event, object_id=form.pk, label=form.name)
    return form_get(form_id=form.pk)


def report_shared_form(token: str) -> Form | None:
    """The live form a share link names while its share stands; None otherwise (an altered
    token, another client's, a revoked share, a deleted form)."""
    try:
        value = signing.Signer(salt=_salt(connection.schema_name)).unsign_object(token)
    except signing.BadSignature:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("form"), int):
        return None
    try:
        key = uuid.UUID(hex=str(value.get("key")))
    except ValueError:
        return None
    return (
        Form.objects.filter(pk=value["form"], deleted_at__isnull=True, report_share_key=key)
        .select_related("published_version")
        .first()
    )
