"""Reps (spec 3): the sales people profiles are assigned to, usually synced from the CRM."""

from django.db import IntegrityError, transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.messages import REP_USER_ID_TAKEN
from marketing.audience.models import Rep
from marketing.audience.services.email_rule import InvalidEmail, email_normalise


def rep_upsert(
    *, email: str, first_name: str = "", last_name: str = "", rep_user_id: int | None = None
) -> tuple[Rep, bool]:
    """Create the rep with this email (the one email rule) or update its details; a rep user id
    belongs to one rep. Returns (rep, created)."""
    try:
        email = email_normalise(email)
    except InvalidEmail as exc:
        raise ValidationFailed(str(exc), errors={"email": [str(exc)]}) from None
    with transaction.atomic():
        if (
            rep_user_id is not None
            and Rep.objects.filter(rep_user_id=rep_user_id).exclude(email=email).exists()
        ):
            raise ValidationFailed(REP_USER_ID_TAKEN, errors={"repUserId": [REP_USER_ID_TAKEN]})
        try:
            with transaction.atomic():
                rep, created = Rep.objects.update_or_create(
                    email=email,
                    defaults={
                        "first_name": first_name.strip(),
                        "last_name": last_name.strip(),
                        "rep_user_id": rep_user_id,
                        "is_active": True,
                    },
                )
        except IntegrityError as exc:
            raise ValidationFailed(
                REP_USER_ID_TAKEN, errors={"repUserId": [REP_USER_ID_TAKEN]}
            ) from exc
        audit_record(
            AuditEvent.REP_SAVED, object_id=rep.pk, label=email, extra={"created": created}
        )
    return rep, created
