"""Reps (spec 3): the sales people profiles are assigned to, usually synced from the CRM."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.messages import REP_DISABLED, REP_USER_ID_TAKEN, UNKNOWN_REP
from marketing.audience.models import Profile, ProfileSource, Rep
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


def rep_active_check(rep_id: int) -> Rep:
    """The rep, refused when unknown or disabled (spec 5.5: a disabled rep is refused)."""
    rep = Rep.objects.filter(pk=rep_id).first()
    if rep is None:
        raise ValidationFailed(UNKNOWN_REP, errors={"repId": [UNKNOWN_REP]})
    if not rep.is_active:
        raise ValidationFailed(REP_DISABLED, errors={"repId": [REP_DISABLED]})
    return rep


def profiles_rep_assign(*, profile_ids: list[int], rep_id: int) -> int:
    """Assign the (active) rep to the live profiles among `profile_ids`, except CRM profiles
    (read-only here, spec 5.7), in one UPDATE where the rep differs; how many changed."""
    rep = rep_active_check(rep_id)
    ids = list(dict.fromkeys(profile_ids))
    with transaction.atomic():
        changed = (
            Profile.objects.filter(pk__in=ids, deleted_at__isnull=True)
            .exclude(source=ProfileSource.CRM)
            .exclude(rep_id=rep.pk)
            .update(rep_id=rep.pk, updated_at=timezone.now())
        )
        audit_record(
            AuditEvent.PROFILES_REP_ASSIGNED, count=changed, ids=ids, label=rep.email,
            extra={"repId": rep.pk},
        )  # fmt: skip
    return changed
