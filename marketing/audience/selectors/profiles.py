from django.db.models import Count

from marketing.audience.models import Profile, VerificationStatus


def profile_count_billable() -> int:
    """Billable profiles = total - inactive - archived (deleted ones are not counted)."""
    return Profile.objects.filter(
        deleted_at__isnull=True, archived_at__isnull=True, is_active=True
    ).count()


def email_verification_counts() -> dict[str, int]:
    """Profiles per verification status (spec 3 'Email stats'); absent statuses count 0."""
    counts = dict(
        Profile.objects.values_list("verification_status").annotate(n=Count("id")).order_by()
    )
    return {status.value: counts.get(status.value, 0) for status in VerificationStatus}
