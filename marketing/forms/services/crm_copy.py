"""Copying a form's submitters to the CRM with a rep (spec 5.5: 'A rep is required for copy
to CRM. A disabled rep is refused.'): every profile a submission of the form reached is
assigned to the rep and joins the default CRM Contact group, which is what the CRM reads
(spec 3's default groups). CRM profiles are the CRM's already and are left as they are;
doing it twice changes nothing more."""

from __future__ import annotations

from django.db import transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.selectors.groups import default_group_id
from marketing.audience.services.profiles import profiles_group_add
from marketing.audience.services.reps import profiles_rep_assign, rep_active_check
from marketing.forms import messages
from marketing.forms.models import FormSubmission
from marketing.forms.selectors import form_get

CRM_CONTACT_GROUP = "crmContact"  # audience's DefaultGroup.CRM_CONTACT


def submissions_crm_copy(*, form_id: int, rep_id: int | None) -> dict[str, int]:
    """{profiles: submitters copied, assigned: whose rep changed}."""
    form = form_get(form_id=form_id)
    if rep_id is None:
        raise ValidationFailed(messages.REP_REQUIRED, errors={"repId": [messages.REP_REQUIRED]})
    rep_active_check(rep_id)
    profile_ids = list(
        FormSubmission.objects.filter(form_id=form.pk, profile_id__isnull=False)
        .values_list("profile_id", flat=True)
        .distinct()
    )
    with transaction.atomic():
        assigned = profiles_rep_assign(profile_ids=profile_ids, rep_id=rep_id)
        group_id = default_group_id(CRM_CONTACT_GROUP)
        if group_id is not None and profile_ids:
            profiles_group_add(profile_ids=profile_ids, group_id=group_id)
        audit_record(
            AuditEvent.FORM_CRM_COPIED, object_id=form.pk, label=form.name,
            extra={"repId": rep_id, "profiles": len(profile_ids)},
        )  # fmt: skip
    return {"profiles": len(profile_ids), "assigned": assigned}
