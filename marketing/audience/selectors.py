from django.db.models import Count

from marketing.audience.models import Profile, VerificationStatus


def profile_count_billable() -> int:
    return Profile.objects.count()


def email_verification_counts() -> dict[str, int]:
    """Profiles per verification status (spec 3 'Email stats'); absent statuses count 0."""
    counts = dict(
        Profile.objects.values_list("verification_status").annotate(n=Count("id")).order_by()
    )
    return {status.value: counts.get(status.value, 0) for status in VerificationStatus}
